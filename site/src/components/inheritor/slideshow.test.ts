import { describe, expect, it } from 'vitest';
import { nextSlide } from './slideshow.ts';

describe('nextSlide', () => {
  it('advances and wraps from the last slide to the first', () => {
    expect(nextSlide(0, 4)).toBe(1);
    expect(nextSlide(3, 4)).toBe(0);
  });
  it('goes back and wraps from the first slide to the last', () => {
    expect(nextSlide(0, 3, -1)).toBe(2);
  });
});
