import { describe, expect, it } from 'vitest';
import { categoriesResponse, cultureDetailResponse, culturePageResponse, hotLatestResponse, type CultureItem } from '@feiyi/contract';
import { cmsUser, eventually, expectEnvelope, expectError, expectOk, get } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';
import { adapterInstances, everyInstanceSavedItsViews, instanceStats } from '../support/instances.ts';

/** The views the CMS has stored for a published item. */
const storedViews = async (id: number) =>
  Number(
    (await sql<{ views: number }>('SELECT view_count AS views FROM cultures WHERE pid = ? AND published_at IS NOT NULL', [id]))[0]!.views,
  );

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
  /** The views one instance answers for an item (opening it counts one more). */
  const viewsOn = async (instance: string, id: number) => {
    const response = await fetch(`${instance}/api/culture/${id}`);
    expect(response.status).toBe(200);
    return expectEnvelope(await response.json(), cultureDetailResponse).data.culture.viewCount;
  };

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

  it('counts every view: at once on the instance that served it, then exactly once in the CMS and on every instance', async () => {
    const all = await page({ category: 74, size: 50 });
    const target = all.records[all.records.length - 1]!;
    // Straight to the instances: behind the scale profile's nginx two requests may reach two instances.
    const [first, second] = adapterInstances as [string, string | undefined];
    await everyInstanceSavedItsViews();
    const stored = await storedViews(target.id);
    const heard = second ? (await instanceStats(second)).followedAnnouncements.view : 0;

    // The visitor sees their own view at once; the CMS gets both in the instance's next batch.
    expect(await viewsOn(first, target.id)).toBe(stored + 1);
    expect(await viewsOn(first, target.id)).toBe(stored + 2);
    await everyInstanceSavedItsViews();
    expect(await storedViews(target.id)).toBe(stored + 2);
    if (second) {
      // The batch was announced too: the other instance counts both views, and then its own.
      await eventually(async () => ((await instanceStats(second)).followedAnnouncements.view > heard ? true : undefined));
      expect(await viewsOn(second, target.id)).toBe(stored + 3);
      await everyInstanceSavedItsViews();
      expect(await storedViews(target.id)).toBe(stored + 3);
    }
  });

  it('moves the hot list with the views', async () => {
    const all = await page({ category: 74, size: 50 });
    const target = all.records[all.records.length - 2]!;
    const before = (await detail(target.id)).viewCount;
    // Enough views to lead the hot list (whose answers are cached for at most 10 s).
    const hotNow = expectOk(await get('/api/culture/hot', { query: { limit: 1 } }), hotLatestResponse).data.cultures[0]!;
    const needed = Math.max(0, hotNow.viewCount - before) + 3;
    for (let i = 0; i < needed; i += 1) await detail(target.id);
    const leader = await eventually(
      async () => {
        const [first] = expectOk(await get('/api/culture/hot', { query: { limit: 1, _t: Date.now() } }), hotLatestResponse).data.cultures;
        // The cached answer may lag by up to 10 s, and another instance's views by its next batch: wait for one that
        // counts every view.
        return first?.id === target.id && first.viewCount >= before + needed ? first : undefined;
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

describe("the CMS's batch of views (POST /api/portal/cultures/views, the adapters' own call)", () => {
  const send = async (body: unknown, token: string | null = testEnv.cmsToken) => {
    const response = await fetch(`${testEnv.cmsUrl}/api/portal/cultures/views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: unknown; error?: { message: string } } };
  };

  it('answers how many views went to published items: none for an unknown one', async () => {
    const answer = await send({ views: [{ cultureId: 999_999, count: 5 }] });
    expect(answer).toMatchObject({ status: 200, body: { data: { counted: 0 } } });
  });

  it('is for the server token only: a visitor or a caller without a token is refused', async () => {
    const batch = { views: [{ cultureId: 999_999, count: 1 }] };
    expect((await send(batch, (await cmsUser('views')).token)).status).toBe(403);
    expect((await send(batch, null)).status).toBe(403);
  });

  it.each([
    [{ views: [] }, '没有要计入的浏览'],
    [{ views: [{ cultureId: 0, count: 1 }] }, 'cultureId 不能小于 1'],
    [{ views: [{ cultureId: 1, count: 0 }] }, 'count 不能小于 1'],
    [{ views: [{ cultureId: 1, count: 1_000_001 }] }, 'count 不能大于 1000000'],
    [{ views: [{ cultureId: 1, count: 1.5 }] }, 'count 必须是整数'],
    [{ views: Array.from({ length: 1_001 }, (_, i) => ({ cultureId: i + 1, count: 1 })) }, '一次最多计入 1000 个条目的浏览'],
  ])('refuses %#: %s', async (body, message) => {
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain(message);
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
