/**
 * What the scale-profile benchmarks share (bench/scale.ts, bench/soak.ts): a fresh scale profile of their own (nginx, N
 * adapters, the CMS on a new PostgreSQL database, Redis), registered buyers made quickly, the machine they ran on, and the
 * resident memory of each process.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildCms } from '../src/builds.ts';
import { CMS_DIR, RUNTIME_DIR } from '../src/paths.ts';
import { createTestDatabase, dropTestDatabase } from '../src/postgres.ts';
import { CommandError } from '../src/processes.ts';
import { defaultUploadStorePort, ensureScaleProfile, startScaleStack, type RunningScaleStack } from '../src/scale.ts';
import { generateSecrets, type Secrets } from '../src/secrets.ts';
import { SiteBuilder } from '../src/site.ts';

export const log = (line: string) => console.log(`» ${line}`);

export interface BenchProfile {
  stack: RunningScaleStack;
  secrets: Secrets;
  databaseUrl: string;
  redisUrl: string;
  workDir: string;
  /** The site builder (with its watch loop when asked for), or undefined when the bench needs no site. */
  site: SiteBuilder | undefined;
  stop(): Promise<void>;
}

/**
 * A fresh scale profile on the bench's own ports (BENCH_WEB_PORT for nginx, the adapters on the next ports, BENCH_CMS_PORT)
 * and Redis database (BENCH_REDIS_URL), on a new PostgreSQL database dropped at the end; the site built when asked.
 */
export async function startBenchProfile(options: {
  name: string;
  webPort: number;
  cmsPort: number;
  adapters: number;
  buildSite: boolean;
}): Promise<BenchProfile> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const nginxProgram = await ensureScaleProfile(
    { databaseUrl: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl, createDatabase: false },
    log,
  );
  await buildCms(log);
  const workDir = path.join(RUNTIME_DIR, `bench-${options.name}`);
  rmSync(workDir, { recursive: true, force: true });
  // BENCH_DATABASE_URL: a database seeded by an earlier run, kept afterwards (to iterate without seeding each time).
  const keptDatabase = process.env.BENCH_DATABASE_URL;
  const databaseUrl = keptDatabase ?? (await createTestDatabase());
  const dropDatabase = async () => {
    if (!keptDatabase) await dropTestDatabase(databaseUrl);
  };
  const secrets = generateSecrets();
  log(
    `starting a scale profile: nginx :${options.webPort}, ${options.adapters} adapters :${options.webPort + 1}…, CMS :${options.cmsPort}, ${keptDatabase ? 'the kept' : 'a new'} PostgreSQL database, Redis ${redisUrl}`,
  );
  let stack: RunningScaleStack;
  try {
    stack = await startScaleStack(
      {
        host: '127.0.0.1',
        cmsPort: options.cmsPort,
        webPort: options.webPort,
        secrets,
        logDir: path.join(workDir, 'logs'),
        databaseUrl,
        sqliteFile: path.join(workDir, 'unused.db'),
        publicDir: path.join(workDir, 'cms-public'),
        siteDir: path.join(workDir, 'site'),
        demo: { username: 'demo', password: 'feiyi2026' },
        // This run's passwords (a kept database has an earlier run's accounts).
        resetAdminPassword: true,
        resetStaffPasswords: ['EDITOR_PASSWORD', 'OPERATOR_PASSWORD'],
        serveAdmin: false,
        // The order queue's settings, when the bench is asked to try others (CMS_ORDER_CONCURRENCY=2 ./portal bench scale).
        extraAdapterEnv: {
          LOG_LEVEL: 'warn',
          ...Object.fromEntries(
            ['CMS_ORDER_CONCURRENCY', 'CMS_ORDER_BATCH'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
          ),
        },
        redisUrl,
        adapters: options.adapters,
        nginxDir: path.join(workDir, 'nginx'),
        // The profile's own S3-compatible store, as `./portal start --profile scale` runs it (or the bucket the
        // environment names).
        uploadStore: process.env.S3_BUCKET
          ? undefined
          : { port: defaultUploadStorePort(options.webPort), directory: path.join(workDir, 'upload-store') },
      },
      nginxProgram,
    );
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  let site: SiteBuilder | undefined;
  const stop = async () => {
    try {
      await site?.stop();
    } finally {
      await stack.stop();
      await dropDatabase();
    }
  };
  if (options.buildSite) {
    site = new SiteBuilder({
      apiUrl: stack.webUrl,
      cmsUrl: stack.cmsUrl,
      cmsToken: secrets.CMS_API_TOKEN,
      outDir: path.join(workDir, 'site'),
      log,
      webhookSecret: secrets.WEBHOOK_SECRET,
    });
    try {
      const started = Date.now();
      await site.buildIfStale(true);
      log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { stack, secrets, databaseUrl, redisUrl, workDir, site, stop };
}

/** The machine and the moment, printed with every table (the figures mean little without them). */
export function environment(): string {
  const cpus = os.cpus();
  return [
    `date ${new Date().toISOString()}`,
    `${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'})`,
    `Node.js ${process.version}`,
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}`,
    `memory ${(os.totalmem() / 2 ** 30).toFixed(1)} GB`,
  ].join(', ');
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Resident memory of one process in MB, from /proc (Linux); NaN once it is gone. */
export function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The process's children (nginx's workers), from /proc. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 2nd field after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * Every measured process of the profile: the CMS, each adapter, nginx (its master and workers together). `nodePid`: the
 * Node.js processes' own id (for collected-memory.ts).
 */
export function profileProcesses(stack: RunningScaleStack): Array<{ name: string; rssMb: () => number; nodePid?: number }> {
  const cms = stack.services.find((service) => service.name === 'cms')!;
  const nginxPid = stack.nginx.child.pid!;
  const node = (name: string, pid: number) => ({ name, rssMb: () => residentMb(pid), nodePid: pid });
  return [
    node('cms', cms.child.pid!),
    ...stack.adapters.map((adapter) => node(adapter.name, adapter.service.child.pid!)),
    {
      name: 'nginx',
      rssMb: () => [nginxPid, ...childPids(nginxPid)].reduce((sum, pid) => sum + residentMb(pid), 0),
    },
  ];
}

/** The git commit the bench ran on (and whether the tree had changes), for the dated figures. */
export function commitLine(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout.trim() !== '';
  return `commit ${head || 'unknown'}${dirty ? ' (with uncommitted changes)' : ''}`;
}

interface Bcrypt {
  hashSync(password: string, rounds: number): string;
}

/**
 * Registered buyers, made in bulk: visitors registered through the API cost two bcrypt rounds of 10 each in the CMS
 * (≈ 0.4 s here), minutes for a thousand. Registration is set-up, not what the benches measure: one visitor registers
 * through the API (the row the CMS writes), and the others are copies of that row with their own names and a password hashed
 * with 4 rounds by the same bcrypt Strapi uses; each then logs in through nginx as a visitor does, from its own address.
 */
export async function createBuyers(
  profile: BenchProfile,
  count: number,
  prefix: string,
): Promise<Array<{ username: string; password: string; ip: string; token: string; id: number }>> {
  const web = profile.stack.webUrl;
  const password = `pw-${prefix}-buyer`;
  const template = `${prefix}0`;
  const registered = await fetch(`${web}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': buyerIp(0) },
    body: JSON.stringify({ username: template, password, email: `${template}@example.com` }),
  });
  if (registered.status !== 200) throw new CommandError(`注册失败：${registered.status} ${await registered.text()}`);

  // From the plugin's real folder: pnpm links its dependencies beside it, not under the CMS.
  const plugin = realpathSync(path.join(CMS_DIR, 'node_modules', '@strapi', 'plugin-users-permissions', 'package.json'));
  const bcrypt = createRequire(plugin)('bcryptjs') as Bcrypt;
  const hash = bcrypt.hashSync(password, 4);
  const db = new pg.Client({ connectionString: profile.databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const [row] = (await db.query('SELECT * FROM up_users WHERE username = $1', [template])).rows as Array<Record<string, unknown>>;
    if (!row) throw new CommandError(`找不到刚注册的访客 ${template}`);
    const links = (await db.query('SELECT * FROM up_users_role_lnk WHERE user_id = $1', [row.id])).rows as Array<Record<string, unknown>>;
    await db.query('UPDATE up_users SET password = $1 WHERE id = $2', [hash, row.id]);
    const columns = Object.keys(row).filter((column) => column !== 'id');
    for (let i = 1; i < count; i++) {
      const username = `${prefix}${i}`;
      const values = columns.map((column) =>
        column === 'username'
          ? username
          : column === 'email'
            ? `${username}@example.com`
            : column === 'document_id'
              ? `bench${prefix}${String(i).padStart(19, '0')}`.slice(-24)
              : column === 'password'
                ? hash
                : row[column],
      );
      const inserted = await db.query(
        `INSERT INTO up_users (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((_, j) => `$${j + 1}`).join(', ')}) RETURNING id`,
        values,
      );
      const id = (inserted.rows[0] as { id: number }).id;
      for (const link of links) {
        const linkColumns = Object.keys(link).filter((column) => column !== 'id');
        await db.query(
          `INSERT INTO up_users_role_lnk (${linkColumns.map((c) => `"${c}"`).join(', ')}) VALUES (${linkColumns.map((_, j) => `$${j + 1}`).join(', ')})`,
          linkColumns.map((column) => (column === 'user_id' ? id : link[column])),
        );
      }
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }

  // Logged in through nginx, a few at a time, each from its own address (the adapters trust nginx's X-Forwarded-For).
  const buyers: Array<{ username: string; password: string; ip: string; token: string; id: number }> = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++;
        const username = `${prefix}${i}`;
        const ip = buyerIp(i);
        const login = await fetch(`${web}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ username, password }),
        });
        const body = (await login.json()) as { data?: { token: string; user: { id: number } } };
        if (login.status !== 200 || !body.data) throw new CommandError(`登录失败：${username} ${login.status} ${JSON.stringify(body)}`);
        buyers[i] = { username, password, ip, token: body.data.token, id: body.data.user.id };
      }
    }),
  );
  return buyers;
}

/** Buyer i's own address (10.88.0.1 …), as a proxy in front of many visitors would pass it on. */
export const buyerIp = (i: number) => `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** The CMS's admin API as the portal's super admin (the editors' own API: content-manager …). */
export async function adminSession(cmsUrl: string, secrets: Secrets, as: 'admin' | 'editor' = 'admin') {
  const credentials =
    as === 'admin'
      ? { email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }
      : { email: secrets.EDITOR_EMAIL, password: secrets.EDITOR_PASSWORD };
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200) throw new CommandError(`后台登录失败：${login.status}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${cmsUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200) throw new CommandError(`后台调用失败：${method} ${route} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
