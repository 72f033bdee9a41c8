import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { provinceCulturesResponse, provinceListResponse, provinceResponse } from '@feiyi/contract/province';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import type { strapiCategory } from '../category/mapper.ts';
import { stubCms } from '../cms/client.fixture.ts';
import type { strapiCulture } from '../culture/mapper.ts';
import type { RawNationalList } from '../national/list.ts';
import type { strapiProvince } from './mapper.ts';

const provinces: Array<z.input<typeof strapiProvince>> = [
  { pid: 1, name: '北京市', shortName: '北京', code: 'beijing', adcode: 110000, culture: '京味文化' },
  { pid: 10, name: '江苏省', shortName: '江苏', code: 'jiangsu', adcode: 320000 },
  { pid: 20, name: '广西壮族自治区', shortName: '广西', code: 'guangxi', adcode: 450000 },
];
const categories: Array<z.input<typeof strapiCategory>> = [
  { code: 70, name: '戏剧', officialName: '传统戏剧', sort: 4 },
  { code: 69, name: '杂技', officialName: '传统体育、游艺与杂技', sort: 6 },
  { code: 73, name: '技艺', officialName: '传统技艺', sort: 8 },
];
const ref = (pid: number) => {
  const p = provinces.find((province) => province.pid === pid)!;
  return { pid, name: p.name, shortName: p.shortName };
};
const category = (code: number) => categories.find((c) => c.code === code)!;
/**
 * 京剧 (北京), 昆曲 (江苏; its national entry Ⅳ-1 is also declared by 北京), 云锦 (江苏) and 抢花炮 (广西), listed by
 * the CMS out of order.
 */
const cultures: Array<z.input<typeof strapiCulture>> = [
  { id: 49, documentId: 'yunjin', pid: 9, title: '云锦', category: category(73), province: ref(10) },
  { id: 47, documentId: 'jingju', pid: 7, title: '京剧', category: category(70), province: ref(1) },
  { id: 48, documentId: 'kunqu', pid: 8, title: '昆曲', category: category(70), province: ref(10), listing: { serial: 'Ⅳ-1' } },
  { id: 52, documentId: 'qianghuapao', pid: 12, title: '抢花炮', category: category(69), province: ref(20) },
];
const entry = { serial: 'Ⅳ-1', name: '昆曲', categoryCode: 70, batchYear: 2006, kind: 'new', culturePid: 8 } as const;
const nationalList: RawNationalList = {
  entries: [
    { ...entry, id: 1, region: '江苏省', province: '江苏' },
    { ...entry, id: 2, region: '北京市', province: '北京' },
  ],
  inheritors: [],
};

const adapter = adaptersClosedAfterEach();

async function adapterWithProvinces() {
  const stub = stubCms({ collections: { provinces, categories, cultures }, singles: { 'portal/national-list': nationalList } });
  const { server } = await adapter(stub.cms);
  const get = (url: string) => server.inject({ method: 'GET', url });
  return { server, stub, get };
}

const jiangsu = {
  id: 10,
  name: '江苏',
  fullName: '江苏省',
  code: 'jiangsu',
  adcode: 320000,
  culture: '',
  cultureCount: 2,
};

describe('GET /api/province/list and /api/province/{id}', () => {
  it('answers every province with the number of items listed under it (an item’s national entries count too)', async () => {
    const { get, stub } = await adapterWithProvinces();
    const answer = await get('/api/province/list');
    expect(answer.statusCode).toBe(200);
    expect(provinceListResponse.parse(answer.json()).data.provinces).toEqual([
      { id: 1, name: '北京', fullName: '北京市', code: 'beijing', adcode: 110000, culture: '京味文化', cultureCount: 2 },
      jiangsu,
      { id: 20, name: '广西', fullName: '广西壮族自治区', code: 'guangxi', adcode: 450000, culture: '', cultureCount: 1 },
    ]);
    expect(stub.calls).toEqual([]);
  });

  it('answers one province by its id, 404 for an unknown one and 400 for an id that is not one', async () => {
    const { get } = await adapterWithProvinces();
    expect(provinceResponse.parse((await get('/api/province/10')).json()).data.province).toEqual(jiangsu);
    const missing = await get('/api/province/35');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: ERROR_CODES.notFound, message: '未找到该省份', data: null });
    for (const [id, message] of [
      ['abc', '省份编号 必须是数字'],
      ['0', '省份编号 不能小于 1'],
    ] as const) {
      for (const url of [`/api/province/${id}`, `/api/province/${id}/types`, `/api/province/${id}/cultures`]) {
        const answer = await get(url);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json(), url).toEqual({ code: ERROR_CODES.validation, message, data: null });
      }
    }
  });
});

describe('GET /api/province/code/{code}', () => {
  it('finds a province by pinyin, adcode, short or full name (any case, suffix dropped), 404 otherwise', async () => {
    const { get } = await adapterWithProvinces();
    for (const code of ['guangxi', 'GuangXi', '450000', '广西', '广西壮族自治区', '广西自治区']) {
      const answer = await get(`/api/province/code/${encodeURIComponent(code)}`);
      expect(answer.statusCode, code).toBe(200);
      expect(answer.json().data.province.id, code).toBe(20);
    }
    for (const code of ['xinjiang', '台湾']) {
      const answer = await get(`/api/province/code/${encodeURIComponent(code)}`);
      expect(answer.statusCode, code).toBe(404);
      expect(answer.json(), code).toEqual({ code: ERROR_CODES.notFound, message: '未找到该省份', data: null });
    }
  });
});

describe('GET /api/province/{id}/types', () => {
  it('answers the official names of the categories the province’s items belong to, in the categories’ order', async () => {
    const { get } = await adapterWithProvinces();
    const typesOf = async (id: number) => (await get(`/api/province/${id}/types`)).json().data.types;
    expect(await typesOf(10)).toEqual(['传统戏剧', '传统技艺']);
    expect(await typesOf(1)).toEqual(['传统戏剧']);
    expect(await typesOf(20)).toEqual(['传统体育、游艺与杂技']);
    const missing = await get('/api/province/35/types');
    expect(missing.json()).toEqual({ code: ERROR_CODES.notFound, message: '未找到该省份', data: null });
  });
});

describe('GET /api/province/{id}/cultures', () => {
  it('lists the province’s items by id, filtered by category code, display name or official name, and paged', async () => {
    const { get } = await adapterWithProvinces();
    const listed = async (query: string) => {
      const answer = await get(`/api/province/${query}`);
      expect(answer.statusCode, query).toBe(200);
      const { cultures: items, total } = provinceCulturesResponse.parse(answer.json()).data;
      return [items.map((c) => c.id), total];
    };
    expect(await listed('10/cultures')).toEqual([[8, 9], 2]);
    // 昆曲 is 江苏's, and also 北京's by its national entry.
    expect(await listed('1/cultures')).toEqual([[7, 8], 2]);
    for (const type of ['技艺', '传统技艺', '73', ' 技艺 ']) {
      expect(await listed(`10/cultures?type=${encodeURIComponent(type)}`), type).toEqual([[9], 1]);
    }
    expect(await listed('10/cultures?categoryId=70&type=73')).toEqual([[8], 1]);
    // An older name for 传统体育、游艺与杂技, still accepted.
    expect(await listed(`20/cultures?type=${encodeURIComponent('杂技体育')}`)).toEqual([[12], 1]);
    expect(await listed(`10/cultures?type=${encodeURIComponent('火星')}`)).toEqual([[], 0]);
    expect(await listed('10/cultures?size=1&page=2')).toEqual([[9], 2]);
  });

  it('refuses a bad page or size with the contract’s Chinese message, and answers 404 for an unknown province', async () => {
    const { get } = await adapterWithProvinces();
    for (const [query, message] of [
      ['size=101', 'size 不能大于 100'],
      ['size=0', 'size 不能小于 1'],
      ['page=0', 'page 不能小于 1'],
      ['page=x', 'page 必须是数字'],
    ] as const) {
      const answer = await get(`/api/province/10/cultures?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
    const missing = await get('/api/province/35/cultures');
    expect(missing.json()).toEqual({ code: ERROR_CODES.notFound, message: '未找到该省份', data: null });
  });
});
