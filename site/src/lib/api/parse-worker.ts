/**
 * The worker in which a browser parses the API's answers with the contract's zod schemas (parse-off-thread.ts starts
 * it): zod and the schemas are fetched, evaluated and run here, not on the page's main thread, where evaluating them
 * (≈ 30 ms on a fast desktop, several times that on a phone) held the page in long tasks while it loaded.
 * The zod it imports is the site's (jitless, Chinese messages: astro.config.mjs aliases it here as on the page).
 */
import { type SchemaName, parseAnswer, schemaModule } from './schemas.ts';

export type ToParser = { kind: 'load'; name: SchemaName } | { kind: 'parse'; id: number; name: SchemaName; body: unknown };
/** 'unavailable': the schema's module did not load or the answer could not be sent back; the page parses it itself. */
export type FromParser = { id: number; outcome: 'parsed'; data: unknown } | { id: number; outcome: 'invalid' | 'unavailable' };

interface WorkerScope {
  postMessage(message: FromParser): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToParser>) => void): void;
}
const worker = self as unknown as WorkerScope;

worker.addEventListener('message', ({ data: message }) => {
  if (message.kind === 'load') {
    // Loaded while the request is on its way; a failed import is tried again by the parse (schemas.ts forgets it).
    schemaModule(message.name).catch(() => undefined);
    return;
  }
  const { id, name, body } = message;
  void (async () => {
    let reply: FromParser;
    try {
      const parsed = await parseAnswer(name, body);
      reply = parsed.success ? { id, outcome: 'parsed', data: parsed.data } : { id, outcome: 'invalid' };
    } catch {
      reply = { id, outcome: 'unavailable' };
    }
    try {
      worker.postMessage(reply);
    } catch {
      worker.postMessage({ id, outcome: 'unavailable' });
    }
  })();
});
