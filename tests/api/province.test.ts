import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  culturePageResponse,
  provinceCulturesResponse,
  provinceListResponse,
  provinceResponse,
  provinceTypesResponse,
  type CultureItem,
  type Province,
} from '@feiyi/contract';
import { loadNationalTables, provinceOfRegion } from '../../cms/seed/national-facts.ts';
import { expectError, expectOk, get } from '../support/api.ts';

const national = loadNationalTables(path.resolve(import.meta.dirname, '../../cms/seed/facts'));

let provinces: Province[];
beforeAll(async () => {
  provinces = expectOk(await get('/api/province/list'), provinceListResponse).data.provinces;
});
const byName = (name: string) => provinces.find((p) => p.name === name)!;

describe('GET /api/province/list', () => {
  it('lists the 34 province-level divisions with ids 1–34', () => {
    expect(provinces).toHaveLength(34);
    expect(provinces.map((p) => p.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(byName('广西')).toMatchObject({ fullName: '广西壮族自治区', code: 'guangxi', adcode: 450000 });
    expect(byName('北京').cultureCount).toBeGreaterThan(0);
  });
});

describe('GET /api/province/{id}', () => {
  it('answers one province with its blurb', async () => {
    const beijing = byName('北京');
    const { province } = expectOk(await get(`/api/province/${beijing.id}`), provinceResponse).data;
    expect(province).toEqual(beijing);
    expect(province.culture.length).toBeGreaterThan(20);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await get('/api/province/99'), 404, '未找到该省份');
    expectError(await get('/api/province/0'), 400, '省份编号 不能小于 1');
    expectError(await get('/api/province/-3'), 400, '省份编号 不能小于 1');
  });
});

describe('GET /api/province/code/{code}', () => {
  it.each(['guangxi', 'GuangXi', '450000', '广西', '广西壮族自治区'])('finds 广西 by %s', async (code) => {
    const { province } = expectOk(await get(`/api/province/code/${encodeURIComponent(code)}`), provinceResponse).data;
    expect(province.id).toBe(byName('广西').id);
    expect(province.name).toBe('广西');
  });

  it('finds provinces by full names with suffixes (省、市、自治区)', async () => {
    for (const [full, short] of [
      ['浙江省', '浙江'],
      ['北京市', '北京'],
      ['新疆维吾尔自治区', '新疆'],
      ['内蒙古自治区', '内蒙古'],
      ['香港特别行政区', '香港'],
    ]) {
      const { province } = expectOk(await get(`/api/province/code/${encodeURIComponent(full!)}`), provinceResponse).data;
      expect(province.name, full).toBe(short);
    }
  });

  it('answers 404 for an unknown code', async () => {
    for (const code of ['atlantis', '999999', '火星', "' OR 1=1 --"]) {
      expectError(await get(`/api/province/code/${encodeURIComponent(code)}`), 404, '未找到该省份');
    }
  });
});

describe('GET /api/province/{id}/types', () => {
  it('lists the official names of the categories the province has', async () => {
    const beijing = byName('北京');
    const { types } = expectOk(await get(`/api/province/${beijing.id}/types`), provinceTypesResponse).data;
    expect(types).toContain('传统戏剧');
    const { cultures } = expectOk(await get(`/api/province/${beijing.id}/cultures`), provinceCulturesResponse).data;
    expect(new Set(cultures.map((c) => c.type))).toEqual(new Set(types));
  });

  it('answers 404 for an unknown province', async () => {
    expectError(await get('/api/province/77/types'), 404, '未找到该省份');
  });
});

describe('GET /api/province/{id}/cultures', () => {
  it('answers the province items (up to 50 by default) with the total', async () => {
    const beijing = byName('北京');
    const { cultures, total } = expectOk(
      await get(`/api/province/${beijing.id}/cultures`, { query: { page: 1 } }),
      provinceCulturesResponse,
    ).data;
    expect(total).toBe(beijing.cultureCount);
    expect(cultures).toHaveLength(Math.min(50, total));
    for (const culture of cultures) expect(culture.provinces.map((p) => p.id)).toContain(beijing.id);
    expect(cultures.map((c) => c.title)).toContain('京剧');
  });

  it('lists an item under every province its national entries name, and names its home as the primary one', async () => {
    const listed = async (name: string) =>
      expectOk(await get(`/api/province/${byName(name).id}/cultures`, { query: { size: 100 } }), provinceCulturesResponse).data.cultures;
    const records: CultureItem[] = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = expectOk(await get('/api/culture/page', { query: { size: 50, page } }), culturePageResponse).data.page;
      records.push(...answer.records);
      pages = answer.pages;
    }
    const item = (title: string) => records.find((c) => c.title === title)!;
    // The national list is the authority: the provinces of Ⅳ-1 昆曲's declaring regions, the home (江苏) first.
    const kunquRegions = national.items.filter((row) => row.serial === 'Ⅳ-1').map((row) => row.region);
    const declared = [
      ...new Set(
        kunquRegions.flatMap(
          (region) =>
            provinceOfRegion(
              region,
              provinces.map((p) => ({ name: p.fullName, shortName: p.name })),
              national.seats,
            ) ?? [],
        ),
      ),
    ];
    expect(declared).toEqual(['北京', '上海', '江苏', '浙江', '湖南']);
    const kunqu = item('昆曲');
    expect(kunqu).toMatchObject({ provinceId: byName('江苏').id, provinceName: '江苏' });
    expect(kunqu.provinces.map((p) => p.name)).toEqual(['江苏', ...declared.filter((p) => p !== '江苏')]);
    for (const name of declared) {
      expect(
        (await listed(name)).map((c) => c.title),
        name,
      ).toContain('昆曲');
      expect(kunqu.provinces.find((p) => p.name === name)?.id).toBe(byName(name).id);
    }
    // 川剧 · 四川, 越剧 · 浙江, 侗族大歌 · 贵州, each also under the others that declared it; 梁祝传说 has no home.
    expect(['川剧', '越剧', '侗族大歌'].map((title) => item(title).provinceName)).toEqual(['四川', '浙江', '贵州']);
    for (const [title, other] of [
      ['川剧', '重庆'],
      ['越剧', '上海'],
      ['侗族大歌', '广西'],
    ] as const)
      expect(
        (await listed(other)).map((c) => c.title),
        title,
      ).toContain(title);
    expect(item('梁祝传说')).toMatchObject({ provinceId: null, provinceName: null });
    expect(item('梁祝传说').provinces.map((p) => p.name)).toEqual(['江苏', '浙江', '山东', '河南']);
    // An article about one sub-entry is listed where that sub-entry was declared, not under every 石雕.
    expect(item('石雕（绥德石雕）').provinces.map((p) => p.name)).toEqual(['陕西']);
    expect((await listed('辽宁')).map((c) => c.title)).not.toContain('石雕（绥德石雕）');
    // A province's count is the number it lists.
    const jiangsu = byName('江苏');
    expect((await listed('江苏')).length).toBe(jiangsu.cultureCount);
  });

  it('filters by type given as official name, display name, code or categoryId', async () => {
    const beijing = byName('北京');
    const queries = [{ type: '传统戏剧' }, { type: '戏剧' }, { type: '67' }, { categoryId: 67 }];
    const answers = [];
    for (const query of queries) {
      const { cultures, total } = expectOk(await get(`/api/province/${beijing.id}/cultures`, { query }), provinceCulturesResponse).data;
      expect(total, JSON.stringify(query)).toBeGreaterThan(0);
      for (const culture of cultures) expect(culture.categoryId).toBe(67);
      answers.push(cultures.map((c) => c.id));
    }
    expect(new Set(answers.map((ids) => ids.join(','))).size).toBe(1);
  });

  it('answers nothing for a type the province lacks or that does not exist', async () => {
    const beijing = byName('北京');
    const { types } = expectOk(await get(`/api/province/${beijing.id}/types`), provinceTypesResponse).data;
    expect(types).not.toContain('民间文学');
    for (const type of ['民间文学', '不存在的类别']) {
      const answer = expectOk(await get(`/api/province/${beijing.id}/cultures`, { query: { type } }), provinceCulturesResponse).data;
      expect(answer).toEqual({ cultures: [], total: 0 });
    }
  });

  it('pages with page and size and refuses sizes out of range', async () => {
    const beijing = byName('北京');
    const first = expectOk(
      await get(`/api/province/${beijing.id}/cultures`, { query: { size: 1, page: 1 } }),
      provinceCulturesResponse,
    ).data;
    const second = expectOk(
      await get(`/api/province/${beijing.id}/cultures`, { query: { size: 1, page: 2 } }),
      provinceCulturesResponse,
    ).data;
    expect(first.cultures).toHaveLength(1);
    expect(second.cultures[0]!.id).not.toBe(first.cultures[0]!.id);
    expectError(await get(`/api/province/${beijing.id}/cultures`, { query: { size: 101 } }), 400, 'size 不能大于 100');
    expectError(await get(`/api/province/${beijing.id}/cultures`, { query: { page: 0 } }), 400, 'page 不能小于 1');
    expectError(await get('/api/province/88/cultures'), 404, '未找到该省份');
  });
});
