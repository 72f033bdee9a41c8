import { beforeAll, describe, expect, it } from 'vitest';
import {
  collectionChangeResponse,
  collectionCheckResponse,
  collectionListResponse,
  culturePageResponse,
  newsListResponse,
  productPageResponse,
} from '@feiyi/contract';
import { del, DEMO, expectError, expectOk, get, login, newUser, post, signToken, type TestUser } from '../support/api.ts';

let user: TestUser;
let demo: { id: number; token: string };
let cultureIds: number[];
beforeAll(async () => {
  user = await newUser('fav');
  demo = await login(DEMO.username, DEMO.password);
  cultureIds = expectOk(await get('/api/culture/page', { query: { category: 71, size: 3 } }), culturePageResponse).data.page.records.map(
    (c) => c.id,
  );
});

const check = async (token: string, query: Record<string, string | number>) =>
  expectOk(await get('/api/collection/check', { token, query }), collectionCheckResponse).data;
const list = async (token: string, query: Record<string, string | number> = {}) =>
  expectOk(await get('/api/collection/list', { token, query }), collectionListResponse).data;

describe('favourites of culture items', () => {
  it('adds a favourite once even when added twice, and the check follows', async () => {
    const targetId = cultureIds[0]!;
    expect(await check(user.token, { userId: user.id, type: 'culture', targetId })).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const added = expectOk(
        await post('/api/collection', { token: user.token, query: { userId: user.id, type: 'culture', targetId } }),
        collectionChangeResponse,
      );
      expect(added).toMatchObject({ message: '收藏成功', data: { collected: true } });
    }
    expect(await check(user.token, { userId: user.id, type: 'culture', targetId })).toBe(true);
    const favourites = await list(user.token, { userId: user.id });
    expect(favourites.total).toBe(1);
    expect(favourites.records).toHaveLength(1);
    expect(favourites.records[0]).toMatchObject({ id: targetId, type: 'culture' });
    expect(favourites.records[0]!.title.length).toBeGreaterThan(0);
    expect(favourites.records[0]!.coverImage).toMatch(/^https?:\/\/.+\/uploads\//);
  });

  it('keeps one favourite when the same add arrives five times at once', async () => {
    const targetId = cultureIds[1]!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/collection', { token: user.token, query: { type: 'culture', targetId } })),
    );
    for (const answer of answers) expectOk(answer, collectionChangeResponse);
    const favourites = await list(user.token, { type: 'culture' });
    expect(favourites.records.filter((r) => r.id === targetId)).toHaveLength(1);
  });

  it('removes a favourite; removing it again also succeeds', async () => {
    const targetId = cultureIds[1]!;
    for (let i = 0; i < 2; i += 1) {
      const removed = expectOk(
        await del('/api/collection', { token: user.token, query: { type: 'culture', targetId } }),
        collectionChangeResponse,
      );
      expect(removed).toMatchObject({ message: '取消收藏成功', data: { collected: false } });
    }
    expect(await check(user.token, { type: 'culture', targetId })).toBe(false);
    expect((await list(user.token)).records.map((r) => r.id)).not.toContain(targetId);
  });

  it('defaults type to culture (the spec sends userId, type and targetId)', async () => {
    const targetId = cultureIds[2]!;
    expectOk(await post('/api/collection', { token: user.token, query: { targetId } }), collectionChangeResponse);
    expect(await check(user.token, { type: 'culture', targetId })).toBe(true);
    expectOk(await del('/api/collection', { token: user.token, query: { targetId } }), collectionChangeResponse);
  });
});

describe('favourites of other types', () => {
  it('collects products and news, lists them newest first and filters by type', async () => {
    const [productItem] = expectOk(await get('/api/product/page'), productPageResponse).data.page.records;
    const [news] = expectOk(await get('/api/news/list'), newsListResponse).data.news;
    expectOk(
      await post('/api/collection', { token: user.token, query: { type: 'product', targetId: productItem!.id } }),
      collectionChangeResponse,
    );
    expectOk(await post('/api/collection', { token: user.token, query: { type: 'news', targetId: news!.id } }), collectionChangeResponse);
    const all = await list(user.token, { size: 50 });
    expect(all.records.slice(0, 2).map((r) => r.type)).toEqual(['news', 'product']);
    expect(all.records[1]).toMatchObject({ id: productItem!.id, title: productItem!.name });
    const products = await list(user.token, { type: 'product' });
    expect(products.total).toBe(1);
    expect(products.records.map((r) => r.type)).toEqual(['product']);
  });

  it('pages the list, 6 per page by default', async () => {
    const page = await list(user.token);
    expect(page.size).toBe(6);
    expect(page.current).toBe(1);
    expectError(await get('/api/collection/list', { token: user.token, query: { size: 51 } }), 400, 'size 不能大于 50');
  });
});

describe('favourite errors', () => {
  it('refuses an unsupported type with the spec message', async () => {
    const response = await post('/api/collection', { token: user.token, query: { type: 'video', targetId: 1 } });
    expectError(response, 400, '不支持的收藏类型：video');
    expectError(
      await get('/api/collection/check', { token: user.token, query: { type: 'video', targetId: 1 } }),
      400,
      '不支持的收藏类型：video',
    );
    expectError(await get('/api/collection/list', { token: user.token, query: { type: 'video' } }), 400, '不支持的收藏类型：video');
  });

  it('answers 用户未登录 without a token and 登录已过期 with a bad one', async () => {
    for (const [method, path] of [
      ['GET', '/api/collection/check'],
      ['POST', '/api/collection'],
      ['DELETE', '/api/collection'],
      ['GET', '/api/collection/list'],
    ] as const) {
      const call = method === 'GET' ? get : method === 'POST' ? post : del;
      expectError(await call(path, { query: { type: 'culture', targetId: 1 } }), 401, '用户未登录');
      const forged = await signToken(user.id, { secret: 'not-the-portal-secret-at-all' });
      expectError(await call(path, { token: forged, query: { type: 'culture', targetId: 1 } }), 401, '登录已过期，请重新登录');
    }
  });

  it("refuses another user's id with 403 and does not touch their favourites", async () => {
    const targetId = cultureIds[0]!;
    expectOk(await post('/api/collection', { token: demo.token, query: { type: 'culture', targetId } }), collectionChangeResponse);
    const query = { userId: demo.id, type: 'culture', targetId };
    expectError(await get('/api/collection/check', { token: user.token, query }), 403, '无权访问或修改其他用户的数据');
    expectError(await post('/api/collection', { token: user.token, query }), 403, '无权访问或修改其他用户的数据');
    expectError(await del('/api/collection', { token: user.token, query }), 403, '无权访问或修改其他用户的数据');
    expectError(await get('/api/collection/list', { token: user.token, query: { userId: demo.id } }), 403, '无权访问或修改其他用户的数据');
    expect(await check(demo.token, { type: 'culture', targetId })).toBe(true);
    // The user's own list never shows demo's favourites.
    expect((await list(user.token, { size: 50 })).records.every((r) => r.collectionId > 0)).toBe(true);
    const demoList = await list(demo.token, { size: 50 });
    const mine = await list(user.token, { size: 50 });
    const demoIds = new Set(demoList.records.map((r) => r.collectionId));
    expect(mine.records.some((r) => demoIds.has(r.collectionId))).toBe(false);
  });

  it('answers 404 for content that does not exist and 400 for a bad targetId', async () => {
    expectError(
      await post('/api/collection', { token: user.token, query: { type: 'culture', targetId: 999999 } }),
      404,
      '要收藏的内容不存在',
    );
    expectError(
      await post('/api/collection', { token: user.token, query: { type: 'culture', targetId: 'abc' } }),
      400,
      'targetId 必须是数字',
    );
    expectError(await post('/api/collection', { token: user.token, query: { type: 'culture' } }), 400, 'targetId 必须是数字');
  });
});
