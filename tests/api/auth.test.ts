import { beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, messageOnly, registerResponse, userInfoResponse } from '@feiyi/contract';
import {
  type ApiResponse,
  expectError,
  expectOk,
  get,
  login,
  post,
  randomIp,
  signToken,
  type TestUser,
  uniqueSuffix,
} from '../support/api.ts';

// Registration is limited to 20 per hour and address: this file's registrations (one success, seven
// refusals) come from one address of their own.
const visitorIp = randomIp();
let user: TestUser;
let registered: ApiResponse;
beforeAll(async () => {
  const username = `auth_${uniqueSuffix(10)}`;
  const password = `pw-${uniqueSuffix(8)}`;
  registered = await post('/api/user/register', { ip: visitorIp, json: { username, password, email: `${username}@example.com` } });
  const session = await login(username, password);
  user = { id: session.id, username, password, email: `${username}@example.com`, token: session.token };
});

describe('POST /api/user/register', () => {
  it('registers with username, password and email and answers id and username', async () => {
    const answer = expectOk(registered, registerResponse);
    expect(answer.message).toBe('注册成功！');
    expect(answer.data).toEqual({ id: user.id, username: user.username });
    // The account logs in with what was registered.
    const response = await post('/api/user/login', { json: { username: user.username, password: user.password } });
    const { data, message } = expectOk(response, loginResponse);
    expect(message).toBe('登录成功');
    expect(data.user).toEqual({ id: user.id, username: user.username, email: user.email, avatar: '', backgroundImage: '', address: null });
    expect(data.token.split('.')).toHaveLength(3);
  });

  it('refuses a username shorter than 3 characters', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: 'ab', password: 'secret123', email: 'ab@example.com' },
    });
    expectError(response, 400, '长度在 3 到 20 个字符');
  });

  it('refuses a username longer than 20 characters', async () => {
    const username = `u${uniqueSuffix(20)}`;
    expect(username.length).toBe(21);
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username, password: 'secret123', email: 'long@example.com' },
    });
    expectError(response, 400, '长度在 3 到 20 个字符');
  });

  it('refuses a password shorter than 6 characters', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: `p_${uniqueSuffix(8)}`, password: '12345', email: 'short@example.com' },
    });
    expectError(response, 400, '密码长度不能少于6位');
  });

  it('refuses an invalid email address', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: `e_${uniqueSuffix(8)}`, password: 'secret123', email: 'not-an-email' },
    });
    expectError(response, 400, '请输入正确的邮箱地址');
  });

  it('refuses a username that is already taken with 409', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: user.username, password: 'secret123', email: `other_${uniqueSuffix(6)}@example.com` },
    });
    expectError(response, 409, '用户名或邮箱已被注册');
  });

  it('refuses an email that is already registered with 409', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: `m_${uniqueSuffix(10)}`, password: 'secret123', email: user.email },
    });
    expectError(response, 409, '用户名或邮箱已被注册');
  });

  it('refuses an avatar that is not one of our uploads', async () => {
    const response = await post('/api/user/register', {
      ip: visitorIp,
      json: { username: `a_${uniqueSuffix(8)}`, password: 'secret123', email: 'avatar@example.com', avatar: 'https://evil.example/x.png' },
    });
    expectError(response, 400, '头像地址无效，请重新上传');
  });
});

describe('POST /api/user/login', () => {
  it('answers the user and a token that works on private calls', async () => {
    const { data } = expectOk(await post('/api/user/login', { json: { username: user.username, password: user.password } }), loginResponse);
    const info = expectOk(await get('/api/user/info', { token: data.token }), userInfoResponse);
    expect(info.data.user.id).toBe(user.id);
  });

  it('refuses a wrong password without telling whether the user exists', async () => {
    const wrong = await post('/api/user/login', { json: { username: user.username, password: 'wrong-password' } });
    expectError(wrong, 400, '用户名或密码错误');
    const unknown = await post('/api/user/login', { json: { username: `no_${uniqueSuffix(10)}`, password: 'whatever1' } });
    expectError(unknown, 400, '用户名或密码错误');
  });

  it.each([
    [{ password: 'secret123' }, '请输入用户名'],
    [{ username: '', password: 'secret123' }, '请输入用户名'],
    [{ username: '   ', password: 'secret123' }, '请输入用户名'],
    [{ username: 'ab', password: 'secret123' }, '长度在 3 到 20 个字符'],
    [{ username: 'a'.repeat(21), password: 'secret123' }, '长度在 3 到 20 个字符'],
    [{ username: 'someone' }, '请输入密码'],
    [{ username: 'someone', password: '' }, '请输入密码'],
    [{ username: 'someone', password: '12345' }, '密码长度不能少于6位'],
    [{ username: 'someone', password: 'x'.repeat(73) }, '密码长度不能超过72位'],
  ])('validates %j with the spec message', async (body, message) => {
    expectError(await post('/api/user/login', { json: body }), 400, message);
  });

  it('ignores unknown extra fields', async () => {
    const response = await post('/api/user/login', {
      json: { username: user.username, password: user.password, role: 'admin', isAdmin: true, __extra: { a: 1 } },
    });
    expect(expectOk(response, loginResponse).data.user.id).toBe(user.id);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('/api/user/login', { body: '{"username": "x",', headers: { 'content-type': 'application/json' } });
    expectError(response, 400, '请求体不是有效的 JSON');
  });
});

describe('POST /api/user/logout', () => {
  it('always succeeds (tokens are stateless)', async () => {
    const { message, data } = expectOk(await post('/api/user/logout'), messageOnly);
    expect(message).toBe('已退出登录');
    expect(data).toBeNull();
  });
});

describe('GET /api/user/info', () => {
  it('answers the user for a Bearer token', async () => {
    const { data } = expectOk(await get('/api/user/info', { token: user.token }), userInfoResponse);
    expect(data.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
  });

  it('also accepts the token as ?token= (the spec call)', async () => {
    const { data } = expectOk(await get('/api/user/info', { query: { token: user.token, _t: Date.now() } }), userInfoResponse);
    expect(data.user.id).toBe(user.id);
  });

  it('asks to log in without a token', async () => {
    expectError(await get('/api/user/info'), 401, '请先登录');
  });

  it('answers 401 登录已过期 for an expired, a forged and a malformed token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await signToken(user.id, { issuedAt: past - 3600, expiresAt: past });
    const forged = await signToken(user.id, { secret: 'another-secret-that-is-long-enough' });
    for (const token of [expired, forged, 'not.a.jwt', 'abc']) {
      expectError(await get('/api/user/info', { token }), 401, '登录已过期，请重新登录');
      expectError(await get('/api/user/info', { query: { token } }), 401, '登录已过期，请重新登录');
    }
  });
});
