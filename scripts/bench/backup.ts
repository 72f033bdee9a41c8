/**
 * Backup benchmark: archive size, backup and restore times on each database at the full seed plus a realistic load of
 * user data (visitors, their orders, donations and avatars). One seeded SQLite stack is filled through the API; then:
 * SQLite backup (while it serves) → restore into a fresh SQLite file → restore the same archive into PostgreSQL (the
 * upgrade path) → PostgreSQL backup → restore into a fresh PostgreSQL database.
 *   ./portal bench backup [--users 600]     (PostgreSQL at 127.0.0.1:5432, TEST_PG_ADMIN_URL to change)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup, formatBytes, type BackupResult, type UploadsLocation } from '../src/backup/backup.ts';
import { restoreBackup } from '../src/backup/restore.ts';
import { buildCms } from '../src/builds.ts';
import { RUNTIME_DIR } from '../src/paths.ts';
import { createTestDatabase, dropTestDatabase } from '../src/postgres.ts';
import { generateSecrets } from '../src/secrets.ts';
import { startStack } from '../src/stack.ts';
import { call } from './buyer.ts';

const USERS = Number(
  process.env.BENCH_BACKUP_USERS ?? (process.argv.includes('--users') ? process.argv[process.argv.indexOf('--users') + 1] : 600),
);
const CMS_PORT = Number(process.env.BENCH_CMS_PORT ?? 1377);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 8077);
const WORK_DIR = path.join(RUNTIME_DIR, 'bench-backup');
const log = (line: string) => console.log(`» ${line}`);
const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Runs `work` for each item with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A small PNG of its own per visitor (different bytes, so the archive cannot share them). */
function avatar(n: number): Blob {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  return new Blob([new Uint8Array(Buffer.concat([png, Buffer.from(`bench-${n}`)]))], { type: 'image/png' });
}

async function main() {
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  await buildCms(log);
  const secrets = generateSecrets();
  const sqliteFile = path.join(WORK_DIR, 'data', 'bench.db');
  const uploads: UploadsLocation = { kind: 'local', dir: path.join(WORK_DIR, 'cms-public', 'uploads') };
  log(`starting a fresh seeded SQLite stack (CMS :${CMS_PORT}, adapter :${WEB_PORT})…`);
  const stack = await startStack({
    host: '127.0.0.1',
    cmsPort: CMS_PORT,
    webPort: WEB_PORT,
    secrets,
    logDir: path.join(WORK_DIR, 'logs'),
    sqliteFile,
    publicDir: path.join(WORK_DIR, 'cms-public'),
    siteDir: path.join(WORK_DIR, 'site'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    extraAdapterEnv: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
  });
  const databases: string[] = [];
  const results: Record<string, unknown> = {};
  try {
    const web = stack.webUrl;
    const products = (
      (await (await fetch(`${web}/api/product/page?page=1&size=36`)).json()) as {
        data: { page: { records: Array<{ id: number; price: number; stock: number }> } };
      }
    ).data.page.records.filter((product) => product.stock > 50);
    const projects = ((await (await fetch(`${web}/api/donations/projects`)).json()) as { data: { projects: Array<{ id: number }> } }).data
      .projects;
    log(`user data: ${USERS} visitors, each 3 orders and 2 donations; every fourth with an avatar…`);
    const filled = Date.now();
    let failures = 0;
    await pool(
      Array.from({ length: USERS }, (_, n) => n),
      8,
      async (n) => {
        const username = `bench_${n}_${Date.now() % 100_000}`;
        const registered = await call(`${web}/api/user/register`, {
          method: 'POST',
          ip: ip(n + 1),
          json: { username, password: `pw-bench-${n}`, email: `${username}@example.com` },
        });
        const login = await call(`${web}/api/user/login`, { method: 'POST', ip: ip(n + 1), json: { username, password: `pw-bench-${n}` } });
        const token = (login.body.data as { token?: string } | undefined)?.token;
        const id = (registered.body.data as { id?: number } | undefined)?.id;
        if (!token || !id) {
          failures += 1;
          return;
        }
        for (let k = 0; k < 3; k += 1) {
          const product = products[(n * 3 + k) % products.length]!;
          const answer = await call(`${web}/api/orders/create`, {
            method: 'POST',
            token,
            ip: ip(n + 1),
            json: { userId: id, items: [{ productId: product.id, quantity: 1, price: product.price }] },
          });
          if (answer.status !== 200) failures += 1;
        }
        for (let k = 0; k < 2; k += 1) {
          const answer = await call(`${web}/api/donations/donate`, {
            method: 'POST',
            token,
            ip: ip(n + 1),
            json: { projectId: projects[(n + k) % projects.length]!.id, amount: 10 + (n % 90) },
          });
          if (answer.status !== 200) failures += 1;
        }
        if (n % 4 === 0) {
          const form = new FormData();
          form.append('file', avatar(n), `a${n}.png`);
          const response = await fetch(`${web}/api/upload/avatar`, {
            method: 'POST',
            body: form,
            headers: { 'x-forwarded-for': ip(n + 1) },
          });
          if (response.status !== 200) failures += 1;
        }
      },
    );
    log(`user data written in ${((Date.now() - filled) / 1000).toFixed(0)} s (${failures} requests refused)`);

    const measure = async (label: string, work: () => Promise<BackupResult | { durationMs: number; rows: number }>) => {
      const started = Date.now();
      const result = await work();
      const seconds = (Date.now() - started) / 1000;
      const size = 'sizeBytes' in result ? result.sizeBytes : undefined;
      log(`${label}: ${seconds.toFixed(1)} s${size ? `, ${formatBytes(size)}` : ''}, ${result.rows} rows`);
      results[label] = { seconds, sizeBytes: size ?? null, rows: result.rows };
      return result;
    };
    const tmp = path.join(WORK_DIR, 'tmp');
    const sqliteBackup = (await measure('SQLite backup (serving)', () =>
      createBackup({
        database: { engine: 'sqlite', file: sqliteFile },
        uploads,
        archive: path.join(WORK_DIR, 'sqlite.tar.gz'),
        workDir: tmp,
      }),
    )) as BackupResult;
    results.files = sqliteBackup.files;
    results.tables = sqliteBackup.tables;
    await stack.stop();
    await measure('SQLite restore (fresh file)', () =>
      restoreBackup({
        archive: sqliteBackup.archive,
        database: { engine: 'sqlite', file: path.join(WORK_DIR, 'restored', 'portal.db') },
        uploads: { kind: 'local', dir: path.join(WORK_DIR, 'restored', 'uploads') },
        workDir: tmp,
        secrets,
      }),
    );
    const pgFromSqlite = await createTestDatabase();
    databases.push(pgFromSqlite);
    await dropTestDatabase(pgFromSqlite);
    await measure('SQLite archive → PostgreSQL restore', () =>
      restoreBackup({
        archive: sqliteBackup.archive,
        database: { engine: 'postgres', url: pgFromSqlite },
        uploads: { kind: 'local', dir: path.join(WORK_DIR, 'pg-uploads') },
        workDir: tmp,
        secrets,
      }),
    );
    const pgBackup = (await measure('PostgreSQL backup', () =>
      createBackup({
        database: { engine: 'postgres', url: pgFromSqlite },
        uploads: { kind: 'local', dir: path.join(WORK_DIR, 'pg-uploads') },
        archive: path.join(WORK_DIR, 'postgres.tar.gz'),
        workDir: tmp,
      }),
    )) as BackupResult;
    const pgFresh = await createTestDatabase();
    databases.push(pgFresh);
    await dropTestDatabase(pgFresh);
    await measure('PostgreSQL restore (fresh database)', () =>
      restoreBackup({
        archive: pgBackup.archive,
        database: { engine: 'postgres', url: pgFresh },
        uploads: { kind: 'local', dir: path.join(WORK_DIR, 'pg-uploads-2') },
        workDir: tmp,
        secrets,
      }),
    );
    const [load1] = os.loadavg();
    results.environment = { loadAverage1m: load1, cpus: os.cpus().length, users: USERS, failures };
    writeFileSync(path.join(WORK_DIR, 'result.json'), `${JSON.stringify(results, null, 2)}\n`);
    log(`result: ${path.join(WORK_DIR, 'result.json')}`);
  } finally {
    await stack.stop();
    for (const url of databases) await dropTestDatabase(url).catch(() => undefined);
  }
}

await main();
