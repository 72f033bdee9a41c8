import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSecrets, loadOrCreateSecrets, parseSecrets, serializeSecrets, SecretsFileError } from './secrets.ts';

describe('secrets file', () => {
  it('round-trips generated secrets', () => {
    const secrets = generateSecrets();
    expect(parseSecrets(serializeSecrets(secrets), 'x.env')).toEqual(secrets);
  });

  it('generates different secrets each time', () => {
    expect(generateSecrets().JWT_SECRET).not.toEqual(generateSecrets().JWT_SECRET);
  });

  it('creates the file when missing and reads it back unchanged', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'nested', 'secrets.env');
    const first = loadOrCreateSecrets(file);
    expect(first.created).toBe(true);
    const second = loadOrCreateSecrets(file);
    expect(second.created).toBe(false);
    expect(second.secrets).toEqual(first.secrets);
  });

  it('adds the staff accounts and the preview secret to a file written before they existed, keeping every other secret', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'secrets.env');
    const old = serializeSecrets(generateSecrets()).replace(/^(EDITOR|OPERATOR|PREVIEW)_.*\n/gm, '');
    writeFileSync(file, old);
    const { secrets, created, added } = loadOrCreateSecrets(file);
    expect(created).toBe(false);
    expect(added).toEqual(['EDITOR_EMAIL', 'EDITOR_PASSWORD', 'OPERATOR_EMAIL', 'OPERATOR_PASSWORD', 'PREVIEW_SECRET']);
    expect(secrets.PREVIEW_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets).toMatchObject({ EDITOR_EMAIL: 'editor@feiyi.local', OPERATOR_EMAIL: 'operator@feiyi.local' });
    expect(secrets.ADMIN_PASSWORD).toBe(parseSecrets(`${old}EDITOR_EMAIL=x@y\n`, 'f', generateSecrets()).ADMIN_PASSWORD);
    // Written back: the next start reads the same passwords and adds nothing.
    expect(readFileSync(file, 'utf8').startsWith(old)).toBe(true);
    expect(loadOrCreateSecrets(file)).toEqual({ secrets, created: false, added: [] });
  });

  it('names the file and the key when an entry is missing', () => {
    const text = serializeSecrets(generateSecrets()).replace(/^JWT_SECRET=.*$/m, '');
    expect(() => parseSecrets(text, '/x/secrets.env')).toThrowError(new SecretsFileError('密钥文件 /x/secrets.env 缺少 JWT_SECRET'));
  });

  it('rejects a malformed value and a malformed line', () => {
    const good = serializeSecrets(generateSecrets());
    expect(() => parseSecrets(good.replace(/^ENCRYPTION_KEY=.*$/m, 'ENCRYPTION_KEY=short'), 'f')).toThrow(/ENCRYPTION_KEY 格式无效/);
    expect(() => parseSecrets(`${good}garbage line\n`, 'f')).toThrow(/第 \d+ 行格式错误/);
  });

  it('does not overwrite a broken file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'secrets.env');
    writeFileSync(file, 'JWT_SECRET=1\n');
    expect(() => loadOrCreateSecrets(file)).toThrow(SecretsFileError);
    expect(readFileSync(file, 'utf8')).toBe('JWT_SECRET=1\n');
  });
});
