import { describe, expect, it } from 'vitest';
import { cultureItemHref, searchTerm, viewCountText } from './search.ts';

describe('search rules', () => {
  it('sends nothing for empty or blank input', () => {
    expect(searchTerm('')).toBeUndefined();
    expect(searchTerm('   \u3000 ')).toBeUndefined();
    expect(searchTerm(' 京剧 ')).toBe('京剧');
  });

  it('links a hit to its item page', () => {
    expect(cultureItemHref(12)).toBe('/culture/item/12');
  });

  it('writes view counts', () => {
    expect(viewCountText(0)).toBe('浏览 0');
    expect(viewCountText(9999)).toBe('浏览 9999');
    expect(viewCountText(12_000)).toBe('浏览 1.2 万');
    expect(viewCountText(30_000)).toBe('浏览 3 万');
  });
});
