/**
 * The page's side of the answers' worker: what the worker parsed comes back as the call's data, an answer the schema
 * refuses is a failed parse, and whatever the worker cannot do (a schema that did not load, a worker that failed to
 * start) is handed back to the page (undefined), which then parses the answer itself as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromParser, ToParser } from './parse-worker.ts';

type Reply = (message: Extract<ToParser, { kind: 'parse' }>) => Omit<FromParser, 'id'> | 'error';

/** A stand-in Worker whose replies come from `reply`; 'error' fires the worker's error event instead. */
function fakeWorker(reply: Reply) {
  const sent: ToParser[] = [];
  class FakeWorker {
    private readonly listeners = new Map<string, Array<(event: unknown) => void>>();
    constructor(
      readonly url: URL,
      readonly options: WorkerOptions,
    ) {}
    addEventListener(type: string, listener: (event: unknown) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    postMessage(message: ToParser) {
      sent.push(message);
      if (message.kind !== 'parse') return;
      const answer = reply(message);
      setTimeout(() => {
        if (answer === 'error') for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
        else for (const listener of this.listeners.get('message') ?? []) listener({ data: { id: message.id, ...answer } });
      });
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return sent;
}

async function freshModule() {
  vi.resetModules();
  return import('./parse-off-thread.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parsing answers off the main thread', () => {
  it('starts loading the schema with the call and returns what the worker parsed', async () => {
    const sent = fakeWorker(() => ({ outcome: 'parsed', data: { code: 20000, message: 'ok' } }));
    const { prepareParse, parseOffThread } = await freshModule();
    expect(prepareParse('messageOnly')).toBe(true);
    expect(await parseOffThread('messageOnly', { code: 20000, message: 'ok', extra: 1 })).toEqual({
      success: true,
      data: { code: 20000, message: 'ok' },
    });
    expect(sent.map((message) => message.kind)).toEqual(['load', 'parse']);
  });

  it('an answer the schema refuses is a failed parse', async () => {
    fakeWorker(() => ({ outcome: 'invalid' }));
    const { parseOffThread } = await freshModule();
    expect(await parseOffThread('messageOnly', { code: 'x' })).toEqual({ success: false });
  });

  it('what the worker cannot parse is left to the page', async () => {
    fakeWorker(() => ({ outcome: 'unavailable' }));
    const { parseOffThread } = await freshModule();
    expect(await parseOffThread('messageOnly', {})).toBeUndefined();
  });

  it('a worker that fails hands every waiting and later parse to the page', async () => {
    fakeWorker(() => 'error');
    const { prepareParse, parseOffThread } = await freshModule();
    expect(await parseOffThread('messageOnly', {})).toBeUndefined();
    expect(prepareParse('messageOnly')).toBe(false);
    expect(await parseOffThread('messageOnly', {})).toBeUndefined();
  });

  it('without workers (build time, an old browser) the page parses', async () => {
    vi.stubGlobal('Worker', undefined);
    const { prepareParse, parseOffThread } = await freshModule();
    expect(prepareParse('messageOnly')).toBe(false);
    expect(await parseOffThread('messageOnly', {})).toBeUndefined();
  });
});
