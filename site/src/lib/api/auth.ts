import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';
import { clearSession, saveSession, saveUser } from './session.ts';

/** Logs in and stores token and user; returns the server's message ('登录成功'). */
export async function login(username: string, password: string) {
  const answer = await call('loginResponse', '/api/user/login', { method: 'post', json: { username, password } });
  saveSession(answer.data.token, answer.data.user);
  return answer;
}

export async function register(input: { username: string; password: string; email: string; avatar?: string | undefined }) {
  return call('registerResponse', '/api/user/register', { method: 'post', json: input });
}

/** The stateless token is forgotten locally; the server call only tells the API. */
export async function logout() {
  try {
    await call('messageOnly', '/api/user/logout', { method: 'post' });
  } finally {
    clearSession();
  }
}

/** The registration avatar (JPG or PNG under 2 MB); answers its URL. */
export async function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('file', file);
  return (await call('uploadResponse', '/api/upload/avatar', { method: 'post', body })).data;
}

/** GET /api/user/info: refreshes the stored user. */
export async function fetchUserInfo(signal?: AbortSignal) {
  const user = (await call('userInfoResponse', '/api/user/info', { signal })).data.user;
  saveUser(user);
  return user;
}

export const userQueries = {
  all: () => ['user'] as const,
  info: () => queryOptions({ queryKey: [...userQueries.all(), 'info'], queryFn: ({ signal }) => fetchUserInfo(signal) }),
};
