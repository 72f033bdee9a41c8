import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addressBody } from '@feiyi/contract';
import { call } from './client.ts';
import { saveUser } from './session.ts';

/** Each change answers the whole user, which replaces the stored one (the nav's avatar follows). */
async function saveProfile(path: string, json: unknown) {
  const user = (await call('profileUserResponse', path, { method: 'put', json })).data.user;
  saveUser(user);
  return user;
}

export const saveUsername = (username: string) => saveProfile('/api/user/username', { username });
export const saveAddress = (address: z.input<typeof addressBody>) => saveProfile('/api/user/address', address);
export const saveAvatar = (avatar: string) => saveProfile('/api/user/avatar', { avatar });
export const saveBackground = (backgroundImage: string) => saveProfile('/api/user/background', { backgroundImage });

/** Avatar or background image for a logged-in user (any image under 5 MB); answers its URL. */
export async function uploadProfileImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return (await call('uploadResponse', '/api/upload/update-avatar', { method: 'post', body })).data;
}

export async function fetchProfileStats(signal?: AbortSignal) {
  return (await call('statsResponse', '/api/profile/stats', { signal })).data;
}

export const profileQueries = {
  all: () => ['profile'] as const,
  stats: () => queryOptions({ queryKey: [...profileQueries.all(), 'stats'], queryFn: ({ signal }) => fetchProfileStats(signal) }),
};
