import { describe, expect, it } from 'vitest';
import { OrderQueue } from './order-queue.ts';

/** A queue whose batches wait until the test lets each one finish, answering each entry doubled. */
function controlledQueue(width: number, batchSize: number) {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  let running = 0;
  let most = 0;
  const queue = new OrderQueue<number, number>({
    width,
    batchSize,
    send: async (entries) => {
      batches.push(entries);
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return entries.map((n) => (n === 13 ? new Error(`refused ${n}`) : n * 2));
    },
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { queue, batches, releases, settle, most: () => most };
}

describe('OrderQueue', () => {
  it('sends an order at once when a place is free, and what queued meanwhile together, in arrival order', async () => {
    const { queue, batches, releases, settle, most } = controlledQueue(2, 4);
    const results = Array.from({ length: 11 }, (_, i) => queue.submit(i).catch((error: Error) => error.message));
    await settle();
    expect(batches).toEqual([[0], [1]]);
    expect(queue.queued).toBe(9);
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
    expect(batches).toEqual([[0], [1], [2, 3, 4, 5], [6, 7, 8, 9], [10]]);
    expect(await Promise.all(results)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(most()).toBe(2);
    expect(queue.queued).toBe(0);
  });

  it('fails one entry with its own error and the others not', async () => {
    const { queue, releases, settle } = controlledQueue(1, 10);
    const first = queue.submit(1);
    const rest = [12, 13, 14].map((n) => queue.submit(n).catch((error: Error) => error.message));
    await settle();
    releases.shift()!();
    await settle();
    releases.shift()!();
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual([24, 'refused 13', 28]);
  });

  it('fails the whole batch when sending it fails, and frees its place', async () => {
    let calls = 0;
    const queue = new OrderQueue<string, string>({
      width: 1,
      batchSize: 10,
      send: async (entries) => {
        calls += 1;
        if (calls === 1) throw new Error('CMS unavailable');
        return entries.map((entry) => entry.toUpperCase());
      },
    });
    await expect(queue.submit('a')).rejects.toThrow('CMS unavailable');
    expect(await queue.submit('b')).toBe('B');
  });

  it('refuses every entry of a batch that answered fewer results than it sent', async () => {
    const queue = new OrderQueue<number, number>({ width: 1, batchSize: 5, send: async () => [] });
    await expect(queue.submit(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
