import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CommandError, run } from './processes.ts';

const ADMIN_URL = () => process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, uniquely named database for one test run; the suite never reuses or shares one. */
export async function createTestDatabase(adminUrl = ADMIN_URL()): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new CommandError(`无法连接 PostgreSQL（${adminUrl}）：${(error as Error).message}`);
  }
  const name = `feiyi_test_${Date.now()}_${process.pid}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string, adminUrl = ADMIN_URL()): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

const POSTGRES_LIB = '/usr/lib/postgresql';

/** Debian's PostgreSQL server programs (initdb, pg_ctl) of the newest version installed, or undefined. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((version) => ['initdb', 'pg_ctl'].every((program) => existsSync(path.join(POSTGRES_LIB, version, 'bin', program))))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_LIB, versions[0], 'bin') : undefined;
}

/** The server programs, or one Chinese line saying how to get them. */
export function requirePostgresBinDir(): string {
  const found = postgresBinDir();
  if (!found) {
    throw new CommandError(
      `扩展部署的测试在自己的 PostgreSQL 集群上运行，需要 ${POSTGRES_LIB}/<版本>/bin 下的 initdb 与 pg_ctl，请先运行：sudo apt-get install -y postgresql`,
    );
  }
  return found;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Where a test run keeps its cluster: in its work folder, unless the postgres user (whom PostgreSQL runs as when we are
 * root) cannot reach that folder (a clone under /root); then in the system's temporary folder, named by the port.
 */
export function clusterHome(workDir: string, port: number): string {
  const reachable = !isRoot() || spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', workDir]).status === 0;
  return reachable ? path.join(workDir, 'postgres') : path.join(os.tmpdir(), `feiyi-test-postgres-${port}`);
}

/**
 * A PostgreSQL cluster of one test run's own: its data folder and log in `home`, its own port, only TCP on 127.0.0.1
 * with trust for the postgres role. The fault tests stop and start it for real (pg_ctl), which the machine's shared
 * server must never be. PostgreSQL refuses to run as root: as root, its programs run as the postgres user.
 */
export class PrivateCluster {
  readonly home: string;
  readonly port: number;
  readonly binDir: string;

  constructor(home: string, port: number, binDir = requirePostgresBinDir()) {
    this.home = home;
    this.port = port;
    this.binDir = binDir;
  }

  /** initdb's folder: everything pg_ctl needs is in it, the port included. */
  get dataDir(): string {
    return path.join(this.home, 'data');
  }

  get logFile(): string {
    return path.join(this.home, 'server.log');
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Makes the cluster in an empty folder (a leftover one, from a run that never finished, is stopped and removed). */
  async create(): Promise<void> {
    if (existsSync(path.join(this.dataDir, 'postmaster.pid'))) await this.stop('immediate').catch(() => undefined);
    rmSync(this.home, { recursive: true, force: true });
    mkdirSync(path.dirname(this.home), { recursive: true });
    mkdirSync(this.home, { mode: 0o700 });
    if (isRoot()) {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
      chownSync(this.home, uid!, gid!);
    }
    await this.pg('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'], 'initdb');
    appendFileSync(
      path.join(this.dataDir, 'postgresql.conf'),
      [
        '',
        "# A test run's own cluster (scripts/src/postgres.ts): TCP on 127.0.0.1 only, no Unix socket to share a folder with.",
        `port = ${this.port}`,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        // Lost with the machine anyway: no flush to disk. Commits still reach the WAL before they are answered, so a
        // killed server (pg_ctl -m immediate) keeps every committed transaction.
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 64MB',
        '',
      ].join('\n'),
    );
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '120', 'start'], 'PostgreSQL 启动');
  }

  /** Stops the server: fast (sessions ended cleanly) or immediate (every process killed, crash recovery at the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '120', 'stop'], 'PostgreSQL 停止');
  }

  /** Whether the server runs (pg_ctl status). */
  async runs(): Promise<boolean> {
    return this.pg('pg_ctl', ['-D', this.dataDir, 'status'], 'PostgreSQL 状态').then(
      () => true,
      () => false,
    );
  }

  /** Stops the server if it runs and deletes its folder. */
  async remove(): Promise<void> {
    if (existsSync(path.join(this.dataDir, 'postmaster.pid'))) await this.stop('fast').catch(() => this.stop('immediate'));
    rmSync(this.home, { recursive: true, force: true });
  }

  private async pg(program: string, args: string[], label: string): Promise<void> {
    const command = path.join(this.binDir, program);
    const [file, fileArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    await run(file, fileArgs, { cwd: '/', quiet: true, label, env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } });
  }
}
