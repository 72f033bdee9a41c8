import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentPageStateAt, startQuickBuyDelay } from './timers.ts';

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

describe('the payment page', () => {
  it('waits 10 s counting down, then rises 10 % per second, and is paid at 100 %', () => {
    expect(paymentPageStateAt(0)).toEqual({ phase: 'waiting', secondsLeft: 10 });
    expect(paymentPageStateAt(9_001)).toEqual({ phase: 'waiting', secondsLeft: 1 });
    expect(paymentPageStateAt(10_000)).toEqual({ phase: 'waiting', secondsLeft: 0 });
    expect(paymentPageStateAt(10_999)).toEqual({ phase: 'waiting', secondsLeft: 0 });
    expect(paymentPageStateAt(11_000)).toEqual({ phase: 'progress', percent: 10 });
    expect(paymentPageStateAt(19_999)).toEqual({ phase: 'progress', percent: 90 });
    expect(paymentPageStateAt(20_000)).toEqual({ phase: 'paid' });
    expect(paymentPageStateAt(60_000)).toEqual({ phase: 'paid' });
  });
});
