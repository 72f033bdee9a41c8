import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { AS_OF, nationalEntriesResponse, nationalFiguresResponse, nationalItemResponse } from '@feiyi/contract/national';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import type { strapiCategory } from '../category/mapper.ts';
import { stubCms } from '../cms/client.fixture.ts';
import type { strapiProvince } from '../province/mapper.ts';
import type { RawNationalList } from './list.ts';

const provinces: Array<z.input<typeof strapiProvince>> = [
  { pid: 1, name: '北京市', shortName: '北京', code: 'beijing', adcode: 110000 },
  { pid: 10, name: '江苏省', shortName: '江苏', code: 'jiangsu', adcode: 320000 },
];
const categories: Array<z.input<typeof strapiCategory>> = [
  { code: 73, name: '技艺', officialName: '传统技艺' },
  { code: 70, name: '戏剧', officialName: '传统戏剧' },
];
/**
 * Five entries of three items: 昆曲 Ⅳ-1 (江苏 2006, extended by 北京 in 2008), 京剧 Ⅳ-28 (北京 and a national body,
 * 2006) and 云锦 Ⅷ-9 (江苏 2006); two inheritors, and one of an item not on the list (left out).
 */
const list: RawNationalList = {
  entries: [
    {
      id: 1,
      serial: 'Ⅳ-1',
      name: '昆曲',
      categoryCode: 70,
      batchYear: 2006,
      kind: 'new',
      region: '江苏省',
      province: '江苏',
      culturePid: 8,
    },
    {
      id: 2,
      serial: 'Ⅳ-1',
      name: '昆曲',
      categoryCode: 70,
      batchYear: 2008,
      kind: 'extension',
      region: '北京市',
      province: '北京',
      culturePid: null,
    },
    {
      id: 3,
      serial: 'Ⅳ-28',
      name: '京剧',
      categoryCode: 70,
      batchYear: 2006,
      kind: 'new',
      region: '北京市',
      province: '北京',
      culturePid: 7,
    },
    {
      id: 4,
      serial: 'Ⅳ-28',
      name: '京剧',
      categoryCode: 70,
      batchYear: 2006,
      kind: 'new',
      region: '中国国家京剧院',
      province: null,
      culturePid: null,
    },
    {
      id: 5,
      serial: 'Ⅷ-9',
      name: '南京云锦木机妆花手工织造技艺',
      categoryCode: 73,
      batchYear: 2006,
      kind: 'new',
      region: '江苏省南京市',
      province: '江苏',
      culturePid: null,
    },
  ],
  inheritors: [
    {
      pid: 11,
      name: '梅葆玖',
      gender: 'male',
      birthYear: 1934,
      ethnicity: '汉族',
      item: '京剧',
      itemSerial: 'Ⅳ-28',
      categoryCode: 70,
      region: '中国国家京剧院',
      province: null,
      batchYear: 2008,
    },
    {
      pid: 12,
      name: '张继青',
      gender: 'female',
      birthYear: 1938,
      ethnicity: '汉族',
      item: '昆曲',
      itemSerial: 'Ⅳ-1',
      categoryCode: 70,
      region: '江苏省',
      province: '江苏',
      batchYear: 2007,
    },
    {
      pid: 13,
      name: '无名',
      gender: null,
      birthYear: null,
      ethnicity: null,
      item: '未列入',
      itemSerial: 'Ⅸ-99',
      categoryCode: 73,
      region: null,
      province: null,
      batchYear: 2007,
    },
  ],
};
const jingjuBeijing = {
  id: 3,
  serial: 'Ⅳ-28',
  name: '京剧',
  categoryId: 70,
  categoryName: '传统戏剧',
  batchYear: 2006,
  batch: '第一批',
  kind: 'new',
  kindText: '新增项目',
  region: '北京市',
  provinceName: '北京',
  href: '/minglu/iv-28',
  cultureId: 7,
};

const adapter = adaptersClosedAfterEach();

async function adapterWithList() {
  const stub = stubCms({ collections: { provinces, categories }, singles: { 'portal/national-list': list } });
  const { server } = await adapter(stub.cms);
  const get = (url: string) => server.inject({ method: 'GET', url });
  /** The ids of the entries a query answers, and their total. */
  const entryIds = async (query: string) => {
    const answer = await get(`/api/national/entries${query}`);
    expect(answer.statusCode, query).toBe(200);
    const { page } = nationalEntriesResponse.parse(answer.json()).data;
    return [page.records.map((e) => e.id), page.total];
  };
  return { server, stub, get, entryIds };
}

describe('GET /api/national/entries', () => {
  it('pages every entry in the list’s order, 20 a page by default, with the date the list is true at', async () => {
    const { get, entryIds, stub } = await adapterWithList();
    const answer = nationalEntriesResponse.parse((await get('/api/national/entries')).json()).data;
    expect(answer.asOf).toBe(AS_OF.list);
    expect(answer.page).toMatchObject({ total: 5, size: 20, current: 1, pages: 1 });
    expect(answer.page.records[2]).toEqual(jingjuBeijing);
    expect(await entryIds('?size=2&page=2')).toEqual([[3, 4], 5]);
    expect(stub.calls).toEqual([]);
  });

  it('filters by province (short or full name, pinyin, any case; national for national bodies), category, year and kind', async () => {
    const { entryIds } = await adapterWithList();
    for (const province of ['北京', '北京市', 'beijing', ' BeiJing ']) {
      expect(await entryIds(`?province=${encodeURIComponent(province)}`), province).toEqual([[2, 3], 2]);
    }
    expect(await entryIds('?province=national')).toEqual([[4], 1]);
    expect(await entryIds('?categoryId=73')).toEqual([[5], 1]);
    expect(await entryIds('?batchYear=2008')).toEqual([[2], 1]);
    expect(await entryIds('?kind=extension')).toEqual([[2], 1]);
    expect(await entryIds(`?province=${encodeURIComponent('江苏')}&categoryId=70&kind=new`)).toEqual([[1], 1]);
    // Empty filter fields are no filters.
    expect(await entryIds('?categoryId=&batchYear=&kind=&province=')).toEqual([[1, 2, 3, 4, 5], 5]);
  });

  it('refuses an unknown province and bad filters with the contract’s Chinese message', async () => {
    const { get } = await adapterWithList();
    for (const [query, message] of [
      [`province=${encodeURIComponent('火星')}`, '未知的省份：火星'],
      // Markup is not echoed back.
      [`province=${encodeURIComponent('<b>x</b>')}`, '未知的省份'],
      [`province=${'x'.repeat(21)}`, 'province 过长'],
      ['kind=old', 'kind 只能是 new 或 extension'],
      ['batchYear=1800', 'batchYear 不能小于 1900'],
      ['categoryId=x', 'categoryId 必须是数字'],
      ['size=101', 'size 不能大于 100'],
    ] as const) {
      const answer = await get(`/api/national/entries?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
  });
});

describe('GET /api/national/items/{slug}', () => {
  it('answers the item with all its entries and its national inheritors', async () => {
    const { get } = await adapterWithList();
    const answer = await get('/api/national/items/iv-28');
    expect(answer.statusCode).toBe(200);
    expect(nationalItemResponse.parse(answer.json()).data).toEqual({
      item: {
        serial: 'Ⅳ-28',
        slug: 'iv-28',
        name: '京剧',
        categoryId: 70,
        categoryName: '传统戏剧',
        firstBatchYear: 2006,
        entryCount: 2,
        inheritorCount: 1,
        provinces: ['北京'],
        href: '/minglu/iv-28',
        cultureId: 7,
      },
      entries: [jingjuBeijing, { ...jingjuBeijing, id: 4, region: '中国国家京剧院', provinceName: null, cultureId: null }],
      inheritors: [
        {
          id: 11,
          name: '梅葆玖',
          gender: '男',
          birthYear: 1934,
          ethnicity: '汉族',
          item: '京剧',
          serial: 'Ⅳ-28',
          categoryId: 70,
          region: '中国国家京剧院',
          provinceName: null,
          batchYear: 2008,
          // The inheritors' batches are ranked among their own years (2007, 2008).
          batch: '第二批',
          href: '/minglu/iv-28#inheritor-11',
        },
      ],
      asOf: AS_OF,
    });
  });

  it('answers 404 for a serial that is not on the list or an address that names none', async () => {
    const { get } = await adapterWithList();
    for (const slug of ['iv-2', 'IV-28', 'iv-028', 'xi-1', 'jingju']) {
      const answer = await get(`/api/national/items/${slug}`);
      expect(answer.statusCode, slug).toBe(404);
      expect(answer.json(), slug).toEqual({ code: ERROR_CODES.notFound, message: '名录项目不存在', data: null });
    }
  });
});

describe('GET /api/national/figures', () => {
  it('answers the totals, categories, batches and provinces computed from the list', async () => {
    const { get } = await adapterWithList();
    const figures = nationalFiguresResponse.parse((await get('/api/national/figures')).json()).data;
    expect(figures.asOf).toEqual(AS_OF);
    expect(figures.totals).toEqual({ items: 3, entries: 5, inheritors: 2 });
    expect(figures.categories).toEqual([
      { categoryId: 70, categoryName: '传统戏剧', items: 2, entries: 4, inheritors: 2 },
      { categoryId: 73, categoryName: '传统技艺', items: 1, entries: 1, inheritors: 0 },
    ]);
    expect(figures.batches).toEqual([
      { batchYear: 2006, batch: '第一批', newItems: 3, extendedItems: 0, entries: 4 },
      { batchYear: 2008, batch: '第二批', newItems: 0, extendedItems: 1, entries: 1 },
    ]);
    expect(figures.inheritorBatches).toEqual([
      { batchYear: 2007, batch: '第一批', inheritors: 1 },
      { batchYear: 2008, batch: '第二批', inheritors: 1 },
    ]);
    expect(Object.fromEntries(figures.provinces.map((p) => [String(p.provinceName), [p.items, p.entries, p.inheritors]]))).toEqual({
      北京: [2, 2, 0],
      江苏: [2, 2, 1],
      null: [1, 1, 1],
    });
  });
});
