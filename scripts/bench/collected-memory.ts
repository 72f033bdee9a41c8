/**
 * A Node.js process's memory once its garbage is collected, for the soak's growth check. Resident memory sampled at two
 * moments says little about growth: V8 lets garbage (a content reload's old copy, its fetched JSON) stay in the heap until
 * its next full collection, which under steady load may be minutes away, so two samples land anywhere on that sawtooth
 * (measured: an adapter at 401 MB had 92 MB of live heap, and 220 MB resident once collected). Here the process's own
 * inspector (SIGUSR1 opens it, on 127.0.0.1 only) runs two full collections, then the resident memory is read; the
 * inspector is closed again. Processes are taken one at a time: they share the inspector's default port.
 */
import { residentMb } from './scale-profile.ts';

const INSPECTOR_PORT = 9229;

export interface CollectedMemory {
  /** Resident memory right after the collections (MB). */
  rssMb: number;
  /** The live JavaScript heap (MB). */
  heapUsedMb: number;
}

const listUrl = `http://127.0.0.1:${INSPECTOR_PORT}/json/list`;
const inspectorAnswers = () =>
  fetch(listUrl, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function collectedMemory(pid: number): Promise<CollectedMemory> {
  // Another process's inspector on the port would be measured instead: refuse rather than guess.
  if (await inspectorAnswers()) throw new Error(`port ${INSPECTOR_PORT} is taken by another inspector`);
  process.kill(pid, 'SIGUSR1');
  await until(`the inspector of process ${pid}`, inspectorAnswers);
  const [target] = (await (await fetch(listUrl)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = ++lastId;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async <T>(expression: string) =>
    (await send<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  try {
    const inspected = await evaluate<number>('process.pid');
    if (inspected !== pid) throw new Error(`the inspector on port ${INSPECTOR_PORT} belongs to process ${inspected}, not ${pid}`);
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const heapUsed = await evaluate<number>('process.memoryUsage().heapUsed');
    return { rssMb: Math.round(residentMb(pid) * 10) / 10, heapUsedMb: Math.round((heapUsed / 2 ** 20) * 10) / 10 };
  } finally {
    // Closing the inspector ends this session, so its answer never comes: wait for the port instead.
    socket.send(
      JSON.stringify({
        id: ++lastId,
        method: 'Runtime.evaluate',
        params: { expression: "process.getBuiltinModule('node:inspector').close()" },
      }),
    );
    await until(`the inspector of process ${pid} to close`, async () => !(await inspectorAnswers()));
    socket.close();
  }
}
