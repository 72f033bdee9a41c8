import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cultureSearchResponse,
  inheritorDetailResponse,
  inheritorPageResponse,
  nationalEntriesResponse,
  nationalFiguresResponse,
  nationalItemResponse,
} from '@feiyi/contract';
import { loadNationalTables } from '../../cms/seed/national-facts.ts';
import { expectError, expectOk, get, newUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';

const national = loadNationalTables(path.resolve(import.meta.dirname, '../../cms/seed/facts'));

const entries = async (query: Record<string, string | number>) =>
  expectOk(await get('/api/national/entries', { query }), nationalEntriesResponse).data;
const item = async (slug: string) => expectOk(await get(`/api/national/items/${slug}`), nationalItemResponse).data;
const search = async (keyword: string, extra: Record<string, string | number> = {}) =>
  expectOk(await get('/api/culture/search', { query: { keyword, ...extra } }), cultureSearchResponse).data.page;

describe('GET /api/national/entries', () => {
  it('pages all 3,610 entries, 20 by default, saying how recent the list is', async () => {
    const all = await entries({});
    expect(all.page).toMatchObject({ total: 3610, size: 20, current: 1, pages: 181 });
    expect(all.page.records).toHaveLength(20);
    expect(all.asOf).toBe('截至第五批（2021 年）');
    expect(all.page.records[0]).toMatchObject({
      serial: 'Ⅰ-1',
      name: '苗族古歌',
      categoryName: '民间文学',
      batch: '第一批',
      href: '/minglu/i-1',
    });
  });

  it('filters by category, province, batch and kind, together', async () => {
    const { page } = await entries({ categoryId: 67, province: '湖北', batchYear: 2008, kind: 'extension', size: 100 });
    const expected = national.items.filter(
      (r) => r.category === '传统戏剧' && r.region.startsWith('湖北') && r.batchYear === 2008 && r.entryKind === '扩展项目',
    );
    expect(page.total).toBe(expected.length);
    expect(page.records.map((e) => e.region).sort()).toEqual(expected.map((r) => r.region).sort());
    expect(page.records.map((e) => e.region)).toContain('湖北省京剧院');
    for (const entry of page.records)
      expect(entry).toMatchObject({ categoryId: 67, provinceName: '湖北', batchYear: 2008, kind: 'extension', kindText: '扩展项目' });
  });

  it('takes a province by short name, full name or pinyin code, and national for national bodies', async () => {
    const byShort = (await entries({ province: '北京', size: 1 })).page.total;
    expect((await entries({ province: '北京市', size: 1 })).page.total).toBe(byShort);
    expect((await entries({ province: 'beijing', size: 1 })).page.total).toBe(byShort);
    const bodies = await entries({ province: 'national', size: 100 });
    expect(bodies.page.records.every((e) => e.provinceName === null)).toBe(true);
    expect(bodies.page.records.map((e) => e.region)).toContain('文化部');
    expect((await entries({ batchYear: 2021, size: 1 })).page.total).toBe(465);
    expect((await entries({ kind: 'new', size: 1 })).page.total).toBe(2278);
    expect((await entries({ categoryId: '', province: '', kind: '', size: 1 })).page.total).toBe(3610);
  });

  it('answers a Chinese 400 for bad filters', async () => {
    expectError(await get('/api/national/entries', { query: { province: '火星' } }), 400, '未知的省份：火星');
    expectError(await get('/api/national/entries', { query: { kind: 'old' } }), 400, 'kind 只能是 new 或 extension');
    expectError(await get('/api/national/entries', { query: { batchYear: 'abc' } }), 400, 'batchYear 必须是数字');
    expectError(await get('/api/national/entries', { query: { size: 101 } }), 400, 'size 不能大于 100');
  });
});

describe('GET /api/national/items/{slug}', () => {
  it('answers 京剧 Ⅳ-28 with its 2006 entries, later extensions, inheritors and article', async () => {
    const jingju = await item('iv-28');
    expect(jingju.item).toMatchObject({
      serial: 'Ⅳ-28',
      slug: 'iv-28',
      name: '京剧',
      categoryName: '传统戏剧',
      firstBatchYear: 2006,
      entryCount: 9,
    });
    expect(jingju.item.cultureId).toEqual(expect.any(Number));
    expect(jingju.entries.map((e) => `${e.batchYear} ${e.kind} ${e.region}`)).toEqual(
      national.items
        .filter((r) => r.serial === 'Ⅳ-28')
        .map((r) => `${r.batchYear} ${r.entryKind === '新增项目' ? 'new' : 'extension'} ${r.region}`),
    );
    const expectedNames = national.inheritors.filter((r) => r.itemSerial === 'Ⅳ-28').map((r) => r.name);
    expect(jingju.inheritors.map((p) => p.name).sort()).toEqual(expectedNames.sort());
    const liu = jingju.inheritors.find((p) => p.name === '刘长瑜')!;
    expect(liu).toMatchObject({
      gender: '女',
      birthYear: 1942,
      ethnicity: '汉族',
      batch: '第二批',
      region: '中国京剧院',
      provinceName: '北京',
    });
    expect(liu.href).toBe(`/minglu/iv-28#inheritor-${liu.id}`);
    expect(jingju.asOf).toEqual({ list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' });
  });

  it('answers 古琴艺术 Ⅱ-34 (declared by a national body) and 春节 Ⅹ-1 with their extensions', async () => {
    const guqin = await item('ii-34');
    expect(guqin.item).toMatchObject({ name: '古琴艺术', categoryName: '传统音乐' });
    expect(guqin.entries[0]).toMatchObject({ batchYear: 2006, region: '中国艺术研究院', provinceName: null });
    expect(guqin.entries.map((e) => e.batchYear)).toEqual(national.items.filter((r) => r.serial === 'Ⅱ-34').map((r) => r.batchYear));
    const spring = await item('x-1');
    expect(spring.item).toMatchObject({ name: '春节', categoryName: '民俗', firstBatchYear: 2006 });
    expect(spring.entries.map((e) => `${e.batchYear} ${e.kindText}`)).toEqual([
      '2006 新增项目',
      '2011 扩展项目',
      '2011 扩展项目',
      '2021 扩展项目',
      '2021 扩展项目',
      '2021 扩展项目',
    ]);
  });

  it('answers 404 for a serial that is not on the list, whatever its form', async () => {
    for (const slug of ['iv-9999', 'xi-1', 'iv-028', '京剧'])
      expectError(await get(`/api/national/items/${encodeURIComponent(slug)}`), 404, '名录项目不存在');
  });
});

describe('GET /api/national/figures', () => {
  it('computes the counts per category, batch and province from the data, with their dates', async () => {
    const figures = expectOk(await get('/api/national/figures'), nationalFiguresResponse).data;
    expect(figures.totals).toEqual({ items: 1557, entries: 3610, inheritors: 3995 });
    expect(figures.asOf).toEqual({ list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' });
    expect(figures.batches.map((b) => [b.batch, b.newItems, b.extendedItems, b.entries])).toEqual([
      ['第一批', 518, 0, 763],
      ['第二批', 510, 147, 1352],
      ['第三批', 191, 164, 567],
      ['第四批', 153, 153, 463],
      ['第五批', 185, 140, 465],
    ]);
    expect(figures.inheritorBatches.map((b) => b.inheritors)).toEqual([226, 550, 705, 495, 1077, 942]);
    expect(figures.categories.find((c) => c.categoryName === '传统医药')).toMatchObject({ items: 23, entries: 182 });
    const hubei = figures.provinces.find((p) => p.provinceName === '湖北')!;
    expect(hubei.entries).toBe(national.items.filter((r) => r.region.startsWith('湖北')).length);
    expect(hubei.inheritors).toBe(national.inheritors.filter((r) => r.region.startsWith('湖北')).length);
    expect(figures.provinces.reduce((sum, p) => sum + p.entries, 0)).toBe(3610);
  });
});

describe('national inheritors in the inheritor calls', () => {
  it('pages every national inheritor of a category in the spec shape, a seal for a picture', async () => {
    const { page, guest } = expectOk(await get('/api/inheritor/category/67', { query: { size: 50 } }), inheritorPageResponse).data;
    expect(guest).toBe(true);
    expect(page.total).toBe(national.inheritors.filter((r) => r.category === '传统戏剧').length);
    const listed = page.records.find((r) => r.href.startsWith('/minglu/'))!;
    expect(listed).toMatchObject({ status: 1, levelText: '国家级', categoryId: 67 });
    expect(listed).not.toHaveProperty('introduction');
    expect(listed.profileImages).toBe(`${testEnv.webUrl}/api/inheritor/${listed.id}/seal.svg`);
  });

  it("tells a logged-in visitor '暂无简介' where no prose exists, and keeps the written profiles", async () => {
    const user = await newUser('nat');
    const { page } = expectOk(
      await get('/api/inheritor/category/67', { token: user.token, query: { size: 50 } }),
      inheritorPageResponse,
    ).data;
    const written = page.records.filter((r) => r.href.startsWith('/inheritors/'));
    expect(written.map((r) => r.inheritorName)).toContain('张继青');
    for (const record of written) expect(record.introduction!.length).toBeGreaterThan(20);
    const listed = page.records.find((r) => r.href.startsWith('/minglu/'))!;
    expect(listed.introduction).toBe('暂无简介');
    const detail = expectOk(await get(`/api/inheritor/${listed.id}`, { token: user.token }), inheritorDetailResponse).data.inheritor;
    expect(detail).toEqual(listed);
  });

  it('serves the seal picture of an inheritor, and 404 for an unknown one', async () => {
    const { page } = expectOk(await get('/api/inheritor/category/66', { query: { size: 10 } }), inheritorPageResponse).data;
    const person = page.records.find((r) => r.href.startsWith('/minglu/'))!;
    const response = await fetch(person.profileImages);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await response.text();
    expect(svg).toContain(`<title>${person.inheritorName}（名章，本站生成，并非肖像）</title>`);
    expectError(await get('/api/inheritor/99999/seal.svg'), 404, '传承人不存在');
  });
});

describe('search over articles, items and inheritors (GET /api/culture/search)', () => {
  it.each([
    ['相声', '/minglu/v-47'],
    ['xiangsheng', '/minglu/v-47'],
    ['少林', '/minglu/vi-7'],
    ['湘绣', '/minglu/vii-19'],
  ])('finds the item for %s', async (keyword, href) => {
    const { records } = await search(keyword);
    expect(records.find((r) => r.kind === 'item')).toMatchObject({ kind: 'item', kindText: '名录项目', href });
  });

  it('lists the article first and says what each hit is and where it opens', async () => {
    const { records, total } = await search('京剧', { size: 50 });
    expect(records[0]).toMatchObject({ kind: 'culture', title: '京剧' });
    expect(records[0]!.href).toBe(`/culture/item/${records[0]!.id}`);
    expect(records.find((r) => r.kind === 'item' && r.title === '京剧')).toMatchObject({ href: '/minglu/iv-28' });
    const inheritor = records.find((r) => r.kind === 'inheritor')!;
    expect(inheritor.href).toMatch(new RegExp(`^/minglu/[ivx]+-\\d+#inheritor-${inheritor.id}$`));
    expect(total).toBeGreaterThan(national.inheritors.filter((r) => r.itemSerial === 'Ⅳ-28').length);
  });

  it('lists 格萨（斯）尔 before its namesakes for 格萨尔 in any bracket form, then articles, items and inheritors', async () => {
    const kinds = ['culture', 'item', 'inheritor'];
    for (const keyword of ['格萨尔', '格萨斯尔', '格萨(斯)尔', '格萨（斯）尔']) {
      const { records } = await search(keyword, { size: 50 });
      expect(
        records.slice(0, 2).map((r) => [r.kind, r.title]),
        keyword,
      ).toEqual([
        ['culture', '格萨（斯）尔'],
        ['item', '格萨（斯）尔'],
      ]);
      expect(records[1]!.href).toBe('/minglu/i-27');
      const rest = records.slice(2).map((r) => kinds.indexOf(r.kind));
      expect(rest, keyword).toEqual(rest.toSorted((a, b) => a - b));
    }
    const titles = (await search('格萨尔', { size: 50 })).records.map((r) => r.title);
    expect(titles.indexOf('藏族格萨尔彩绘石刻')).toBeGreaterThan(1);
  });

  it('finds a national inheritor by name and by full pinyin', async () => {
    for (const keyword of ['王安江', 'wanganjiang']) {
      const hit = (await search(keyword)).records.find((r) => r.kind === 'inheritor');
      expect(hit, keyword).toMatchObject({ title: '王安江', kindText: '传承人' });
      expect(hit!.href).toMatch(/^\/minglu\/i-1#inheritor-\d+$/);
    }
  });
});
