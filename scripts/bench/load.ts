/**
 * Load with autocannon and the helper servers the benches compare against (ceiling-server.ts, search-server.ts),
 * shared by bench/api.ts and bench/scale.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface Row {
  target: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  /** What the errors were: each non-2xx status, and each connection error by its code (e.g. ECONNRESET, timeout). */
  errorKinds: Record<string, number>;
}

/** One autocannon run, with its connection errors and non-2xx statuses counted by kind. */
function measure(options: autocannon.Options): Promise<{ result: autocannon.Result; errorKinds: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const errorKinds: Record<string, number> = {};
    const count = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, errorKinds })));
    instance.on('reqError', (error: NodeJS.ErrnoException) => count(error.code ?? error.message));
    instance.on('response', (_client, status: number) => {
      if (status < 200 || status > 299) count(String(status));
    });
  });
}

/** Cached reads: 2 s of warm-up at 10 connections, then `duration` seconds at `connections`. */
export async function load(
  target: string,
  url: string,
  options: { paths?: string[] | undefined; connections: number; duration: number; headers?: Record<string, string> },
): Promise<Row> {
  const requests = options.paths ? { requests: options.paths.map((p) => ({ method: 'GET' as const, path: p })) } : {};
  const headers = options.headers ? { headers: options.headers } : {};
  // A short warm-up first, so the JIT and caches are warm when the measured run starts.
  await autocannon({ url, connections: 10, duration: 2, ...requests, ...headers });
  const { result, errorKinds } = await measure({
    url,
    connections: options.connections,
    duration: options.duration,
    ...requests,
    ...headers,
  });
  const row = {
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    errorKinds,
  };
  console.log(
    `  ${target}: ${row.rps} req/s, p99 ${row.p99} ms${row.errors ? `, ${row.errors} errors ${JSON.stringify(errorKinds)}` : ''}`,
  );
  return row;
}

/** Starts one of the bench's helper servers (a script next to this file) and resolves once it prints "ready". */
export function spawnReady(script: string, args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
