import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { BackupStatus } from '@feiyi/contract/backup-status';
import { testEnv } from '../support/env.ts';
import { signInToAdmin } from './support/admin.ts';

// The admin home's 数据备份: a failed scheduled backup is said to the 超级管理员 in Chinese, with the last success; the
// 内容编辑 does not get the widget. The status file is the one the suite's CMS reads (BACKUP_STATUS_FILE, next to its data).
const statusFile = path.join(testEnv.workDir, 'backup-status.json');
const failed: BackupStatus = {
  lastAttempt: {
    at: new Date().toISOString(),
    ok: false,
    durationMs: 2300,
    sizeBytes: 0,
    archive: null,
    error: '备份失败：无法写入备份目录 /mnt/backup',
  },
  lastSuccessAt: '2026-11-28T16:00:00.000Z',
  intervalSeconds: 21_600,
};

test.afterAll(() => rmSync(statusFile, { force: true }));

test('a failed backup shows on the 超级管理员 home in Chinese, and the 内容编辑 has no backup widget', async ({ page, browser }) => {
  // Not a timed test: the admin's first load takes minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  writeFileSync(statusFile, JSON.stringify(failed));
  await signInToAdmin(page, 'admin');
  const widget = page.locator('[data-backup-status]');
  await expect(page.getByText('数据备份', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(widget).toHaveAttribute('data-backup-status', 'failed', { timeout: 30_000 });
  await expect(widget.getByText('最近一次备份失败')).toBeVisible();
  await expect(widget.getByRole('alert')).toHaveText('备份失败：无法写入备份目录 /mnt/backup');
  await expect(widget.getByText('上次成功：11月29日 00:00')).toBeVisible();
  await expect(widget.getByText('定时备份：每 6 小时')).toBeVisible();

  const editor = await browser.newPage();
  await signInToAdmin(editor, 'editor');
  await expect(editor.getByText('网站发布状态')).toBeVisible({ timeout: 90_000 });
  await expect(editor.getByText('数据备份', { exact: true })).toHaveCount(0);
  await editor.close();
});
