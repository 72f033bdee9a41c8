import { describe, expect, it } from 'vitest';
import { SKILL_WEIGHTS, contentLookup, inheritorsToLookUp, leadingSkills, skillScores } from './skills.ts';

const categories = [
  { id: 66, title: '民间文学' },
  { id: 67, title: '戏剧', officialName: '传统戏剧' },
  { id: 68, title: '美术', officialName: '传统美术' },
  { id: 69, title: '杂技' },
  { id: 70, title: '曲艺' },
  { id: 71, title: '传统技艺' },
  { id: 72, title: '音乐', officialName: '传统音乐' },
  { id: 73, title: '民俗' },
  { id: 74, title: '医药' },
  { id: 75, title: '舞蹈' },
];
const lookup = {
  cultures: { 1: 67, 2: 71, 3: 67 },
  heritage: { 10: [67, 67, 72] },
  inheritors: { 100: 68, 101: null },
};
const none = { follows: [], favourites: [], visits: [] };

describe('the skill chart data', () => {
  it('has all 10 categories, in order, at zero for a new visitor', () => {
    const scores = skillScores(categories, none, lookup);
    expect(scores.map((s) => s.name)).toEqual(categories.map((c) => c.title));
    expect(scores.every((s) => s.value === 0)).toBe(true);
  });

  it('weighs a follow 3, a favourite 2 and a visit 1', () => {
    expect(SKILL_WEIGHTS).toEqual({ follow: 3, favourite: 2, visit: 1 });
    const scores = skillScores(
      categories,
      {
        follows: [{ categoryName: '戏剧' }],
        favourites: [{ type: 'culture', id: 3 }],
        visits: [{ browseType: 'culture', browseId: 1 }],
      },
      lookup,
    );
    expect(scores.find((s) => s.id === 67)?.value).toBe(3 + 2 + 1);
  });

  it("matches a follow's category by title or official name", () => {
    const scores = skillScores(categories, { ...none, follows: [{ categoryName: '传统音乐' }, { categoryName: ' 舞蹈 ' }] }, lookup);
    expect(scores.find((s) => s.id === 72)?.value).toBe(3);
    expect(scores.find((s) => s.id === 75)?.value).toBe(3);
  });

  it("counts a heritage page once for each of its items' categories", () => {
    const scores = skillScores(categories, { ...none, favourites: [{ type: 'heritage', id: 10 }] }, lookup);
    expect(scores.find((s) => s.id === 67)?.value).toBe(2);
    expect(scores.find((s) => s.id === 72)?.value).toBe(2);
  });

  it('counts visited inheritors by their category', () => {
    const scores = skillScores(
      categories,
      {
        ...none,
        visits: [
          { browseType: 'inheritor', browseId: 100 },
          { browseType: 'inheritor', browseId: 101 },
        ],
      },
      lookup,
    );
    expect(scores.find((s) => s.id === 68)?.value).toBe(1);
    expect(scores.reduce((sum, s) => sum + s.value, 0)).toBe(1);
  });

  it('ignores products, news, workshops, unknown ids and unknown categories', () => {
    const scores = skillScores(
      categories,
      {
        follows: [{ categoryName: '' }, { categoryName: '书法' }],
        favourites: [
          { type: 'product', id: 1 },
          { type: 'news', id: 1 },
          { type: 'culture', id: 999 },
        ],
        visits: [
          { browseType: 'event', browseId: 1 },
          { browseType: 'inheritor', browseId: 555 },
        ],
      },
      { ...lookup, cultures: { ...lookup.cultures, 999: 12 } },
    );
    expect(scores.every((s) => s.value === 0)).toBe(true);
  });

  it('names the inheritors still to look up, once each', () => {
    const visits = [
      { browseType: 'inheritor', browseId: 100 },
      { browseType: 'inheritor', browseId: 7 },
      { browseType: 'inheritor', browseId: 7 },
      { browseType: 'culture', browseId: 8 },
    ];
    expect(inheritorsToLookUp(visits, lookup.inheritors)).toEqual([7]);
  });

  it('names the leading categories, highest first', () => {
    const scores = skillScores(
      categories,
      {
        follows: [{ categoryName: '传统技艺' }],
        favourites: [{ type: 'culture', id: 1 }],
        visits: [
          { browseType: 'culture', browseId: 1 },
          { browseType: 'inheritor', browseId: 100 },
        ],
      },
      lookup,
    );
    expect(leadingSkills(scores).map((s) => [s.name, s.value])).toEqual([
      ['戏剧', 3],
      ['传统技艺', 3],
      ['美术', 1],
    ]);
    expect(leadingSkills(skillScores(categories, none, lookup))).toEqual([]);
  });
});

describe('the lookup built with the page', () => {
  it("maps culture items to their category and title, heritage pages to their items' categories", () => {
    const lookup = contentLookup(
      [
        { id: 1, categoryId: 67, title: '昆曲' },
        { id: 2, categoryId: 71, title: '南京云锦' },
        { id: 3, categoryId: null, title: '未分类' },
      ],
      [
        { id: 10, relatedCultures: [{ id: 1 }, { id: 2 }, { id: 1 }] },
        { id: 11, relatedCultures: [{ id: 3 }, { id: 99 }] },
      ],
    );
    expect(lookup).toEqual({
      cultures: { 1: 67, 2: 71 },
      heritage: { 10: [67, 71] },
      cultureTitles: { 1: '昆曲', 2: '南京云锦', 3: '未分类' },
    });
  });
});
