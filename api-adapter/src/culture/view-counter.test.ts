import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CultureViews, VIEW_BATCH_MAX_COUNT } from '@feiyi/contract/portal';
import { ApiError } from '../http/errors.ts';
import { ViewCounter } from './view-counter.ts';

/**
 * A counter whose CMS and fan-out are recorded. The CMS can be down (every save fails as the client's do: 503), refuse
 * (400), or hold its answers until `answer` resolves.
 */
function counter(options: { maxItems?: number; withFanOut?: boolean } = {}) {
  const saved: CultureViews[] = [];
  const announced: CultureViews[] = [];
  const cms = { down: false, refuses: false, attempts: 0, answer: Promise.resolve() };
  const log = { warn: vi.fn(), error: vi.fn() };
  const views = new ViewCounter({
    save: async (batch) => {
      cms.attempts += 1;
      await cms.answer;
      if (cms.refuses) throw ApiError.badRequest('count 必须是整数');
      if (cms.down) throw ApiError.unavailable();
      saved.push(batch);
    },
    announce: options.withFanOut === false ? undefined : async (batch) => void announced.push(batch),
    log,
    intervalMs: 1_000,
    maxItems: options.maxItems,
  });
  const countTimes = (cultureId: number, times: number) => {
    for (let i = 0; i < times; i += 1) views.count(cultureId);
  };
  return { views, saved, announced, cms, log, countTimes };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ViewCounter', () => {
  it('sends nothing per view: a second later, one batch to the CMS and one announcement with every item’s views', async () => {
    const { views, saved, announced, countTimes } = counter();
    countTimes(7, 3);
    views.count(9);
    expect(saved).toEqual([]);
    expect(announced).toEqual([]);
    expect(views.pending).toBe(4);

    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const batch = [
      { cultureId: 7, count: 3 },
      { cultureId: 9, count: 1 },
    ];
    expect(saved).toEqual([batch]);
    expect(announced).toEqual([batch]);
    expect(views.pending).toBe(0);
    expect(views.totals).toEqual({ saved: 4, dropped: 0 });

    // Nothing new: no empty batch, no empty announcement.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved).toHaveLength(1);
    expect(announced).toHaveLength(1);
  });

  it('keeps a failed batch and saves it with the next views once the CMS is back; announces each view once only', async () => {
    const { views, saved, announced, cms, log, countTimes } = counter();
    cms.down = true;
    countTimes(7, 2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([]);
    expect(views.pending).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);

    // Still down at the retry: logged once per outage, not once per retry.
    views.count(8);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(views.pending).toBe(3);
    expect(log.warn).toHaveBeenCalledTimes(1);

    cms.down = false;
    views.count(7);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([
      [
        { cultureId: 7, count: 3 },
        { cultureId: 8, count: 1 },
      ],
    ]);
    expect(views.pending).toBe(0);
    // Every view was announced once, in the flush after it was counted, whatever became of its save.
    expect(announced).toEqual([[{ cultureId: 7, count: 2 }], [{ cultureId: 8, count: 1 }], [{ cultureId: 7, count: 1 }]]);
  });

  it('retries once a second while the CMS stays down, however many views come', async () => {
    const { saved, cms, countTimes } = counter();
    cms.down = true;
    for (let second = 0; second < 10; second += 1) {
      countTimes(7, 5);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(cms.attempts).toBe(10);
    cms.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([[{ cultureId: 7, count: 50 }]]);
  });

  it('saves at once when a batch is full, and keeps no more items than a batch holds while the CMS is away', async () => {
    const { views, saved, cms, countTimes } = counter({ maxItems: 3, withFanOut: false });
    cms.down = true;
    for (const id of [1, 2, 3]) views.count(id);
    // The third item filled the batch: saved (here: tried) at once, not a second later.
    expect(cms.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(views.pending).toBe(3);
    // A fourth item does not fit while the three wait: it is not saved (the caller's copy has counted it). Nor does the
    // full batch make every further view ask the CMS again: the retry is the timer's.
    views.count(4);
    countTimes(2, 2);
    expect(views.pending).toBe(5);
    expect(views.totals.dropped).toBe(1);
    expect(cms.attempts).toBe(1);
    cms.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([
      [
        { cultureId: 1, count: 1 },
        { cultureId: 2, count: 3 },
        { cultureId: 3, count: 1 },
      ],
    ]);
  });

  it('caps one item’s waiting views at what a batch may carry', async () => {
    const { views, saved, countTimes } = counter({ withFanOut: false });
    countTimes(7, VIEW_BATCH_MAX_COUNT + 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([[{ cultureId: 7, count: VIEW_BATCH_MAX_COUNT }]]);
    expect(views.totals.dropped).toBe(1);
  });

  it('drops a batch the CMS refuses as malformed instead of sending it forever', async () => {
    const { views, cms, log } = counter();
    cms.refuses = true;
    views.count(7);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(views.pending).toBe(0);
    expect(views.totals.dropped).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('saves and announces everything at close without waiting for the timer', async () => {
    const { views, saved, announced, countTimes } = counter();
    countTimes(7, 2);
    await views.close();
    expect(saved).toEqual([[{ cultureId: 7, count: 2 }]]);
    expect(announced).toEqual([[{ cultureId: 7, count: 2 }]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('at close waits for a save under way, then saves what came meanwhile', async () => {
    const { views, saved, cms, countTimes } = counter();
    let answer = () => {};
    cms.answer = new Promise<void>((resolve) => (answer = resolve));
    countTimes(7, 2);
    await vi.advanceTimersByTimeAsync(1_000);
    views.count(8);
    expect(views.pending).toBe(3);
    const closed = views.close();
    answer();
    await closed;
    expect(saved).toEqual([[{ cultureId: 7, count: 2 }], [{ cultureId: 8, count: 1 }]]);
    expect(views.pending).toBe(0);
  });

  it('logs what it could not save at close (the CMS away)', async () => {
    const { views, cms, log, countTimes } = counter();
    cms.down = true;
    countTimes(7, 2);
    await views.close();
    expect(views.totals.dropped).toBe(2);
    expect(log.error).toHaveBeenCalledWith({ views: 2 }, expect.stringContaining('not saved at shutdown'));
    expect(vi.getTimerCount()).toBe(0);
  });
});
