import { describe, expect, it } from 'vitest';
import { keptTitle } from './kept-pages.ts';

describe('kept page titles', () => {
  it('reads the page title without the site name, falling back to the path', () => {
    expect(keptTitle('<head><title>昆曲 · 非遗中国</title></head>', '/culture/item/1')).toBe('昆曲');
    expect(keptTitle('<title>A &amp; B · 非遗中国</title>', '/x')).toBe('A & B');
    expect(keptTitle('<p>no title</p>', '/policy')).toBe('/policy');
  });
});
