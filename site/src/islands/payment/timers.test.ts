import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntilProgress, startPaymentProgress, startQuickBuyDelay } from './timers.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quick-buy delay', () => {
  it('calls mock-pay after exactly 3.5 s', () => {
    const due = vi.fn();
    startQuickBuyDelay(due);
    vi.advanceTimersByTime(3_499);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('never calls it once cancelled', () => {
    const due = vi.fn();
    const timer = startQuickBuyDelay(due);
    vi.advanceTimersByTime(3_000);
    timer.cancel();
    vi.advanceTimersByTime(10_000);
    expect(due).not.toHaveBeenCalled();
  });
});

describe('payment progress', () => {
  it('waits 10 s, then rises 10 % per second, then is done once at 100 %', () => {
    const seen: number[] = [];
    const done = vi.fn();
    startPaymentProgress({ onProgress: (p) => seen.push(p), onDone: done });
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(8_000);
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(seen.at(-1)).toBe(100);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(seen).toHaveLength(10);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('stops everything on cancel, during the wait or during the progress', () => {
    const early = { onProgress: vi.fn(), onDone: vi.fn() };
    startPaymentProgress(early).cancel();
    vi.advanceTimersByTime(60_000);
    expect(early.onProgress).not.toHaveBeenCalled();

    const late = { onProgress: vi.fn(), onDone: vi.fn() };
    const timer = startPaymentProgress(late);
    vi.advanceTimersByTime(13_000);
    expect(late.onProgress).toHaveBeenCalledTimes(3);
    timer.cancel();
    vi.advanceTimersByTime(60_000);
    expect(late.onProgress).toHaveBeenCalledTimes(3);
    expect(late.onDone).not.toHaveBeenCalled();
  });

  it('counts the seconds left before the progress starts', () => {
    expect(secondsUntilProgress(0)).toBe(10);
    expect(secondsUntilProgress(9_001)).toBe(1);
    expect(secondsUntilProgress(10_000)).toBe(0);
    expect(secondsUntilProgress(12_000)).toBe(0);
  });
});
