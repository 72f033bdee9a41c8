import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupStatus, type BackupStatus } from '../../../contract/src/backup-status.ts';
import { RUNTIME_DIR } from '../paths.ts';
import type { DatabaseLocation, UploadsLocation } from './backup.ts';
import { backupTo, summaryLine } from './command.ts';

export const BACKUP_STATUS_FILE = path.join(RUNTIME_DIR, 'backup-status.json');

export function readBackupStatus(file = BACKUP_STATUS_FILE): BackupStatus | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = backupStatus.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : undefined;
}

/** Writes the file whole (a temporary file renamed): a reader never sees half of it. */
export function writeBackupStatus(status: BackupStatus, file = BACKUP_STATUS_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(backupStatus.parse(status))}\n`);
  renameSync(`${file}.tmp`, file);
}

export interface ScheduleOptions {
  intervalSeconds: number;
  keep?: number | undefined;
  to: string;
  data: { database: DatabaseLocation; uploads: UploadsLocation };
  statusFile?: string;
  log: (line: string) => void;
}

/**
 * Scheduled backups of a running portal (BACKUP_INTERVAL): one every interval, the newest BACKUP_KEEP kept; each run's
 * outcome is written to the status file, a failure in Chinese. Never two at once: a run that outlasts the interval
 * delays the next one.
 */
export function scheduleBackups(options: ScheduleOptions): { stop(): void; runNow(): Promise<void> } {
  const file = options.statusFile ?? BACKUP_STATUS_FILE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const runOnce = async () => {
    const started = Date.now();
    const previous = readBackupStatus(file);
    try {
      const result = await backupTo(options.data, { to: options.to, keep: options.keep });
      writeBackupStatus(
        {
          lastAttempt: {
            at: new Date(started).toISOString(),
            ok: true,
            durationMs: Date.now() - started,
            sizeBytes: result.sizeBytes,
            archive: result.archive,
            error: null,
          },
          lastSuccessAt: new Date(started).toISOString(),
          intervalSeconds: options.intervalSeconds,
        },
        file,
      );
      options.log(`定时备份完成：${result.archive}（${summaryLine(result)}）`);
    } catch (error) {
      const message = `备份失败：${error instanceof Error ? error.message : String(error)}`;
      writeBackupStatus(
        {
          lastAttempt: {
            at: new Date(started).toISOString(),
            ok: false,
            durationMs: Date.now() - started,
            sizeBytes: 0,
            archive: null,
            error: message,
          },
          lastSuccessAt: previous?.lastSuccessAt ?? null,
          intervalSeconds: options.intervalSeconds,
        },
        file,
      );
      options.log(`定时${message}`);
    }
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().finally(next), options.intervalSeconds * 1000);
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    runNow: runOnce,
  };
}
