import { SECRETS_FILE } from './paths.ts';
import { readPortalSecrets } from './secrets.ts';

/** The 内容编辑 demo account that ./portal start creates and prints. */
export function editorAccount(): { email: string; password: string } {
  const secrets = readPortalSecrets(SECRETS_FILE);
  return { email: secrets.EDITOR_EMAIL, password: secrets.EDITOR_PASSWORD };
}

/** The 运营 demo account that ./portal start creates and prints. */
export function operatorAccount(): { email: string; password: string } {
  const secrets = readPortalSecrets(SECRETS_FILE);
  return { email: secrets.OPERATOR_EMAIL, password: secrets.OPERATOR_PASSWORD };
}

/** An admin API token of the 内容编辑 account, as the admin gets at sign-in. */
export async function editorAdminToken(cmsUrl: string): Promise<string> {
  const response = await fetch(`${cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(editorAccount()),
  });
  if (!response.ok) throw new Error(`内容编辑登录失败：HTTP ${response.status}（门户是否已用 ./portal start 启动？）`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
