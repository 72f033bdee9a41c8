import { describe, expect, it } from 'vitest';
import { categoryIdFromQuery, provinceTagLabel, toggleType, typeTags } from './type-tags.ts';

const categories = [
  { id: 67, type: '传统戏剧', label: '戏剧' },
  { id: 69, type: '传统体育、游艺与杂技', label: provinceTagLabel('杂技') },
  { id: 71, type: '传统技艺', label: '传统技艺' },
];

describe('the province type tags', () => {
  it('disables the types the province lacks and marks at most the one active', () => {
    const tags = typeTags(categories, ['传统戏剧', '传统技艺'], 71);
    expect(tags.map((t) => [t.categoryId, t.disabled, t.active])).toEqual([
      [67, false, false],
      [69, true, false],
      [71, false, true],
    ]);
  });

  it('never activates a disabled type, even when the query asks for it', () => {
    expect(typeTags(categories, ['传统戏剧'], 69).some((t) => t.active)).toBe(false);
  });

  it('leaves every tag usable when the types list failed', () => {
    expect(typeTags(categories, undefined, undefined).every((t) => !t.disabled && !t.active)).toBe(true);
  });

  it('shows 杂技 as 杂技体育', () => {
    expect(provinceTagLabel('杂技')).toBe('杂技体育');
    expect(provinceTagLabel('曲艺')).toBe('曲艺');
  });

  it('clears the active tag when it is clicked again and switches otherwise', () => {
    expect(toggleType(undefined, 67)).toBe(67);
    expect(toggleType(67, 67)).toBeUndefined();
    expect(toggleType(67, 71)).toBe(71);
  });

  it('honours a categoryId query that names a known category', () => {
    const known = [66, 67, 68];
    expect(categoryIdFromQuery('?categoryId=67', known)).toBe(67);
    expect(categoryIdFromQuery('?province=广西&categoryId=68', known)).toBe(68);
    expect(categoryIdFromQuery('?categoryId=99', known)).toBeUndefined();
    expect(categoryIdFromQuery('?categoryId=6a', known)).toBeUndefined();
    expect(categoryIdFromQuery('', known)).toBeUndefined();
  });
});
