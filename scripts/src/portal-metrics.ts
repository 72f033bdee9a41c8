import { readFileSync, statfsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import client from '@prometheus-io/client';
import { METRICS } from '../../contract/src/metrics.ts';

/** What the backup job writes after every attempt (.runtime/backup-status.json). */
export interface BackupStatus {
  lastAttempt: { at: string; ok: boolean; durationMs: number; sizeBytes: number; archive: string | null; error: string | null };
  lastSuccessAt: string | null;
  intervalSeconds: number | null;
}

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/** The file's content when it has exactly the shape the backup job writes; anything else is no status. */
export function parseBackupStatus(value: unknown): BackupStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { lastAttempt, lastSuccessAt, intervalSeconds } = value as Record<string, unknown>;
  if (typeof lastAttempt !== 'object' || lastAttempt === null) return undefined;
  const attempt = lastAttempt as Record<string, unknown>;
  const valid =
    isTime(attempt.at) &&
    typeof attempt.ok === 'boolean' &&
    isAmount(attempt.durationMs) &&
    isAmount(attempt.sizeBytes) &&
    isTextOrNull(attempt.archive) &&
    isTextOrNull(attempt.error) &&
    (lastSuccessAt === null || isTime(lastSuccessAt)) &&
    (intervalSeconds === null || (isAmount(intervalSeconds) && intervalSeconds > 0));
  return valid ? (value as BackupStatus) : undefined;
}

/** The backup job's status, or undefined when there is none yet (no backup job, or none ran) or it cannot be read. */
export function readBackupStatus(file: string): BackupStatus | undefined {
  try {
    return parseBackupStatus(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** A process's resident memory in bytes (Linux's /proc), or undefined when it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface BuildEvent {
  ok: boolean;
  /** full: the whole site; pages: the pages a publish touched. */
  kind: 'full' | 'pages';
  seconds: number;
  pages: number;
}

/**
 * The metrics of the ./portal process: the site builds it runs, the resident memory of every process it started (the
 * CMS, the adapters, nginx, the site renderer…), and the backup job's status file. Served on 127.0.0.1 only.
 */
export class PortalMetrics {
  readonly registry = new client.Registry();
  private readonly builds: client.Counter<'kind' | 'result'>;
  private readonly buildDuration: client.Histogram<'kind'>;
  private readonly pagesRebuilt: client.Counter;
  private readonly consecutiveFailures: client.Gauge;
  private failures = 0;

  constructor(options: {
    backupStatusFile: string;
    processes: () => Array<{ name: string; pid: number | undefined }>;
    /** A folder on the filesystem to watch (.runtime: the database, uploads and backups); its free space is a gauge. */
    dataDir?: string;
  }) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry });
    this.builds = new client.Counter({
      name: METRICS.siteBuilds,
      help: 'Site builds by kind and result',
      labelNames: ['kind', 'result'],
      registers,
    });
    this.buildDuration = new client.Histogram({
      name: METRICS.siteBuildDuration,
      help: 'Site build duration by kind (full build, or the pages a publish touched)',
      labelNames: ['kind'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    this.pagesRebuilt = new client.Counter({ name: METRICS.sitePagesRebuilt, help: 'Pages rendered again after publishes', registers });
    this.consecutiveFailures = new client.Gauge({
      name: METRICS.siteBuildConsecutiveFailures,
      help: 'Site builds that failed in a row since the last success',
      registers,
    });
    this.consecutiveFailures.set(0);
    new client.Gauge({
      name: METRICS.childResidentMemory,
      help: 'Resident memory of each process ./portal started',
      labelNames: ['process'],
      registers,
      collect() {
        this.reset();
        for (const { name, pid } of options.processes()) {
          const bytes = pid === undefined ? undefined : residentBytes(pid);
          if (bytes !== undefined) this.set({ process: name }, bytes);
        }
      },
    });
    const { dataDir } = options;
    if (dataDir) {
      const disk = (name: string, help: string, read: (stats: ReturnType<typeof statfsSync>) => number) =>
        new client.Gauge({
          name,
          help,
          labelNames: ['path'],
          registers,
          collect() {
            try {
              this.set({ path: dataDir }, read(statfsSync(dataDir)));
            } catch {
              this.reset();
            }
          },
        });
      disk(
        METRICS.diskFree,
        'Bytes free for unprivileged use on the filesystem of the data folder',
        (stats) => Number(stats.bavail) * Number(stats.bsize),
      );
      disk(METRICS.diskSize, 'Size of the filesystem of the data folder', (stats) => Number(stats.blocks) * Number(stats.bsize));
    }
    // Read at each scrape: the backup job may run in another process (cron) and write the file any time. Labelled by the
    // file, so that without one (or without a success yet) the series is absent, not a 0 the alert would read as 1970.
    const file = options.backupStatusFile;
    const backupGauge = (name: string, help: string, value: (status: BackupStatus) => number | undefined) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['file'],
        registers,
        collect() {
          this.reset();
          const status = readBackupStatus(file);
          const read = status && value(status);
          if (read !== undefined) this.set({ file }, read);
        },
      });
    const seconds = (iso: string) => Date.parse(iso) / 1000;
    backupGauge(METRICS.backupLastSuccess, 'When the last successful backup finished (Unix seconds)', (s) =>
      s.lastSuccessAt === null ? undefined : seconds(s.lastSuccessAt),
    );
    backupGauge(METRICS.backupLastAttempt, 'When the last backup attempt finished (Unix seconds)', (s) => seconds(s.lastAttempt.at));
    backupGauge(METRICS.backupLastAttemptOk, '1 when the last backup attempt succeeded', (s) => (s.lastAttempt.ok ? 1 : 0));
    backupGauge(METRICS.backupDuration, 'Duration of the last backup attempt', (s) => s.lastAttempt.durationMs / 1000);
    backupGauge(METRICS.backupSize, 'Size of the last backup archive', (s) => s.lastAttempt.sizeBytes);
    backupGauge(METRICS.backupInterval, 'How often backups are meant to run', (s) => s.intervalSeconds ?? undefined);
  }

  /** A site build ended (SiteBuilder's onBuild). */
  build(event: BuildEvent): void {
    this.builds.inc({ kind: event.kind, result: event.ok ? 'ok' : 'failed' });
    if (event.ok) {
      this.buildDuration.observe({ kind: event.kind }, event.seconds);
      this.pagesRebuilt.inc(event.pages);
    }
    this.failures = event.ok ? 0 : this.failures + 1;
    this.consecutiveFailures.set(this.failures);
  }

  async serve(port: number, host = '127.0.0.1'): Promise<Server> {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server;
  }
}
