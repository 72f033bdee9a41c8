import { describe, expect, it } from 'vitest';
import { DonorFeed } from './donor-feed.ts';

/** A feed over a fake CMS that counts its requests and answers when told to. */
function feedOver() {
  let clock = 0;
  const requests: Array<{ limit: number; answer: (records: string[]) => void; fail: (error: Error) => void }> = [];
  const feed = new DonorFeed<string[]>(
    (limit) =>
      new Promise((resolve, reject) => {
        requests.push({ limit, answer: resolve, fail: reject });
      }),
    { ttlMs: 1000, now: () => clock },
  );
  /** A read of limit 20 that reaches the CMS as its request number `n`, answered with `records`. */
  const readFromCms = (n: number, records: string[]) => {
    const read = feed.get(20);
    expect(requests).toHaveLength(n);
    requests[n - 1]!.answer(records);
    return read;
  };
  return { feed, requests, readFromCms, tick: (ms: number) => (clock += ms) };
}

describe('DonorFeed', () => {
  it('asks the CMS once for the readers of one moment, and again once the answer is a second old', async () => {
    const { feed, requests, readFromCms, tick } = feedOver();
    const readers = [feed.get(20), feed.get(20), feed.get(20)];
    expect(requests).toHaveLength(1);
    requests[0]!.answer(['张**']);
    expect(await Promise.all(readers)).toEqual([['张**'], ['张**'], ['张**']]);
    tick(999);
    expect(await feed.get(20)).toEqual(['张**']);
    expect(requests).toHaveLength(1);
    tick(1);
    expect(await readFromCms(2, ['李**', '张**'])).toEqual(['李**', '张**']);
  });

  it('keeps each limit apart', async () => {
    const { feed, requests } = feedOver();
    void feed.get(20);
    void feed.get(5);
    expect(requests.map((r) => r.limit)).toEqual([20, 5]);
  });

  it('asks again after a donation, even within the second', async () => {
    const { feed, readFromCms } = feedOver();
    await readFromCms(1, ['张**']);
    feed.invalidate();
    expect(await readFromCms(2, ['王**', '张**'])).toEqual(['王**', '张**']);
  });

  it('does not keep a failed answer: the next reader asks again', async () => {
    const { feed, requests, readFromCms } = feedOver();
    const failed = feed.get(20);
    requests[0]!.fail(new Error('cms down'));
    await expect(failed).rejects.toThrow('cms down');
    expect(await readFromCms(2, [])).toEqual([]);
  });
});
