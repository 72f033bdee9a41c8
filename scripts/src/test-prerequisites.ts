import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandError, run } from './processes.ts';

/** Debian's Chromium: the only browser the suite uses (a downloaded one would not install here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Chromium as the scripts drive it (benches, the guide's screenshots): no sandbox, GPU or background traffic. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
// jing: the RELAX NG validator the feed tests check the Atom feeds with (RFC 4287's schema, tests/open-data/atom.rnc).
const BROWSER_PACKAGES = ['chromium', 'fonts-noto-cjk', 'jing'];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

function hasCjkFont(): boolean {
  if (!hasCommand('fc-list')) return false;
  try {
    return /Noto Sans CJK/i.test(execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/** What the browser tests lack on this machine: Debian package names, empty when ready. */
export function missingBrowserPackages(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!hasCjkFont()) missing.push('fonts-noto-cjk');
  if (!hasCommand('jing')) missing.push('jing');
  return missing;
}

/**
 * Chromium and the CJK fonts for the browser tests. Installed from Debian's packages when missing
 * and we are root; otherwise one clear line naming the command, before any test runs.
 */
export async function ensureBrowser(log: (line: string) => void): Promise<void> {
  const missing = missingBrowserPackages();
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${BROWSER_PACKAGES.join(' ')}`;
  if (!isRoot() || !hasCommand('apt-get')) {
    throw new CommandError(`浏览器测试需要 Debian 的 ${missing.join(' 与 ')}，请先运行：sudo sh -c '${command}'`);
  }
  log(`安装浏览器测试所需的 Debian 软件包：${BROWSER_PACKAGES.join('、')}（约 1 分钟）…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { cwd: '/', env, quiet: true, label: 'apt-get update' });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...BROWSER_PACKAGES], {
    cwd: '/',
    env,
    quiet: true,
    label: 'apt-get install',
  });
  const still = missingBrowserPackages();
  if (still.length > 0) throw new CommandError(`安装后仍缺少 ${still.join('、')}，请手动运行：${command}`);
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function waitFor(port: number, seconds: number): Promise<boolean> {
  for (let i = 0; i < seconds; i += 1) {
    if (await answers(port)) return true;
    await sleep(1000);
  }
  return false;
}

/**
 * The scale-out suite needs the local PostgreSQL (5432) and Redis (6379). When a Debian cluster or
 * redis-server is installed but stopped, start it; otherwise say how. Without `postgres` only Redis (the scale
 * profile's tests run on a cluster of their own).
 */
export async function ensureScaleOutServices(log: (line: string) => void, { postgres = true } = {}): Promise<void> {
  if (postgres && !process.env.TEST_PG_ADMIN_URL && !(await answers(5432))) {
    if (!isRoot() || !hasCommand('pg_ctlcluster') || !existsSync('/etc/postgresql')) {
      throw new CommandError('PostgreSQL 测试需要本机 127.0.0.1:5432 上的 PostgreSQL（或设置 TEST_PG_ADMIN_URL）');
    }
    log('启动本机 PostgreSQL…');
    const version = execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { cwd: '/', quiet: true, label: 'pg_ctlcluster' });
    if (!(await waitFor(5432, 30))) throw new CommandError('PostgreSQL 未能在 30 秒内启动（127.0.0.1:5432）');
  }
  if (!process.env.TEST_REDIS_URL && !(await answers(6379))) {
    if (!hasCommand('redis-server')) throw new CommandError('多实例测试需要本机 127.0.0.1:6379 上的 Redis（或设置 TEST_REDIS_URL）');
    log('启动本机 Redis…');
    await run('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'], {
      cwd: '/',
      quiet: true,
      label: 'redis-server',
    });
    if (!(await waitFor(6379, 10))) throw new CommandError('Redis 未能在 10 秒内启动（127.0.0.1:6379）');
  }
}
