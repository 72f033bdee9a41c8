import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupStatus } from '@feiyi/contract/backup-status';
import { readBackupStatus, scheduleBackups } from '../../scripts/src/backup/schedule.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';

// Scheduled backups write their outcome where the CMS reads it (the stack's BACKUP_STATUS_FILE, next to its data), and
// the admin route behind the 数据备份 widget answers it to the 超级管理员 only, a failure in Chinese.
const statusFile = path.join(testEnv.workDir, 'backup-status.json');
const folder = path.join(testEnv.workDir, 'scheduled-backups');
const data = {
  database: { engine: 'sqlite', file: process.env.TEST_SQLITE_FILE! },
  uploads: { kind: 'local', dir: path.join(testEnv.workDir, 'cms-public', 'uploads') },
} as const;

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(statusFile, { force: true });
});

describe('scheduled backups and the 数据备份 widget', () => {
  it('answers nothing before the first run', async () => {
    rmSync(statusFile, { force: true });
    const answer = await adminRequest(await adminToken('admin'), 'GET', '/feiyi/backup-status');
    expect(answer).toEqual({ status: 200, body: { data: { status: null } } });
  });

  it('records a success, keeps the newest BACKUP_KEEP archives, then records a failure in Chinese with the last success', async () => {
    const runs = scheduleBackups({ intervalSeconds: 3600, keep: 2, to: folder, data, statusFile, log: () => undefined });
    try {
      for (let n = 0; n < 3; n += 1) {
        await runs.runNow();
        // Archive names are to the second: the next run gets its own.
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
      const ok = readBackupStatus(statusFile)!;
      expect(ok.lastAttempt.ok).toBe(true);
      expect(ok.lastAttempt.error).toBeNull();
      expect(ok.lastAttempt.sizeBytes).toBeGreaterThan(0);
      expect(existsSync(ok.lastAttempt.archive!)).toBe(true);
      expect(ok.lastSuccessAt).toBe(ok.lastAttempt.at);
      expect(ok.intervalSeconds).toBe(3600);
      expect(readdirSync(folder).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);

      // A destination that cannot be written: a file where the folder should be.
      const blocked = path.join(testEnv.workDir, 'blocked-destination');
      writeFileSync(blocked, '');
      const failing = scheduleBackups({ intervalSeconds: 3600, to: path.join(blocked, 'inside'), data, statusFile, log: () => undefined });
      await failing.runNow();
      failing.stop();
      const failed = readBackupStatus(statusFile)!;
      expect(failed.lastAttempt).toMatchObject({ ok: false, sizeBytes: 0, archive: null });
      expect(failed.lastAttempt.error).toMatch(/^备份失败：/);
      expect(failed.lastSuccessAt).toBe(ok.lastSuccessAt);

      const answer = await adminRequest(await adminToken('admin'), 'GET', '/feiyi/backup-status');
      expect(answer.status).toBe(200);
      expect(backupStatus.parse((answer.body!.data as { status: unknown }).status)).toEqual(failed);
    } finally {
      runs.stop();
    }
  }, 120_000);

  it('is refused to the 内容编辑 and 运营 and to anyone not signed in', async () => {
    for (const account of ['editor', 'operator'] as const) {
      const answer = await adminRequest(await adminToken(account), 'GET', '/feiyi/backup-status');
      expect(answer.status).toBe(403);
    }
    expect((await fetch(`${testEnv.cmsUrl}/feiyi/backup-status`)).status).toBe(401);
  });
});
