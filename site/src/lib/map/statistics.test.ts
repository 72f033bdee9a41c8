import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount, mapStatistics, SPEC_AS_OF, UNESCO_AS_OF, UNESCO_CURRENT } from './statistics.ts';

// The category codes are the CMS's (cms/seed/data/categories.json): the API's figures count by them.
const seedCategories = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../cms/seed/data/categories.json'), 'utf8'),
) as Array<{ code: number; officialName: string }>;
// National items per category, as GET /api/national/figures answers for the complete list (api-adapter/src/national/list.test.ts).
const ITEMS: Record<string, number> = {
  民间文学: 167,
  传统音乐: 189,
  传统舞蹈: 144,
  传统戏剧: 171,
  曲艺: 145,
  '传统体育、游艺与杂技': 109,
  传统美术: 139,
  传统技艺: 287,
  传统医药: 23,
  民俗: 183,
};
const figures = {
  asOf: { list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' },
  totals: { items: 1557, entries: 3610, inheritors: 3995 },
  categories: seedCategories.map((c) => ({
    categoryId: c.code,
    categoryName: c.officialName,
    items: ITEMS[c.officialName]!,
    entries: 0,
    inheritors: 0,
  })),
};

describe('mapStatistics', () => {
  const stats = mapStatistics(figures);
  const byKey = Object.fromEntries(stats.map((s) => [s.key, s]));

  it('shows the spec §9 figures in its order, each with its date', () => {
    expect(stats.map((s) => [s.label, s.value])).toEqual([
      ['传统技艺', 500],
      ['传统戏剧', 162],
      ['民俗', 280],
      ['传统音乐', 160],
      ['传统医药', 23],
      ['联合国教科文组织非遗名录（册）', 43],
      ['急需保护的非遗名录', 7],
      ['优秀实践名册', 1],
      ['国家级非遗代表性项目', 1557],
      ['省级非遗代表性项目', 13000],
    ]);
    expect(stats.every((s) => s.asOf === SPEC_AS_OF)).toBe(true);
  });

  it('puts UNESCO 45 as of December 2025 beside the spec 43', () => {
    expect(byKey.unesco!.current).toEqual({ value: 45, unit: '项', asOf: UNESCO_AS_OF, note: '联合国教科文组织名录' });
    expect(byKey.urgent!.current!.value).toBe(3);
    expect(byKey.practice!.current!.value).toBe(2);
  });

  it('puts the national list counts beside the category figures that changed, dated by the API', () => {
    expect(byKey.craft!.current).toEqual({ value: 287, unit: '项', asOf: '截至第五批（2021 年）', note: '国家级名录项目' });
    expect(byKey.drama!.current!.value).toBe(171);
    expect(byKey.custom!.current!.value).toBe(183);
    expect(byKey.music!.current!.value).toBe(189);
  });

  it('adds nothing where the figure is unchanged or unknown', () => {
    expect(byKey.medicine!.current).toBeUndefined();
    expect(byKey.national!.current).toBeUndefined();
    expect(byKey.provincial!.current).toBeUndefined();
  });

  it('leaves the list counts out without the API figures, never guessing', () => {
    const offline = mapStatistics();
    expect(offline.find((s) => s.key === 'craft')!.current).toBeUndefined();
    expect(offline.find((s) => s.key === 'unesco')!.current!.value).toBe(45);
  });
});

describe('UNESCO_CURRENT', () => {
  it('counts the facts table of China elements as of December 2025', () => {
    const rows = readFileSync(path.resolve(import.meta.dirname, '../../../../cms/seed/facts/unesco.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[3]);
    expect(rows).toHaveLength(UNESCO_CURRENT.total);
    expect(rows.filter((list) => list === 'Representative')).toHaveLength(UNESCO_CURRENT.representative);
    expect(rows.filter((list) => list === 'Urgent Safeguarding')).toHaveLength(UNESCO_CURRENT.urgent);
    expect(rows.filter((list) => list === 'Good Practices')).toHaveLength(UNESCO_CURRENT.goodPractices);
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(13000)).toBe('13,000');
    expect(formatCount(45)).toBe('45');
  });
});
