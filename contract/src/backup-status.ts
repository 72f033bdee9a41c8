import { z } from 'zod';

/**
 * The last scheduled backup's outcome, as `./portal start` writes it to .runtime/backup-status.json after each run
 * (scripts/src/backup/schedule.ts) and the CMS's admin route reads it for the 超级管理员's 数据备份 widget. Other tools
 * (metrics) read the file too: its shape does not change without a new name.
 */
export const backupAttempt = z.object({
  at: z.iso.datetime(),
  ok: z.boolean(),
  durationMs: z.number().int().nonnegative(),
  /** The archive's size; 0 when the attempt failed. */
  sizeBytes: z.number().int().nonnegative(),
  /** The archive's path or s3:// address; null when the attempt failed. */
  archive: z.string().nullable(),
  /** Why it failed, in Chinese; null when it succeeded. */
  error: z.string().nullable(),
});

export const backupStatus = z.object({
  lastAttempt: backupAttempt,
  lastSuccessAt: z.iso.datetime().nullable(),
  /** BACKUP_INTERVAL in seconds; null when no schedule is set. */
  intervalSeconds: z.number().int().positive().nullable(),
});

export type BackupAttempt = z.infer<typeof backupAttempt>;
export type BackupStatus = z.infer<typeof backupStatus>;

/** The admin route's answer: the status, or null before the first scheduled backup (or without a schedule). */
export interface BackupStatusAnswer {
  status: BackupStatus | null;
}

/** BACKUP_INTERVAL: seconds, or a number with s, m, h or d (30m, 6h, 1d); at least a minute. */
export function parseBackupInterval(value: string): number | undefined {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
  if (!match) return undefined;
  const seconds = Number(match[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return seconds >= 60 ? seconds : undefined;
}
