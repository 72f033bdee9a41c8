/**
 * The page's side of parse-worker.ts: the browser parses the API's answers with the contract's schemas in a worker,
 * so that neither zod nor a schema is evaluated on the main thread (on /public-welfare and /charity, whose islands
 * read live data as they load, that evaluation was the pages' largest script task: ≈ 90 KB of zod and schemas).
 * The worker starts with the first call. Where there is no worker (at build time, an old browser) or it fails
 * (its script did not load, an answer could not be copied), client.ts parses on the page as before.
 */
import type { FromParser, ToParser } from './parse-worker.ts';
import type { SchemaName } from './schemas.ts';

/** undefined: not started yet; null: no worker here (parse on the page). */
let parser: Worker | null | undefined;
const waiting = new Map<number, (reply: FromParser) => void>();
let nextId = 0;

function settleAll(outcome: 'unavailable') {
  for (const [id, settle] of waiting) settle({ id, outcome });
  waiting.clear();
}

function worker(): Worker | undefined {
  if (parser === undefined) {
    parser = null;
    if (typeof Worker === 'undefined') return undefined;
    try {
      const started = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module', name: 'api-answers' });
      started.addEventListener('message', (event: MessageEvent<FromParser>) => {
        const settle = waiting.get(event.data.id);
        waiting.delete(event.data.id);
        settle?.(event.data);
      });
      // The worker's script failed to load or threw: every parse waiting on it, and every later one, is the page's.
      started.addEventListener('error', () => {
        parser = null;
        started.terminate();
        settleAll('unavailable');
      });
      parser = started;
    } catch {
      parser = null;
    }
  }
  return parser ?? undefined;
}

const send = (target: Worker, message: ToParser) => target.postMessage(message);

/** Starts loading the schema's module in the worker; false when there is no worker (the caller loads it itself). */
export function prepareParse(name: SchemaName): boolean {
  const target = worker();
  if (!target) return false;
  send(target, { kind: 'load', name });
  return true;
}

/** The answer parsed in the worker: { success, data }, or undefined when the worker could not (parse it on the page). */
export async function parseOffThread(
  name: SchemaName,
  body: unknown,
): Promise<{ success: true; data: unknown } | { success: false } | undefined> {
  const target = worker();
  if (!target) return undefined;
  const id = nextId++;
  const reply = await new Promise<FromParser>((resolve) => {
    waiting.set(id, resolve);
    try {
      send(target, { kind: 'parse', id, name, body });
    } catch {
      waiting.delete(id);
      resolve({ id, outcome: 'unavailable' });
    }
  });
  if (reply.outcome === 'parsed') return { success: true, data: reply.data };
  if (reply.outcome === 'invalid') return { success: false };
  return undefined;
}
