import { describe, expect, it } from 'vitest';
import { backupStatus, parseBackupInterval } from './backup-status.ts';

describe('backup status', () => {
  it('reads BACKUP_INTERVAL in seconds or with a unit, at least a minute', () => {
    expect(parseBackupInterval('3600')).toBe(3600);
    expect(parseBackupInterval('30m')).toBe(1800);
    expect(parseBackupInterval('6h')).toBe(21_600);
    expect(parseBackupInterval('1d')).toBe(86_400);
    expect(parseBackupInterval('10s')).toBeUndefined();
    expect(parseBackupInterval('hourly')).toBeUndefined();
  });

  it('is exactly the shape other tools read', () => {
    const status = {
      lastAttempt: {
        at: '2026-11-29T10:00:00.000Z',
        ok: false,
        durationMs: 1234,
        sizeBytes: 0,
        archive: null,
        error: '备份失败：磁盘已满',
      },
      lastSuccessAt: null,
      intervalSeconds: 3600,
    };
    expect(backupStatus.parse(status)).toEqual(status);
    expect(backupStatus.safeParse({ ...status, lastAttempt: { ...status.lastAttempt, ok: 'yes' } }).success).toBe(false);
  });
});
