import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Snapshot } from './snapshot.ts';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const answerShape = z.object({ n: z.number(), build: z.number() });

describe('Snapshot', () => {
  it('loads once for concurrent first readers', async () => {
    let loads = 0;
    const snapshot = new Snapshot(async () => ++loads, { revalidateMs: 0, onError: () => {} });
    const values = await Promise.all([snapshot.get(), snapshot.get(), snapshot.get()]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('keeps serving the old value while an invalidation reloads', async () => {
    const gate = deferred<string>();
    let calls = 0;
    const snapshot = new Snapshot(async () => (++calls === 1 ? 'old' : gate.promise), { revalidateMs: 0, onError: () => {} });
    expect(await snapshot.get()).toBe('old');
    const reloading = snapshot.invalidate();
    expect(await snapshot.get()).toBe('old');
    gate.resolve('new');
    await reloading;
    expect(await snapshot.get()).toBe('new');
    expect(snapshot.currentVersion).toBe(2);
  });

  it('keeps the last good value when a reload fails', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const snapshot = new Snapshot(
      async () => {
        calls += 1;
        if (calls > 1) throw new Error('cms down');
        return 'good';
      },
      { revalidateMs: 0, onError: (e) => errors.push(e) },
    );
    await snapshot.get();
    await expect(snapshot.invalidate()).rejects.toThrow('cms down');
    expect(await snapshot.get()).toBe('good');
    expect(errors).toHaveLength(1);
  });

  it('files each answer under the version of the value it was built from, and retires answers on reload', async () => {
    let loads = 0;
    const snapshot = new Snapshot(async () => ({ n: ++loads }), { revalidateMs: 0, onError: () => {} });
    let builds = 0;
    const build = (value: { n: number }) => ({ n: value.n, build: ++builds });
    expect((await snapshot.answer('k', answerShape, build)).body.toString()).toBe('{"n":1,"build":1}');
    expect((await snapshot.answer('k', answerShape, build)).body.toString()).toBe('{"n":1,"build":1}');
    await snapshot.invalidate();
    expect((await snapshot.answer('k', answerShape, build)).body.toString()).toBe('{"n":2,"build":2}');
  });

  it('with checkAnswers, holds each answer to its schema when built (what the serializer would have done)', async () => {
    const checked = new Snapshot(async () => ({ n: 1 }), { revalidateMs: 0, onError: () => {}, checkAnswers: true });
    const wrong = () => ({ n: 1, build: 'one' }) as unknown as z.input<typeof answerShape>;
    await expect(checked.answer('k', answerShape, wrong)).rejects.toThrow(/expected number/);
    const unchecked = new Snapshot(async () => ({ n: 1 }), { revalidateMs: 0, onError: () => {} });
    expect((await unchecked.answer('k', answerShape, wrong)).body.toString()).toBe('{"n":1,"build":"one"}');
    // Parsing also drops what the schema does not declare, as the route's serializer would.
    const extra = () => ({ n: 1, build: 2, secret: 'x' });
    expect((await checked.answer('e', answerShape, extra)).body.toString()).toBe('{"n":1,"build":2}');
  });
});
