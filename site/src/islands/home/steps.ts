/**
 * The home page's stepping rules, free of the DOM: which module a wheel notch, a key or a swipe moves to, and the
 * locks that keep one gesture from skipping several modules.
 */

/** After a module step the wheel is locked for 1 s, so one flick moves one module. */
export const MODULE_LOCK_MS = 1000;
/** The fan carousel's animation lock. */
export const FAN_LOCK_MS = 800;
/** A swipe shorter than this is a tap or a wobble, not a step. */
export const SWIPE_THRESHOLD_PX = 50;
/** The home page has 6 modules. */
export const MODULE_COUNT = 6;

export type Move = { by: 1 | -1 } | { to: 'first' | 'last' };

/** The keys that step the modules; anything else (Space, Tab, letters) keeps its usual meaning. */
export function moveForKey(key: string): Move | null {
  switch (key) {
    case 'PageDown':
    case 'ArrowDown':
      return { by: 1 };
    case 'PageUp':
    case 'ArrowUp':
      return { by: -1 };
    case 'Home':
      return { to: 'first' };
    case 'End':
      return { to: 'last' };
    default:
      return null;
  }
}

/** A wheel notch: down is the next module, up the previous; a sideways-only wheel is no step. */
export function moveForWheel(deltaY: number): Move | null {
  if (deltaY > 0) return { by: 1 };
  if (deltaY < 0) return { by: -1 };
  return null;
}

/**
 * A vertical swipe: the finger moving up (end above start) shows the next module. Returns null under the threshold.
 * Also used sideways by the fan carousel (finger moving left = next card).
 */
export function moveForSwipe(start: number, end: number, threshold = SWIPE_THRESHOLD_PX): Move | null {
  const travelled = start - end;
  if (Math.abs(travelled) < threshold) return null;
  return { by: travelled > 0 ? 1 : -1 };
}

/** The module a move lands on, held inside 0 … count − 1 (no wrap: the last module stays the last). */
export function targetIndex(current: number, move: Move, count = MODULE_COUNT): number {
  if ('to' in move) return move.to === 'first' ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + move.by));
}

/**
 * The module the visitor is on, from the modules' top offsets and the scroll position: the last one whose top is at
 * or above the viewport's upper third (so a module scrolled most of the way in counts as current).
 */
export function currentIndex(tops: readonly number[], scrollY: number, viewportHeight: number): number {
  const line = scrollY + viewportHeight / 3;
  let index = 0;
  tops.forEach((top, i) => {
    if (top <= line) index = i;
  });
  return index;
}

/** A lock that lets one step through, then refuses every other until `ms` have passed. */
export class StepLock {
  private until = Number.NEGATIVE_INFINITY;

  constructor(private readonly ms: number) {}

  /** True (and locks) when a step may happen at `now`; false while locked. */
  take(now: number): boolean {
    if (now < this.until) return false;
    this.until = now + this.ms;
    return true;
  }

  locked(now: number): boolean {
    return now < this.until;
  }
}

/** The fan carousel's card at `index` relative to the active one, wrapped to the nearest side (−4 … 4 for 9 cards). */
export function fanOffset(index: number, active: number, count: number): number {
  let offset = (((index - active) % count) + count) % count;
  if (offset > count / 2) offset -= count;
  return offset;
}

/** The carousel's active card after a move, wrapping round (the ninth card's next is the first). */
export function fanTarget(active: number, move: Move, count: number): number {
  if ('to' in move) return move.to === 'first' ? 0 : count - 1;
  return (((active + move.by) % count) + count) % count;
}
