import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

// The images' entry point, run here as the images run it (sh), stopping after its checks (FEIYI_CHECK_ONLY).
const ENTRYPOINT = path.join(ROOT, 'deploy', 'containers', 'entrypoint.sh');
const run = (role: string, env: Record<string, string>) =>
  spawnSync('/bin/sh', [ENTRYPOINT, role], { encoding: 'utf8', env: { PATH: process.env.PATH, FEIYI_CHECK_ONLY: '1', ...env } });

const adapterEnv = {
  CMS_API_TOKEN: 't'.repeat(40),
  JWT_SECRET: 'j'.repeat(32),
  WEBHOOK_SECRET: 'w'.repeat(32),
  PREVIEW_SECRET: 'p'.repeat(32),
  CMS_URL: 'http://feiyi-cms:1337',
  PUBLIC_URL: 'https://feiyi.example.cn',
};
const folder = mkdtempSync(path.join(tmpdir(), 'feiyi-entrypoint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('feiyi-entrypoint', () => {
  it('starts a role whose settings are all there', () => {
    const result = run('adapter', adapterEnv);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('stops with a Chinese message naming each missing setting and where it belongs', () => {
    const { JWT_SECRET: _jwt, PUBLIC_URL: _url, ...rest } = adapterEnv;
    const result = run('adapter', rest);
    expect(result.status).toBe(78);
    expect(result.stderr).toBe(
      '缺少设置 JWT_SECRET（应在 Secret feiyi-secrets 中提供）：适配层 不启动\n' +
        '缺少设置 PUBLIC_URL（应在 ConfigMap feiyi-config 中提供）：适配层 不启动\n',
    );
  });

  it("names the CMS's own Secret for its keys", () => {
    const result = run('cms', { ...adapterEnv, WEBHOOK_URL: 'x', PREVIEW_SITE_URL: 'x' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('缺少设置 DATABASE_URL（应在 Secret feiyi-cms-secrets 中提供）：内容管理服务 不启动');
  });

  it('reads a setting from the file NAME_FILE names (a mounted Secret), and stops when that file is unreadable', () => {
    const file = path.join(folder, 'jwt');
    writeFileSync(file, 'j'.repeat(32));
    const { JWT_SECRET: _jwt, ...rest } = adapterEnv;
    expect(run('adapter', { ...rest, JWT_SECRET_FILE: file }).status).toBe(0);
    const missing = run('adapter', { ...rest, JWT_SECRET_FILE: path.join(folder, 'none') });
    expect(missing.status).toBe(78);
    expect(missing.stderr).toContain(`无法读取设置 JWT_SECRET 的文件 ${path.join(folder, 'none')}`);
  });

  it('refuses an unknown role', () => {
    const result = run('worker', adapterEnv);
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('未知角色：worker');
  });
});
