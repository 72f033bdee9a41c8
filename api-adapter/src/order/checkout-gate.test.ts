import { describe, expect, it } from 'vitest';
import { CheckoutGate } from './checkout-gate.ts';

describe('CheckoutGate', () => {
  it('lets at most its width run at once and the rest in arrival order, each exactly once', async () => {
    const gate = new CheckoutGate(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const results = Array.from({ length: 10 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.queued).toBe(7);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
    expect(gate.queued).toBe(0);
  });

  it('passes a failed task on and frees its place', async () => {
    const gate = new CheckoutGate(1);
    await expect(gate.run(async () => Promise.reject(new Error('sold out')))).rejects.toThrow('sold out');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
