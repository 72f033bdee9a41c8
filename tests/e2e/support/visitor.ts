import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { loginResponse, registerResponse } from '@feiyi/contract';

/**
 * A new registered visitor, logged in through the API (register, then login). Each comes from its
 * own address (X-Forwarded-For; the test stack trusts its local proxy): registrations are limited per address.
 */
export async function newVisitor(request: APIRequestContext, prefix = 'e2e') {
  const suffix = randomBytes(6).toString('hex');
  const username = `${prefix}_${suffix}`.slice(0, 20);
  const password = `pw-${suffix}`;
  const [a, b, c] = randomBytes(3);
  const headers = { 'x-forwarded-for': `10.${a}.${b}.${(c! % 254) + 1}` };
  const registered = await request.post('/api/user/register', { data: { username, password, email: `${username}@example.com` }, headers });
  registerResponse.parse(await registered.json());
  const login = loginResponse.parse(await (await request.post('/api/user/login', { data: { username, password }, headers })).json());
  return { token: login.data.token, user: { id: login.data.user.id, username } };
}
