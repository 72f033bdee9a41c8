import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A ./portal command that cannot go on, for a reason its Chinese message explains to the person running
 * it (cli.ts prints the message alone, no stack). Not the CMS's PortalError, which is an HTTP answer.
 */
export class CommandError extends Error {}

/** Resolves when nothing listens on host:port; otherwise a CommandError naming the port. */
export async function assertPortFree(port: number, host: string, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new CommandError(
          error.code === 'EADDRINUSE'
            ? `端口 ${port} 已被占用（${what} 需要它）。请先停止占用该端口的程序，或用环境变量改用其他端口。`
            : `无法在 ${host}:${port} 上监听（${what}）：${error.message}`,
        ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

export interface Service {
  name: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

export function startService(options: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logDir: string;
}): Service {
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: options.name,
    child,
    logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Whether a process runs (a zombie, exited but not yet reaped by its parent, does not). */
export function processRuns(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Stops a process that is not our child (SIGTERM, then SIGKILL after graceMs); resolves once it is gone. */
export async function stopProcess(pid: number, graceMs = 10_000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  };
  if (!processRuns(pid)) return;
  signal('SIGTERM');
  for (let waited = 0; processRuns(pid); waited += 100) {
    if (waited >= graceMs && waited < graceMs + 100) signal('SIGKILL');
    await sleep(100);
  }
}

export function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Polls url until it answers with one of the expected statuses, failing early when the process dies. */
export async function waitForHttp(
  url: string,
  service: Service,
  { timeoutMs = 180_000, expect = [200, 204] }: { timeoutMs?: number; expect?: number[] } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) {
      throw new CommandError(`${service.name} 启动失败（退出码 ${service.child.exitCode}）。日志末尾：\n${tail(service.logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (expect.includes(response.status)) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new CommandError(`${service.name} 在 ${timeoutMs / 1000} 秒内未就绪（${url}）。日志：${service.logFile}`);
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.cache', '.tmp', '.astro', 'build', 'uploads', 'database', '.strapi']);

/** A content hash of the files under the given paths: the build is redone only when it changes. */
export function hashTree(paths: string[]): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p).sort()) {
        if (!SKIP_DIRS.has(entry)) visit(path.join(p, entry));
      }
    } else {
      hash.update(p);
      hash.update(readFileSync(p));
    }
  };
  paths.forEach(visit);
  return hash.digest('hex');
}

export function readStamp(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function writeStamp(file: string, value: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${value}\n`);
}

/**
 * Runs a command to completion, streaming its output; rejects with its tail on failure. `niceness` (0–19) lowers
 * the command's CPU priority, so background work (a site rebuild after a publish) never slows the servers'
 * answers to visitors.
 */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean; label: string; niceness?: number },
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    // coreutils' nice, so every thread the command starts inherits the priority.
    const [program, programArgs] = options.niceness ? ['nice', ['-n', String(options.niceness), command, ...args]] : [command, args];
    const child = spawn(program, programArgs, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-8000)));
    child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-8000)));
    child.once('error', (error) => reject(new CommandError(`${options.label} 无法运行：${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new CommandError(`${options.label} 失败（退出码 ${code}）\n${output}`))));
  });
}
