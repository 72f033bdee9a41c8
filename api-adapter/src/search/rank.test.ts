import { describe, expect, it } from 'vitest';
import { compareHits, foldBrackets, isNameMatch, nameForms, type HitRank } from './rank.ts';

describe('names and their forms', () => {
  it('folds half-width brackets into the list’s full-width ones', () => {
    expect(foldBrackets('格萨(斯)尔')).toBe('格萨（斯）尔');
  });

  it('knows a name as written, without its bracketed part and without the brackets alone', () => {
    expect(nameForms('格萨（斯）尔')).toEqual(['格萨（斯）尔', '格萨尔', '格萨斯尔']);
    expect(nameForms('剪纸(蔚县剪纸)')).toEqual(['剪纸（蔚县剪纸）', '剪纸', '剪纸蔚县剪纸']);
    expect(nameForms('京剧')).toEqual(['京剧']);
  });

  it('matches a keyword that names the hit in any form, and nothing that only contains it', () => {
    for (const keyword of ['格萨尔', '格萨斯尔', '格萨（斯）尔', '格萨(斯)尔', ' 格萨尔 '])
      expect(isNameMatch('格萨（斯）尔', keyword), keyword).toBe(true);
    expect(isNameMatch('格萨尔', '格萨(斯)尔')).toBe(true);
    expect(isNameMatch('Jingju', 'jingju')).toBe(true);
    expect(isNameMatch('藏族格萨尔彩绘石刻', '格萨尔')).toBe(false);
    expect(isNameMatch('格萨（斯）尔', '格萨')).toBe(false);
    expect(isNameMatch('格萨（斯）尔', '')).toBe(false);
  });
});

describe('the order of hits', () => {
  const hit = (title: string, rank: Partial<HitRank>): HitRank & { title: string } => ({
    title,
    nameMatch: false,
    kind: 0,
    place: 1,
    viewCount: 0,
    order: 0,
    ...rank,
  });
  const sorted = (hits: Array<HitRank & { title: string }>) => hits.toSorted(compareHits).map((h) => h.title);

  it('puts the hits named as the keyword first, then articles, list items and inheritors', () => {
    expect(
      sorted([
        hit('inheritor', { kind: 2, place: 6, order: 9 }),
        hit('item in title', { kind: 1, place: 2, order: 3 }),
        hit('named item', { kind: 1, nameMatch: true, place: 8, order: 2 }),
        hit('article in content', { kind: 0, place: 8, order: 1 }),
        hit('named article', { kind: 0, nameMatch: true, place: 8, order: 0 }),
      ]),
    ).toEqual(['named article', 'named item', 'article in content', 'item in title', 'inheritor']);
  });

  it('orders hits of one kind by where the keyword is, then by views, then as indexed', () => {
    expect(
      sorted([
        hit('content', { place: 8 }),
        hit('title, 1 view', { place: 2, viewCount: 1, order: 5 }),
        hit('title, 9 views', { place: 2, viewCount: 9, order: 6 }),
        hit('title start, later', { place: 1, order: 4 }),
        hit('title start', { place: 1, order: 3 }),
      ]),
    ).toEqual(['title start', 'title start, later', 'title, 9 views', 'title, 1 view', 'content']);
  });
});
