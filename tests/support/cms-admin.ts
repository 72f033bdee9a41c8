import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testEnv } from './env.ts';

export type AdminAccount = 'admin' | 'editor' | 'operator';

const credentials = (account: AdminAccount) =>
  account === 'editor'
    ? { email: testEnv.editorEmail, password: testEnv.editorPassword }
    : account === 'operator'
      ? { email: testEnv.operatorEmail, password: testEnv.operatorPassword }
      : { email: testEnv.adminEmail, password: testEnv.adminPassword };

/**
 * Logs in to Strapi's admin API as the super admin (or the 内容编辑 / 运营 demo account); used to act as an editor
 * would. One login per account serves the whole run (the token is kept in the run's work folder): Strapi allows five
 * admin logins per address and account in five minutes, and the browser tests of the admin log in after the
 * integration suite.
 */
export async function adminToken(account: AdminAccount = 'admin'): Promise<string> {
  const kept = path.join(testEnv.workDir, account === 'admin' ? 'admin-token' : `admin-token-${account}`);
  if (existsSync(kept)) return readFileSync(kept, 'utf8');
  const response = await fetch(`${testEnv.cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials(account)),
  });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status}`);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  writeFileSync(kept, token);
  return token;
}

export async function adminRequest(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${testEnv.cmsUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null };
}

/** Registers a visitor through users-permissions and returns its JWT and id. */
export async function registerUser(prefix = 'u'): Promise<{ jwt: string; id: number; username: string }> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const response = await fetch(`${testEnv.cmsUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret123' }),
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, id: body.user.id, username };
}
