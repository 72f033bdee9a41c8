import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every secret the portal needs, generated on first run into a git-ignored file. */
export const SECRET_KEYS = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
  'JWT_SECRET',
  'CMS_API_TOKEN',
  'WEBHOOK_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'EDITOR_EMAIL',
  'EDITOR_PASSWORD',
  'OPERATOR_EMAIL',
  'OPERATOR_PASSWORD',
  'PREVIEW_SECRET',
] as const;

/** Keys added after the first release: an older file gets them generated and appended instead of being refused. */
const ADDED_LATER: readonly SecretKey[] = ['EDITOR_EMAIL', 'EDITOR_PASSWORD', 'OPERATOR_EMAIL', 'OPERATOR_PASSWORD', 'PREVIEW_SECRET'];

export type SecretKey = (typeof SECRET_KEYS)[number];
export type Secrets = Record<SecretKey, string>;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

// Readable yet strong: Strapi's admin wants upper, lower and a digit.
const adminPassword = () => `Feiyi-${hex(4)}-${hex(4).toUpperCase()}`;

export function generateSecrets(): Secrets {
  return {
    APP_KEYS: [hex(16), hex(16), hex(16), hex(16)].join(','),
    API_TOKEN_SALT: hex(16),
    ADMIN_JWT_SECRET: hex(32),
    TRANSFER_TOKEN_SALT: hex(16),
    ENCRYPTION_KEY: hex(16),
    JWT_SECRET: hex(32),
    CMS_API_TOKEN: hex(64),
    WEBHOOK_SECRET: hex(24),
    ADMIN_EMAIL: 'admin@feiyi.local',
    ADMIN_PASSWORD: adminPassword(),
    // The demo accounts of the two admin roles (内容编辑, 运营).
    EDITOR_EMAIL: 'editor@feiyi.local',
    EDITOR_PASSWORD: adminPassword(),
    OPERATOR_EMAIL: 'operator@feiyi.local',
    OPERATOR_PASSWORD: adminPassword(),
    // Signs the editors' preview addresses (HMAC; the CMS's preview button signs, the adapter checks).
    PREVIEW_SECRET: hex(32),
  };
}

const PATTERNS: Record<SecretKey, RegExp> = {
  APP_KEYS: /^[0-9a-f]{16,}(,[0-9a-f]{16,})+$/,
  API_TOKEN_SALT: /^[0-9a-f]{16,}$/,
  ADMIN_JWT_SECRET: /^[0-9a-f]{32,}$/,
  TRANSFER_TOKEN_SALT: /^[0-9a-f]{16,}$/,
  ENCRYPTION_KEY: /^[0-9a-f]{32}$/,
  JWT_SECRET: /^[0-9a-f]{32,}$/,
  CMS_API_TOKEN: /^[0-9a-f]{64,}$/,
  WEBHOOK_SECRET: /^[0-9a-f]{16,}$/,
  ADMIN_EMAIL: /^[^\s@]+@[^\s@]+$/,
  ADMIN_PASSWORD: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/,
  EDITOR_EMAIL: /^[^\s@]+@[^\s@]+$/,
  EDITOR_PASSWORD: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/,
  OPERATOR_EMAIL: /^[^\s@]+@[^\s@]+$/,
  OPERATOR_PASSWORD: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/,
  PREVIEW_SECRET: /^[0-9a-f]{32,}$/,
};

export class SecretsFileError extends Error {}

export function serializeSecrets(secrets: Secrets): string {
  const lines = SECRET_KEYS.map((key) => `${key}=${secrets[key]}`);
  return `# 非遗门户的本地密钥，由 ./portal 首次运行时生成。切勿提交。\n${lines.join('\n')}\n`;
}

/**
 * Parses a secrets file; any missing or malformed entry is an error naming the file and the key.
 * With `fill`, a missing key added after the first release takes the given value instead.
 */
export function parseSecrets(text: string, file: string, fill?: Partial<Secrets>): Secrets {
  const values = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new SecretsFileError(`密钥文件 ${file} 第 ${index + 1} 行格式错误（应为 KEY=VALUE）`);
    values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  });
  const result = {} as Secrets;
  for (const key of SECRET_KEYS) {
    const value = values.get(key) ?? (ADDED_LATER.includes(key) ? fill?.[key] : undefined);
    if (value === undefined) throw new SecretsFileError(`密钥文件 ${file} 缺少 ${key}`);
    if (!PATTERNS[key].test(value)) throw new SecretsFileError(`密钥文件 ${file} 中的 ${key} 格式无效`);
    result[key] = value;
  }
  return result;
}

/**
 * Reads the secrets file, creating it when missing. A broken file is never overwritten silently:
 * the caller reports the error and the user decides (delete it to regenerate).
 */
export function loadOrCreateSecrets(file: string): { secrets: Secrets; created: boolean; added: SecretKey[] } {
  if (!existsSync(file)) {
    const secrets = generateSecrets();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, serializeSecrets(secrets), { mode: 0o600 });
    return { secrets, created: true, added: [] };
  }
  const text = readFileSync(file, 'utf8');
  const secrets = parseSecrets(text, file, generateSecrets());
  const present = new Set(text.split(/\r?\n/).map((line) => line.slice(0, line.indexOf('=')).trim()));
  const added = ADDED_LATER.filter((key) => !present.has(key));
  if (added.length > 0) {
    const lines = added.map((key) => `${key}=${secrets[key]}`).join('\n');
    writeFileSync(file, `${text.endsWith('\n') ? text : `${text}\n`}${lines}\n`, { mode: 0o600 });
  }
  return { secrets, created: false, added };
}

/** The running portal's secrets (the accounts' passwords among them), for the scripts that drive it from outside. */
export function readPortalSecrets(file: string): Secrets {
  if (!existsSync(file)) throw new SecretsFileError(`找不到密钥文件 ${file}：请先用 ./portal start 启动门户`);
  return parseSecrets(readFileSync(file, 'utf8'), file);
}
