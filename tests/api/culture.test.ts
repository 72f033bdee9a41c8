import { describe, expect, it } from 'vitest';
import { categoriesResponse, cultureDetailResponse, culturePageResponse, hotLatestResponse, type CultureItem } from '@feiyi/contract';
import { eventually, expectError, expectOk, get } from '../support/api.ts';

const page = async (query: Record<string, string | number>) =>
  expectOk(await get('/api/culture/page', { query }), culturePageResponse).data.page;
const search = async (keyword: string, extra: Record<string, string | number> = {}) =>
  expectOk(await get('/api/culture/search', { query: { keyword, ...extra } }), culturePageResponse).data.page;

describe('GET /api/culture/page', () => {
  it('pages all published items, 10 by default', async () => {
    const all = await page({ category: '', page: 1, _t: Date.now() });
    expect(all.size).toBe(10);
    expect(all.current).toBe(1);
    expect(all.records).toHaveLength(10);
    expect(all.total).toBeGreaterThanOrEqual(90);
    expect(all.pages).toBe(Math.ceil(all.total / 10));
    const second = await page({ page: 2 });
    expect(second.records.map((r) => r.id)).not.toEqual(all.records.map((r) => r.id));
  });

  it('filters by category and answers absolute cover URLs', async () => {
    const opera = await page({ category: 67, size: 50 });
    expect(opera.total).toBeGreaterThan(0);
    expect(new Set(opera.records.map((r) => r.categoryId))).toEqual(new Set([67]));
    expect(opera.records.map((r) => r.title)).toContain('京剧');
    for (const record of opera.records) expect(record.coverImage).toMatch(/^https?:\/\/.+\/uploads\/.+/);
  });

  it('answers an empty page past the end and for an unknown category', async () => {
    const past = await page({ page: 999 });
    expect(past.records).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    const unknown = await page({ category: 12345 });
    expect(unknown).toMatchObject({ records: [], total: 0 });
  });

  it.each([
    [{ size: 0 }, 'size 不能小于 1'],
    [{ size: 51 }, 'size 不能大于 50'],
    [{ page: 0 }, 'page 不能小于 1'],
    [{ page: 'abc' }, 'page 必须是数字'],
    [{ category: 'opera' }, 'category 必须是类别编号'],
  ])('refuses %j with 400', async (query, message) => {
    expectError(await get('/api/culture/page', { query }), 400, message);
  });

  it('answers 304 for a matching If-None-Match', async () => {
    const first = await get('/api/culture/page', { query: { category: 68 } });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/api/culture/page', { query: { category: 68 }, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

describe('GET /api/culture/search', () => {
  it('answers an empty page for a blank keyword', async () => {
    for (const keyword of ['', '   ']) {
      const result = await search(keyword);
      expect(result).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    }
    const missing = expectOk(await get('/api/culture/search'), culturePageResponse);
    expect(missing.data.page.total).toBe(0);
  });

  it('finds 京剧 by Chinese, full pinyin and initials', async () => {
    expect((await search('京剧')).records[0]!.title).toBe('京剧');
    expect((await search('jingju')).records[0]!.title).toBe('京剧');
    expect((await search('Jing Ju')).records[0]!.title).toBe('京剧');
    expect((await search('jj')).records.map((r) => r.title)).toContain('京剧');
  });

  it('ranks title hits before items that only mention the keyword', async () => {
    const result = await search('京剧', { size: 50 });
    const titles = result.records.map((r) => r.title.includes('京剧'));
    expect(titles[0]).toBe(true);
    expect(titles).toContain(false);
    // Once the title hits end, no title hit comes later.
    const firstOther = titles.indexOf(false);
    expect(titles.slice(firstOther)).not.toContain(true);
  });

  it('pages search results with page and size', async () => {
    const first = await search('传统', { size: 2, page: 1 });
    const second = await search('传统', { size: 2, page: 2 });
    expect(first.records).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    expect(second.records[0]!.id).not.toBe(first.records[0]!.id);
  });

  it('treats regex metacharacters as plain text', async () => {
    for (const keyword of ['.*', '[', '\\', '(?:', '^$']) {
      const result = await search(keyword);
      expect(result.total, keyword).toBe(0);
    }
  });

  it('answers a 1000-character keyword and refuses a longer one with a Chinese 400', async () => {
    const result = await search('京'.repeat(1000));
    expect(result.total).toBe(0);
    expectError(await get('/api/culture/search', { query: { keyword: '京'.repeat(1001) } }), 400, '关键词过长');
  });
});

describe('GET /api/culture/hot and /api/culture/latest', () => {
  it('answers code 200 (not 20000) and 3 items by default', async () => {
    for (const path of ['/api/culture/hot', '/api/culture/latest']) {
      const body = expectOk(await get(path), hotLatestResponse);
      expect(body.code).toBe(200);
      expect(body.data.cultures).toHaveLength(3);
    }
  });

  it('honours limit and refuses one out of range', async () => {
    expect(expectOk(await get('/api/culture/latest', { query: { limit: 7 } }), hotLatestResponse).data.cultures).toHaveLength(7);
    expectError(await get('/api/culture/hot', { query: { limit: 0 } }), 400, 'limit 不能小于 1');
    expectError(await get('/api/culture/hot', { query: { limit: 21 } }), 400, 'limit 不能大于 20');
  });

  it('orders latest by publication time and hot by views', async () => {
    const latest = expectOk(await get('/api/culture/latest', { query: { limit: 20 } }), hotLatestResponse).data.cultures;
    const times = latest.map((c) => c.publishedAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    const hot = expectOk(await get('/api/culture/hot', { query: { limit: 20 } }), hotLatestResponse).data.cultures;
    const views = hot.map((c) => c.viewCount);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });
});

describe('GET /api/culture/{id}', () => {
  const detail = async (id: number): Promise<CultureItem> => expectOk(await get(`/api/culture/${id}`), cultureDetailResponse).data.culture;

  it('answers the item with its category, province and facts', async () => {
    const [jingju] = (await search('京剧')).records;
    const culture = await detail(jingju!.id);
    expect(culture).toMatchObject({
      id: jingju!.id,
      title: '京剧',
      categoryId: 67,
      categoryName: '戏剧',
      type: '传统戏剧',
      provinceName: '北京',
    });
    expect(culture.facts?.batchYear).toBe(2006);
    expect(culture.content.length).toBeGreaterThan(100);
  });

  it('counts every view, and the hot list follows', async () => {
    const all = await page({ category: 74, size: 50 });
    const target = all.records[all.records.length - 1]!;
    const before = (await detail(target.id)).viewCount;
    const after = (await detail(target.id)).viewCount;
    expect(after).toBe(before + 1);
    // Enough views to lead the hot list (whose answers are cached for at most 10 s).
    const hotNow = expectOk(await get('/api/culture/hot', { query: { limit: 1 } }), hotLatestResponse).data.cultures[0]!;
    const needed = Math.max(0, hotNow.viewCount - after) + 3;
    for (let i = 0; i < needed; i += 1) await detail(target.id);
    const leader = await eventually(
      async () => {
        const [first] = expectOk(await get('/api/culture/hot', { query: { limit: 1, _t: Date.now() } }), hotLatestResponse).data.cultures;
        // The cached answer may lag by up to 10 s: wait for one that counts every view.
        return first?.id === target.id && first.viewCount >= after + needed ? first : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    expect(leader.id).toBe(target.id);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await get('/api/culture/999999'), 404, '文化条目不存在或已下线');
    expectError(await get('/api/culture/abc'), 400, 'id 必须是数字');
    expectError(await get('/api/culture/0'), 400, 'id 不能小于 1');
    expectError(await get('/api/culture/1.5'), 400, 'id 必须是整数');
  });
});

describe('GET /api/categories', () => {
  it('answers the ten categories 66–75 with their counts', async () => {
    const { categories } = expectOk(await get('/api/categories'), categoriesResponse).data;
    expect(categories.map((c) => c.id).sort()).toEqual([66, 67, 68, 69, 70, 71, 72, 73, 74, 75]);
    const opera = categories.find((c) => c.id === 67)!;
    expect(opera).toMatchObject({ title: '戏剧', officialName: '传统戏剧' });
    expect(opera.count).toBe((await page({ category: 67 })).total);
  });
});
