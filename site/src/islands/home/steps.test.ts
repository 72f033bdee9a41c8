import { describe, expect, it } from 'vitest';
import {
  currentIndex,
  FAN_LOCK_MS,
  fanOffset,
  fanTarget,
  MODULE_COUNT,
  MODULE_LOCK_MS,
  moveForKey,
  moveForSwipe,
  moveForWheel,
  StepLock,
  SWIPE_THRESHOLD_PX,
  targetIndex,
} from './steps.ts';

describe('home module stepping', () => {
  it('uses the constants of spec §2 and §9', () => {
    expect([MODULE_COUNT, MODULE_LOCK_MS, FAN_LOCK_MS, SWIPE_THRESHOLD_PX]).toEqual([6, 1000, 800, 50]);
  });

  it('maps PageUp/PageDown, the arrows, Home and End, and nothing else', () => {
    expect(moveForKey('PageDown')).toEqual({ by: 1 });
    expect(moveForKey('ArrowDown')).toEqual({ by: 1 });
    expect(moveForKey('PageUp')).toEqual({ by: -1 });
    expect(moveForKey('ArrowUp')).toEqual({ by: -1 });
    expect(moveForKey('Home')).toEqual({ to: 'first' });
    expect(moveForKey('End')).toEqual({ to: 'last' });
    expect(moveForKey(' ')).toBeNull();
    expect(moveForKey('Tab')).toBeNull();
    expect(moveForKey('ArrowLeft')).toBeNull();
  });

  it('steps one module per wheel notch, whatever its size', () => {
    expect(moveForWheel(3)).toEqual({ by: 1 });
    expect(moveForWheel(480)).toEqual({ by: 1 });
    expect(moveForWheel(-100)).toEqual({ by: -1 });
    expect(moveForWheel(0)).toBeNull();
  });

  it('needs a swipe of at least 50 px', () => {
    expect(moveForSwipe(500, 451)).toBeNull();
    expect(moveForSwipe(500, 450)).toEqual({ by: 1 });
    expect(moveForSwipe(400, 460)).toEqual({ by: -1 });
    expect(moveForSwipe(400, 449)).toBeNull();
  });

  it('stays within the six modules', () => {
    expect(targetIndex(0, { by: -1 })).toBe(0);
    expect(targetIndex(0, { by: 1 })).toBe(1);
    expect(targetIndex(5, { by: 1 })).toBe(5);
    expect(targetIndex(3, { to: 'first' })).toBe(0);
    expect(targetIndex(1, { to: 'last' })).toBe(5);
  });

  it('finds the current module from the scroll position', () => {
    const tops = [0, 900, 1800, 2700];
    expect(currentIndex(tops, 0, 900)).toBe(0);
    expect(currentIndex(tops, 899, 900)).toBe(1);
    expect(currentIndex(tops, 500, 900)).toBe(0);
    expect(currentIndex(tops, 2700, 900)).toBe(3);
    expect(currentIndex(tops, 9000, 900)).toBe(3);
  });

  it('lets one step through per lock period', () => {
    const lock = new StepLock(1000);
    expect(lock.take(0)).toBe(true);
    expect(lock.take(10)).toBe(false);
    expect(lock.take(999)).toBe(false);
    expect(lock.locked(999)).toBe(true);
    expect(lock.take(1000)).toBe(true);
    expect(lock.take(1500)).toBe(false);
  });
});

describe('fan carousel', () => {
  it('places the nine cards four either side of the active one', () => {
    expect(Array.from({ length: 9 }, (_, i) => fanOffset(i, 0, 9))).toEqual([0, 1, 2, 3, 4, -4, -3, -2, -1]);
    expect(Array.from({ length: 9 }, (_, i) => fanOffset(i, 4, 9))).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
  });

  it('wraps round at either end', () => {
    expect(fanTarget(8, { by: 1 }, 9)).toBe(0);
    expect(fanTarget(0, { by: -1 }, 9)).toBe(8);
    expect(fanTarget(3, { to: 'last' }, 9)).toBe(8);
  });
});
