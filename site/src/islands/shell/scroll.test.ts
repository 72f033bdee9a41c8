import { describe, expect, it } from 'vitest';
import { type BarState, initialBar, nextBar } from './scroll.ts';

function scroll(positions: number[], start: BarState = initialBar(), from = start.anchor) {
  let state = start;
  let previous = from;
  for (const y of positions) {
    state = nextBar(state, y, previous);
    previous = y;
  }
  return state;
}

describe('nav bar on scroll', () => {
  it('stays while the page is within the first 100 px', () => {
    expect(scroll([20, 60, 100]).hidden).toBe(false);
  });

  it('hides after more than 10 px down past 100 px', () => {
    expect(scroll([100, 105, 110]).hidden).toBe(false);
    expect(scroll([100, 105, 111]).hidden).toBe(true);
  });

  it('counts slow scrolling too', () => {
    const positions = Array.from({ length: 40 }, (_, i) => 150 + i);
    expect(scroll(positions).hidden).toBe(true);
  });

  it('shows again after more than 5 px up, not before', () => {
    const hidden = scroll([300, 400]);
    expect(hidden.hidden).toBe(true);
    expect(scroll([396, 395], hidden, 400).hidden).toBe(true);
    expect(scroll([396, 394], hidden, 400).hidden).toBe(false);
  });

  it('shows at the top of the page', () => {
    expect(scroll([300, 400, 90]).hidden).toBe(false);
  });
});
