import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertPortFree, hashTree, CommandError, processRuns, stopProcess } from './processes.ts';

describe('assertPortFree', () => {
  it('names the port and the service when the port is taken', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(assertPortFree(port, '127.0.0.1', '网站与 API')).rejects.toThrowError(
        new CommandError(`端口 ${port} 已被占用（网站与 API 需要它）。请先停止占用该端口的程序，或用环境变量改用其他端口。`),
      );
    } finally {
      server.close();
    }
  });

  it('resolves for a free port', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(assertPortFree(port, '127.0.0.1', 'x')).resolves.toBeUndefined();
  });
});

describe('hashTree', () => {
  it('changes when a file changes and ignores build output folders', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hash-'));
    writeFileSync(path.join(dir, 'a.ts'), 'one');
    const first = hashTree([dir]);
    writeFileSync(path.join(dir, 'a.ts'), 'two');
    const second = hashTree([dir]);
    expect(second).not.toBe(first);
    mkdirSync(path.join(dir, 'node_modules'));
    writeFileSync(path.join(dir, 'node_modules', 'dep.js'), 'ignored');
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'out.js'), 'ignored');
    expect(hashTree([dir])).toBe(second);
    writeFileSync(path.join(dir, 'b.ts'), 'new source');
    expect(hashTree([dir])).not.toBe(second);
  });
});

describe('processRuns and stopProcess', () => {
  it('see a process run until it is stopped, a process that ignores SIGTERM included', async () => {
    // Ignores SIGTERM: stopProcess must end it with SIGKILL after its wait.
    const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const pid = child.pid!;
    expect(processRuns(pid)).toBe(true);
    await stopProcess(pid, 500);
    expect(processRuns(pid)).toBe(false);
    expect(child.signalCode ?? (await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal))))).toBe('SIGKILL');
  });

  it('says a process that does not exist does not run, and stopping it is nothing', async () => {
    expect(processRuns(2 ** 22 + 1)).toBe(false);
    await expect(stopProcess(2 ** 22 + 1)).resolves.toBeUndefined();
  });
});
