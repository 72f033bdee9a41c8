import { describe, expect, it } from 'vitest';
import { compareSerials, listItemPath, mingluPath, serialFromSlug, serialSlug } from './serial.ts';

describe('national-list serials and slugs', () => {
  it('writes the numeral in lower-case Latin letters', () => {
    expect(serialSlug('Ⅳ-28')).toBe('iv-28');
    expect(serialSlug('Ⅹ-1')).toBe('x-1');
    expect(serialSlug('Ⅷ-143')).toBe('viii-143');
    expect(mingluPath('Ⅱ-34')).toBe('/minglu/ii-34');
  });

  it('reads a slug back, and nothing else', () => {
    expect(serialFromSlug('iv-28')).toBe('Ⅳ-28');
    expect(serialFromSlug('IX-5')).toBe('Ⅸ-5');
    expect(serialFromSlug('x-1')).toBe('Ⅹ-1');
    for (const bad of ['xi-1', 'iv-0', 'iv-028', 'iv28', '', '4-28', 'iv-28/x']) expect(serialFromSlug(bad)).toBeUndefined();
  });

  it('round-trips every numeral', () => {
    for (const serial of ['Ⅰ-1', 'Ⅱ-2', 'Ⅲ-3', 'Ⅳ-4', 'Ⅴ-5', 'Ⅵ-6', 'Ⅶ-7', 'Ⅷ-8', 'Ⅸ-9', 'Ⅹ-10']) {
      expect(serialFromSlug(serialSlug(serial))).toBe(serial);
    }
  });

  it('refuses what is not a serial', () => {
    expect(() => serialSlug('京剧')).toThrow();
    expect(listItemPath('京剧-1')).toBeUndefined();
    expect(listItemPath(null)).toBeUndefined();
    expect(listItemPath('Ⅳ-28')).toBe('/minglu/iv-28');
  });

  it('sorts by numeral, then by number', () => {
    expect(['Ⅱ-1', 'Ⅰ-10', 'Ⅹ-3', 'Ⅰ-2'].sort(compareSerials)).toEqual(['Ⅰ-2', 'Ⅰ-10', 'Ⅱ-1', 'Ⅹ-3']);
  });
});
