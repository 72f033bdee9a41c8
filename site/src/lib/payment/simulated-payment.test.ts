import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPaymentClock } from './simulated-payment.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A flow like the payment page's: 'waiting' for 1 s, then 'paying' for 0.5 s, then 'paid'. */
const stateAt = (elapsed: number) => (elapsed < 1_000 ? 'waiting' : elapsed < 1_500 ? 'paying' : 'paid');

describe('the payment clock', () => {
  it('reports each change once, and calls onDone once when the flow is done', () => {
    const states: string[] = [];
    const done = vi.fn();
    startPaymentClock({ stateAt, isDone: (s) => s === 'paid', onState: (s) => states.push(s), onDone: done, now: Date.now });
    expect(states).toEqual(['waiting']);
    vi.advanceTimersByTime(999);
    expect(states).toEqual(['waiting']);
    vi.advanceTimersByTime(1);
    expect(states).toEqual(['waiting', 'paying']);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(states).toEqual(['waiting', 'paying', 'paid']);
    expect(done).toHaveBeenCalledExactlyOnceWith('paid');
    vi.advanceTimersByTime(60_000);
    expect(done).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('compares states by value: an object state that did not change is not reported again', () => {
    const seen: unknown[] = [];
    startPaymentClock({
      stateAt: (elapsed) => ({ secondsLeft: Math.ceil((1_000 - Math.min(elapsed, 1_000)) / 500) }),
      isDone: (s) => s.secondsLeft === 0,
      onState: (s) => seen.push(s),
      onDone: () => undefined,
      now: Date.now,
    });
    vi.advanceTimersByTime(2_000);
    expect(seen).toEqual([{ secondsLeft: 2 }, { secondsLeft: 1 }, { secondsLeft: 0 }]);
  });

  it('stops for good when cancelled, and a flow done at once never starts a timer', () => {
    const late = { onState: vi.fn(), onDone: vi.fn() };
    const clock = startPaymentClock({ stateAt, isDone: (s) => s === 'paid', ...late, now: Date.now });
    vi.advanceTimersByTime(1_200);
    clock.cancel();
    vi.advanceTimersByTime(60_000);
    expect(late.onState).toHaveBeenCalledTimes(2);
    expect(late.onDone).not.toHaveBeenCalled();

    const done = vi.fn();
    startPaymentClock({ stateAt: () => 'paid', isDone: () => true, onDone: done, now: Date.now });
    expect(done).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
