import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CmsClient } from '../cms/client.ts';
import { collection, ContentStore, singleType, view } from './store.ts';

const shape = z.object({ pid: z.number(), stock: z.number() });
const items = collection('shop', 'things', { shape, map: (documents) => documents.map((d) => ({ id: d.pid, stock: d.stock })) });
const total = view('shop', [items], (read) => read(items).reduce((sum, item) => sum + item.stock, 0));
const banner = singleType('content', 'banner', { shape: z.object({ text: z.string() }), map: (document) => document?.text ?? '无' });

/** Only what the store calls: listAll, single and contentVersion. */
function cmsWith(documents: Record<string, unknown[]>, version = { content: 'c1', shop: 's1' }) {
  const calls: string[] = [];
  const cms = {
    listAll: async (name: string) => {
      calls.push(name);
      return documents[name] ?? [];
    },
    single: async (name: string) => {
      calls.push(name);
      const [document] = documents[name] ?? [];
      if (!document) throw new Error('not published');
      return document;
    },
    contentVersion: async () => ({ ...version }),
  } as unknown as CmsClient;
  return { cms, calls, version };
}
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A store whose shop is loaded, watching the stock fingerprint `version.stock`; `follows` counts its stock follows. */
async function shopFollowingStock(onFollow: (store: ContentStore) => void = () => undefined) {
  const version = { content: 'c1', shop: 's1', stock: 't1', editorActiveAt: null };
  const { cms } = cmsWith({ things: [{ pid: 1, stock: 2 }] }, version);
  const store = new ContentStore(cms, 'http://x', log);
  store.use(total);
  await store.shop.get();
  let follows = 0;
  store.onStockMoved(async () => {
    follows += 1;
    onFollow(store);
  });
  return { store, version, follows: () => follows };
}

describe('ContentStore', () => {
  it('loads the registered sources of a group and builds their views', async () => {
    const { cms, calls } = cmsWith({
      things: [
        { pid: 1, stock: 2 },
        { pid: 2, stock: 5 },
      ],
    });
    const store = new ContentStore(cms, 'http://x', log);
    store.use(total);
    const copy = await store.shop.get();
    expect(copy.get(items)).toEqual([
      { id: 1, stock: 2 },
      { id: 2, stock: 5 },
    ]);
    expect(copy.get(total)).toBe(7);
    expect(calls).toEqual(['things']);
    expect(store.counts).toEqual({ loads: { content: 0, shop: 1 }, updates: { content: 0, shop: 0 } });
  });

  it('refuses to read a part nobody registered', async () => {
    const store = new ContentStore(cmsWith({}).cms, 'http://x', log);
    store.use(banner);
    const copy = await store.content.get();
    expect(copy.get(banner)).toBe('无');
    expect(() => copy.get(items)).toThrow('content part not registered with the store: things');
  });

  it('refuses a view that mixes groups', () => {
    const store = new ContentStore(cmsWith({}).cms, 'http://x', log);
    expect(() => store.use(view('content', [items], () => 0))).toThrow('a content view cannot use shop content (things)');
  });

  it('updates documents in place: views follow, cached answers retire, nothing is reloaded', async () => {
    const { cms, calls } = cmsWith({ things: [{ pid: 1, stock: 2 }] });
    const store = new ContentStore(cms, 'http://x', log);
    store.use(total);
    const before = await store.shop.answer('total', z.number(), (copy) => copy.get(total));
    store.update(items, (documents) => documents.map((d) => (d.pid === 1 ? { ...d, stock: 1 } : d)));
    const after = await store.shop.answer('total', z.number(), (copy) => copy.get(total));
    expect([before.body.toString(), after.body.toString()]).toEqual(['2', '1']);
    expect(calls).toEqual(['things']);
    expect(store.counts).toEqual({ loads: { content: 0, shop: 1 }, updates: { content: 0, shop: 1 } });
  });

  it('a failed load keeps serving the previous copy', async () => {
    const documents: Record<string, unknown[]> = { things: [{ pid: 1, stock: 2 }] };
    const { cms } = cmsWith(documents);
    const store = new ContentStore(cms, 'http://x', log);
    store.use(total);
    await store.shop.get();
    documents.things = [{ pid: 'broken' }];
    await expect(store.shop.invalidate()).rejects.toThrow();
    expect((await store.shop.get()).get(total)).toBe(2);
  });

  it('runs one check at a time: a check asked for during a reload answers after it, and callers meanwhile share it', async () => {
    const version = { content: 'c1', shop: 's1' };
    let versionReads = 0;
    let finishLoad: () => void = () => undefined;
    const cms = {
      listAll: async () => [],
      single: async () => {
        // The second load (after the fingerprint moved) waits until the test lets it finish.
        if (store.counts.loads.content > 0) await new Promise<void>((resolve) => (finishLoad = resolve));
        return { text: 'x' };
      },
      contentVersion: async () => {
        versionReads += 1;
        return { ...version };
      },
    } as unknown as CmsClient;
    const store = new ContentStore(cms, 'http://x', log);
    store.use(banner);
    await store.content.get();
    await store.checkForChanges();

    version.content = 'c2';
    const reloading = store.checkForChanges();
    await expect.poll(() => versionReads).toBe(2);
    const after = [store.checkForChanges(), store.checkForChanges()];
    expect(after[0]).toBe(after[1]);
    let answered = false;
    void after[0]!.then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(versionReads).toBe(2);

    finishLoad();
    await Promise.all([reloading, ...after]);
    expect(store.counts.loads.content).toBe(2);
    expect(versionReads).toBe(3);
  });

  it('follows the stock after an update in place even when the fingerprint reads as before (a sale undone in the CMS)', async () => {
    const { store, follows } = await shopFollowingStock();
    await store.checkForChanges();
    await store.checkForChanges();
    expect(follows()).toBe(0);

    // A sale here (its answer carried the stock), undone in the CMS before the next check: the stock reads 't1' again.
    store.update(items, (documents) => documents.map((d) => ({ ...d, stock: 1 })));
    await store.checkForChanges();
    expect(follows()).toBe(1);
    await store.checkForChanges();
    expect(follows()).toBe(1);
  });

  it('adopts the levels another instance followed with their fingerprint: the next check follows nothing', async () => {
    const { store, version, follows } = await shopFollowingStock();
    await store.checkForChanges();
    version.stock = 't2';
    store.update(items, (documents) => documents.map((d) => ({ ...d, stock: 5 })), { followed: true });
    store.adoptFollowedStock('t2');
    await store.checkForChanges();
    expect(follows()).toBe(0);
    expect((await store.shop.get()).get(total)).toBe(5);
  });

  it('settles after following the stock: what it fetched is as new as the fingerprint, the next check fetches nothing', async () => {
    const { store, version, follows } = await shopFollowingStock((store) =>
      store.update(items, (documents) => documents.map((d) => ({ ...d, stock: 0 })), { followed: true }),
    );
    await store.checkForChanges();
    version.stock = 't2';
    await store.checkForChanges();
    expect(follows()).toBe(1);
    expect((await store.shop.get()).get(total)).toBe(0);
    await store.checkForChanges();
    await store.checkForChanges();
    expect(follows()).toBe(1);
  });
});
