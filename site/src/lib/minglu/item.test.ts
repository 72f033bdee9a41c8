import { describe, expect, it } from 'vitest';
import type { NationalEntry, NationalFigures, NationalInheritor, NationalItem } from '@feiyi/contract';
import { browserRow, entriesByBatch, inheritorLine, itemFacts, itemJsonLd, itemSummary, provincesText } from './item.ts';
import { provinceNational } from './province.ts';
import { decodeEntries } from './filter.ts';

const entry = (over: Partial<NationalEntry>): NationalEntry => ({
  id: 1,
  serial: 'Ⅳ-28',
  name: '京剧',
  categoryId: 67,
  categoryName: '传统戏剧',
  batchYear: 2006,
  batch: '第一批',
  kind: 'new',
  kindText: '新增项目',
  region: '北京市',
  provinceName: '北京',
  href: '/minglu/iv-28',
  cultureId: 12,
  ...over,
});
const entries = [
  entry({ id: 3, batchYear: 2008, batch: '第二批', kind: 'extension', region: '上海市', provinceName: '上海' }),
  entry({ id: 1 }),
  entry({ id: 2, region: '中国国家京剧院' }),
];
const item: NationalItem = {
  serial: 'Ⅳ-28',
  slug: 'iv-28',
  name: '京剧',
  categoryId: 67,
  categoryName: '传统戏剧',
  firstBatchYear: 2006,
  entryCount: 3,
  inheritorCount: 1,
  provinces: ['北京', '上海'],
  href: '/minglu/iv-28',
  cultureId: 12,
};
const person: NationalInheritor = {
  id: 7,
  name: '刘长瑜',
  gender: '女',
  birthYear: 1942,
  ethnicity: '汉族',
  item: '京剧',
  serial: 'Ⅳ-28',
  categoryId: 67,
  region: '中国京剧院',
  provinceName: '北京',
  batchYear: 2008,
  batch: '第二批',
  href: '/minglu/iv-28#inheritor-7',
};

describe('an item page of the national list', () => {
  it('groups entries by batch, oldest first, new before extensions', () => {
    const groups = entriesByBatch(entries);
    expect(groups.map((g) => [g.year, g.label, g.entries.map((e) => e.id)])).toEqual([
      [2006, '第一批 · 2006年', [1, 2]],
      [2008, '第二批 · 2008年', [3]],
    ]);
  });

  it('says when it was listed and extended, where and how many', () => {
    expect(itemSummary(item, entries)).toBe(
      '京剧于 2006 年列入第一批国家级非物质文化遗产代表性项目名录，2008 年又有扩展，共 3 个条目，申报地区涉及北京、上海；国家级代表性传承人 1 位。',
    );
    const byBody = { ...item, provinces: [], inheritorCount: 0, entryCount: 1 };
    expect(itemSummary(byBody, [entry({ provinceName: null, region: '中国艺术研究院' })])).toBe(
      '京剧于 2006 年列入第一批国家级非物质文化遗产代表性项目名录，共 1 个条目，由国家级单位申报。',
    );
  });

  it('shortens long province lists', () => {
    expect(provincesText(['北京', '天津', '辽宁', '上海'])).toBe('北京、天津、辽宁等 4 地');
    expect(provincesText(['北京'])).toBe('北京');
    expect(provincesText([])).toBe('国家级单位申报');
  });

  it('has a fact card with category, region, batches, serial and source', () => {
    const card = itemFacts(item, entries, true);
    expect(card.rows.map((r) => [r.label, r.value])).toEqual([
      ['类别', '传统戏剧'],
      ['地区', '北京市、中国国家京剧院、上海市'],
      ['批次/年份', '第一批（2006年）列入；扩展：第二批（2008年）'],
      ['编号', 'Ⅳ-28'],
    ]);
    expect(card.rows[0]!.href).toBe('/minglu?category=67');
    expect(card.source).toMatch(/国务院公布.*代表性传承人名单/);
    expect(itemFacts(item, entries, false).source).not.toMatch(/传承人/);
  });

  it('writes only the facts an inheritor has', () => {
    expect(inheritorLine(person)).toBe('女 · 汉族 · 1942 年生');
    expect(inheritorLine({ gender: null, ethnicity: '藏族', birthYear: null })).toBe('藏族');
  });

  it('describes the page for search engines, with the inheritors as people', () => {
    const [page, breadcrumb] = itemJsonLd(
      { item, entries, inheritors: [person] },
      {
        page: 'https://feiyi.example/minglu/iv-28/',
        origin: 'https://feiyi.example',
        article: 'https://feiyi.example/culture/item/12',
        profiles: new Map([[7, '/inheritors/7']]),
      },
      'summary',
    );
    expect(page).toMatchObject({
      '@type': 'WebPage',
      about: { '@type': 'Thing', name: '京剧', identifier: 'Ⅳ-28', subjectOf: { url: 'https://feiyi.example/culture/item/12' } },
      mentions: [{ '@type': 'Person', name: '刘长瑜', gender: 'Female', birthDate: '1942', url: '/inheritors/7' }],
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumb as { itemListElement: Array<{ item: string }> }).itemListElement.map((e) => e.item)).toEqual([
      'https://feiyi.example/',
      'https://feiyi.example/minglu/',
      'https://feiyi.example/minglu?category=67',
      'https://feiyi.example/minglu/iv-28/',
    ]);
  });

  it('gives the browser a row it can filter, each province, batch and kind once', () => {
    const row = browserRow({ item, entries });
    expect(row.text).toBe('京剧 Ⅳ-28 iv-28');
    expect(row.meta).toBe('北京、上海\u00a0· 2006 年列入\u00a0· 3 个条目\u00a0· 1 位传承人');
    expect(decodeEntries(row.entries)).toEqual([
      { province: '上海', year: 2008, kind: 'extension' },
      { province: '北京', year: 2006, kind: 'new' },
    ]);
  });
});

describe("a province's part of the national list", () => {
  const tally = { items: 1, entries: 2, inheritors: 1 };
  const figures: Pick<NationalFigures, 'asOf' | 'categories' | 'provinces'> = {
    asOf: { list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' },
    categories: [{ ...tally, categoryId: 67, categoryName: '传统戏剧' }],
    provinces: [{ provinceName: '北京', ...tally, categories: [{ categoryId: 67, ...tally }] }],
  };

  it('takes the counts from the figures and lists the items declared there', () => {
    const beijing = provinceNational('北京', figures, [{ item, entries }])!;
    expect(beijing).toMatchObject({ items: 1, entries: 2, inheritors: 1, href: `/minglu?province=${encodeURIComponent('北京')}` });
    expect(beijing.categories).toEqual([
      {
        categoryId: 67,
        categoryName: '传统戏剧',
        ...tally,
        href: `/minglu?category=67&province=${encodeURIComponent('北京')}`,
        list: [{ serial: 'Ⅳ-28', name: '京剧', href: '/minglu/iv-28' }],
      },
    ]);
    expect(provinceNational('台湾', figures, [{ item, entries }])).toBeUndefined();
  });
});
