import { describe, expect, it } from 'vitest';
import { BuildReads, answerHash, memoDep, readKey } from './reads.ts';

/** An API in memory: answers by path, and the calls it got. */
function fakeApi(initial: Record<string, unknown>) {
  const answers = new Map(Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]));
  const calls: string[] = [];
  const fetch = (async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/internal/site-reads') {
      const { keys } = (await request.json()) as { keys: string[] };
      const hashes = Object.fromEntries(keys.map((key) => [key, answerHash(answers.has(key) ? 200 : 404, answers.get(key) ?? '')]));
      return Response.json({ data: { hashes } });
    }
    const key = readKey(request.url);
    return new Response(answers.get(key) ?? '', { status: answers.has(key) ? 200 : 404 });
  }) as typeof globalThis.fetch;
  return { answers, calls, fetch };
}

const ORIGIN = 'http://api.test';
const read = (reads: BuildReads, key: string) => reads.fetch(`${ORIGIN}${key}?_t=${Math.random()}`).then((r) => r.text());

describe('BuildReads', () => {
  it('attributes a memoized list to every page that used it, not only the first', async () => {
    const api = fakeApi({ '/api/culture/list': [1, 2] });
    const reads = new BuildReads(api.fetch);
    const list = () => reads.once('cultures', () => read(reads, '/api/culture/list'));
    const first = await reads.collect(list);
    const second = await reads.collect(list);
    expect([first.reads, second.reads]).toEqual([new Set([memoDep('cultures')]), new Set([memoDep('cultures')])]);
    expect(api.calls).toHaveLength(1);
  });

  it('reports a value derived from a list as changed only when the value itself changed', async () => {
    const api = fakeApi({
      '/api/culture/list': [
        { id: 1, title: '甲' },
        { id: 2, title: '乙' },
      ],
    });
    const reads = new BuildReads(api.fetch);
    const list = () => reads.once('cultures', async () => JSON.parse(await read(reads, '/api/culture/list')) as Array<{ id: number }>);
    const item = (id: number) => reads.once(`culture:${id}`, async () => (await list()).find((culture) => culture.id === id));
    const page = await reads.collect(() => item(1));
    expect(page.reads).toEqual(new Set([memoDep('culture:1')]));
    await reads.collect(() => item(2));

    api.answers.set(
      '/api/culture/list',
      JSON.stringify([
        { id: 1, title: '甲' },
        { id: 2, title: '乙（修订）' },
      ]),
    );
    expect(await reads.refresh(ORIGIN)).toEqual(new Set(['/api/culture/list', memoDep('cultures'), memoDep('culture:2')]));
  });

  it('after a refresh, reports the changed answers and loads memoized lists again from the new answers', async () => {
    const api = fakeApi({ '/api/culture/list': [1, 2], '/api/culture/1': 'a' });
    const reads = new BuildReads(api.fetch);
    const list = () => reads.once('cultures', () => read(reads, '/api/culture/list'));
    await reads.collect(async () => [await list(), await read(reads, '/api/culture/1')]);

    api.answers.set('/api/culture/list', JSON.stringify([2]));
    api.calls.length = 0;
    expect(await reads.refresh(ORIGIN, { secret: 'secret' })).toEqual(new Set(['/api/culture/list', memoDep('cultures')]));
    // One call fingerprints both answers; only the changed one is read again.
    expect(api.calls).toEqual(['POST /api/internal/site-reads', 'GET /api/culture/list']);
    api.calls.length = 0;
    expect(await reads.collect(list)).toEqual({ value: '[2]', reads: new Set([memoDep('cultures')]) });
    expect(await read(reads, '/api/culture/1')).toBe('"a"');
    expect(api.calls).toEqual([]);
  });

  it('without the secret reads every answer again, and notices one that is gone', async () => {
    const api = fakeApi({ '/api/culture/1': 'a', '/api/culture/2': 'b' });
    const reads = new BuildReads(api.fetch);
    await read(reads, '/api/culture/1');
    await read(reads, '/api/culture/2');
    api.answers.delete('/api/culture/2');
    expect(await reads.refresh(ORIGIN)).toEqual(new Set(['/api/culture/2']));
  });

  it('empties the other render-time caches of the site before each new generation', async () => {
    const reads = new BuildReads(fakeApi({}).fetch);
    const islandCache = new Map([['culture-page-1', 'before the publish']]);
    reads.onNewGeneration(() => islandCache.clear());
    await reads.refresh(ORIGIN);
    expect(islandCache.size).toBe(0);
  });

  it('still notices a memoized value change after a generation that did not use it', async () => {
    const api = fakeApi({ '/api/culture/list': [{ id: 1, title: '甲' }] });
    const reads = new BuildReads(api.fetch);
    const list = () => reads.once('cultures', async () => JSON.parse(await read(reads, '/api/culture/list')) as unknown);
    await reads.collect(list);
    // A publish that touched something else: no page loads the list in this generation.
    expect(await reads.refresh(ORIGIN)).toEqual(new Set());
    api.answers.set('/api/culture/list', JSON.stringify([{ id: 1, title: '甲（修订）' }]));
    expect(await reads.refresh(ORIGIN)).toEqual(new Set(['/api/culture/list', memoDep('cultures')]));
  });

  it('goes on in another process from a snapshot: answers are checked again, a memoized value is loaded by rendering a page', async () => {
    const api = fakeApi({
      '/api/culture/list': [
        { id: 1, title: '甲' },
        { id: 2, title: '乙' },
      ],
    });
    const built = new BuildReads(api.fetch);
    const listIn = (reads: BuildReads) => () =>
      reads.once('cultures', async () => JSON.parse(await read(reads, '/api/culture/list')) as Array<{ id: number }>);
    const itemIn = (reads: BuildReads) => (id: number) =>
      reads.once(`culture:${id}`, async () => (await listIn(reads)()).find((culture) => culture.id === id));
    await built.collect(() => itemIn(built)(1));
    await built.collect(() => itemIn(built)(2));
    const snapshot = structuredClone(built.snapshot());

    api.answers.set(
      '/api/culture/list',
      JSON.stringify([
        { id: 1, title: '甲' },
        { id: 2, title: '乙（修订）' },
      ]),
    );
    api.calls.length = 0;
    const resumed = new BuildReads(api.fetch);
    resumed.restore(snapshot);
    const rendered: string[] = [];
    // The restored values have no load here: `recompute` stands for rendering a page that uses the value.
    const changed = await resumed.refresh(ORIGIN, {
      secret: 'secret',
      recompute: async (key) => {
        rendered.push(key);
        await resumed.collect(() => itemIn(resumed)(Number(key.split(':')[1] ?? 0) || 1));
      },
    });
    expect(changed).toEqual(new Set(['/api/culture/list', memoDep('cultures'), memoDep('culture:2')]));
    // One fingerprint call and the changed answer; the list is loaded once, from the answers of this generation.
    expect(api.calls).toEqual(['POST /api/internal/site-reads', 'GET /api/culture/list']);
    expect(rendered).toEqual(['cultures', 'culture:2']);
  });

  it('loads a restored memoized value by the load its key was defined with', async () => {
    const api = fakeApi({ '/api/culture/list': [{ id: 1, title: '甲' }] });
    const built = new BuildReads(api.fetch);
    await built.collect(() => built.once('culture:1', async () => JSON.parse(await read(built, '/api/culture/list')) as unknown));
    const snapshot = structuredClone(built.snapshot());
    api.answers.set('/api/culture/list', JSON.stringify([{ id: 1, title: '甲（修订）' }]));
    const resumed = new BuildReads(api.fetch);
    resumed.restore(snapshot);
    const loaded: string[] = [];
    resumed.define('culture:', async (id) => {
      loaded.push(id);
      return JSON.parse(await read(resumed, '/api/culture/list')) as unknown;
    });
    const recompute = async () => {
      throw new Error('no page needs rendering');
    };
    expect(await resumed.refresh(ORIGIN, { recompute })).toEqual(new Set(['/api/culture/list', memoDep('culture:1')]));
    expect(loaded).toEqual(['1']);
  });

  it('keys reads without the cache-busting _t and with the query in a stable order', () => {
    expect(readKey('http://x/api/a?size=5&_t=123&page=2')).toBe('/api/a?page=2&size=5');
  });
});
