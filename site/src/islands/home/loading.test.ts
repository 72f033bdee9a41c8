import { describe, expect, it } from 'vitest';
import { LOADER_MAX_MS, LOADER_MIN_MS, loaderDone, loaderProgress, shouldShowLoader } from './loading.ts';

describe('home loading animation', () => {
  it('shows once per session and never with reduced motion', () => {
    expect(shouldShowLoader(false, false)).toBe(true);
    expect(shouldShowLoader(true, false)).toBe(false);
    expect(shouldShowLoader(false, true)).toBe(false);
  });

  it('lasts at least 3.5 s even when the model is ready at once', () => {
    expect([LOADER_MIN_MS, LOADER_MAX_MS]).toEqual([3500, 5000]);
    expect(loaderDone(0, true)).toBe(false);
    expect(loaderDone(3499, true)).toBe(false);
    expect(loaderProgress(3499, true)).toBeLessThan(100);
    expect(loaderProgress(3500, true)).toBe(100);
    expect(loaderDone(3500, true)).toBe(true);
  });

  it('waits for the model, but never past 5 s', () => {
    expect(loaderProgress(4500, false)).toBeLessThanOrEqual(90);
    expect(loaderDone(4999, false)).toBe(false);
    expect(loaderDone(5000, false)).toBe(true);
    expect(loaderProgress(4200, true)).toBe(100);
  });

  it('never goes backwards while waiting', () => {
    let last = 0;
    for (let t = 0; t <= 5000; t += 100) {
      const now = loaderProgress(t, false);
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });
});
