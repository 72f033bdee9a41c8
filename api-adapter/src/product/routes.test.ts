import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { productDetailResponse, productPageResponse } from '@feiyi/contract/product';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import type { strapiProduct } from './mapper.ts';

const PUBLIC_URL = 'https://feiyi.example';

/**
 * Eleven published products: three named ones (pids 1–3; 京剧 is in pid 1's name and pid 3's description) and eight
 * plain ones (pids 10–17), listed by the CMS out of order (the adapter sorts by id).
 */
const catalogue: Array<z.input<typeof strapiProduct>> = [
  { id: 103, pid: 3, name: '昆曲体验课', description: '与京剧演员同台', price: 120, stock: -2, categoryId: 2 },
  ...Array.from({ length: 8 }, (_, i) => ({ id: 110 + i, pid: 10 + i, name: `文创 ${10 + i}`, price: 10, stock: 1, categoryId: 1 })),
  {
    id: 101,
    pid: 1,
    name: '京剧脸谱书签',
    description: '书签',
    price: 88,
    stock: 5,
    categoryId: 1,
    relatedItem: '京剧',
    cover: { url: '/uploads/bookmark.png' },
  },
  { id: 102, pid: 2, name: 'Paper-Cut 窗花', price: '19.90', stock: 3, categoryId: 1 },
];

const adapter = adaptersClosedAfterEach();

async function shop() {
  const stub = stubCms({ collections: { products: catalogue } });
  const { server } = await adapter(stub.cms, { PUBLIC_URL });
  const page = async (query: string) => {
    const answer = await server.inject({ method: 'GET', url: `/api/product/page${query}` });
    expect(answer.statusCode, query).toBe(200);
    return productPageResponse.parse(answer.json()).data.page;
  };
  return { server, stub, page };
}

describe('GET /api/product/page', () => {
  it('pages the catalogue by id, 9 a page by default', async () => {
    const { stub, page } = await shop();
    expect(await page('')).toMatchObject({ total: 11, size: 9, current: 1, pages: 2 });
    expect((await page('')).records.map((p) => p.id)).toEqual([1, 2, 3, 10, 11, 12, 13, 14, 15]);
    expect((await page('?page=2')).records.map((p) => p.id)).toEqual([16, 17]);
    expect(await page('?page=1&size=18')).toMatchObject({ total: 11, size: 18, pages: 1 });
    // The catalogue is held in memory: one load, however many pages are read.
    expect(stub.loads.products).toBe(1);
    expect(stub.calls).toEqual([]);
  });

  it('filters by a keyword in the name or the description, whatever its case and spaces, and by category', async () => {
    const { page } = await shop();
    expect((await page(`?keyword=${encodeURIComponent(' 京剧 ')}`)).records.map((p) => p.id)).toEqual([1, 3]);
    expect((await page('?keyword=paper-cut')).records.map((p) => p.id)).toEqual([2]);
    expect((await page('?categoryId=2')).records.map((p) => p.id)).toEqual([3]);
    expect((await page(`?categoryId=1&keyword=${encodeURIComponent('京剧')}`)).records.map((p) => p.id)).toEqual([1]);
    // An empty category is no filter.
    expect((await page('?categoryId=')).total).toBe(11);
    expect(await page('?keyword=nothing-like-it')).toEqual({ records: [], total: 0, size: 9, current: 1, pages: 0 });
  });

  it('refuses a bad page, size, keyword or category with the contract’s Chinese message', async () => {
    const { server } = await shop();
    for (const [query, message] of [
      ['size=10', 'size 只能是 9、18、27、36'],
      ['page=0', 'page 不能小于 1'],
      ['page=x', 'page 必须是数字'],
      ['categoryId=3', 'categoryId 只能是 1 或 2'],
      [`keyword=${'k'.repeat(101)}`, '关键词过长'],
    ] as const) {
      const answer = await server.inject({ method: 'GET', url: `/api/product/page?${query}` });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
  });
});

describe('GET /api/product/{id}', () => {
  it('answers a product by its public id, its price in yuan as a number and a negative stock as none', async () => {
    const { server } = await shop();
    const bookmark = await server.inject({ method: 'GET', url: '/api/product/1' });
    expect(productDetailResponse.parse(bookmark.json()).data.product).toEqual({
      id: 1,
      name: '京剧脸谱书签',
      description: '书签',
      price: 88,
      stock: 5,
      coverImage: `${PUBLIC_URL}/uploads/bookmark.png`,
      // No gallery: the cover stands in.
      images: JSON.stringify([`${PUBLIC_URL}/uploads/bookmark.png`]),
      categoryId: 1,
      categoryName: '数字文创',
      relatedItem: '京剧',
    });
    const paperCut = (await server.inject({ method: 'GET', url: '/api/product/2' })).json().data.product;
    expect([paperCut.price, paperCut.images]).toEqual([19.9, '[]']);
    const course = (await server.inject({ method: 'GET', url: '/api/product/3' })).json().data.product;
    expect([course.stock, course.categoryName]).toEqual([0, '文化体验']);
  });

  it('answers 404 for an id that is no published product’s (a document id is not one) and 400 for a bad id', async () => {
    const { server } = await shop();
    for (const id of ['101', '4']) {
      const answer = await server.inject({ method: 'GET', url: `/api/product/${id}` });
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json(), id).toEqual({ code: ERROR_CODES.notFound, message: '商品不存在或已下架', data: null });
    }
    for (const [id, message] of [
      ['abc', '商品编号 必须是数字'],
      ['0', '商品编号 不能小于 1'],
    ] as const) {
      const answer = await server.inject({ method: 'GET', url: `/api/product/${id}` });
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json(), id).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
  });
});
