import { describe, expect, it } from 'vitest';
import { productDetailResponse, productPageResponse } from '@feiyi/contract';
import { expectError, expectOk, get } from '../support/api.ts';

const productPage = async (query: Record<string, string | number> = {}) =>
  expectOk(await get('/api/product/page', { query }), productPageResponse).data.page;

describe('GET /api/product/page', () => {
  it('pages products, 9 by default, with prices in yuan and images as a JSON array string', async () => {
    const first = await productPage({ _t: Date.now() });
    expect(first.size).toBe(9);
    expect(first.records).toHaveLength(9);
    expect(first.total).toBeGreaterThanOrEqual(14);
    for (const product of first.records) {
      expect(product.price).toBeGreaterThan(0);
      expect(Number(product.price.toFixed(2))).toBe(product.price);
      const images = JSON.parse(product.images) as unknown;
      expect(Array.isArray(images)).toBe(true);
      for (const url of images as string[]) expect(url).toMatch(/^https?:\/\/.+\/uploads\//);
    }
  });

  it('accepts the page sizes 9, 18, 27 and 36 only', async () => {
    for (const size of [9, 18, 27, 36]) expect((await productPage({ size })).size).toBe(size);
    for (const size of [10, 0, 100]) expectError(await get('/api/product/page', { query: { size } }), 400, 'size 只能是 9、18、27、36');
  });

  it('filters by category 1 (数字文创) or 2 (文化体验), empty meaning all', async () => {
    const all = await productPage({ size: 36, categoryId: '' });
    const digital = await productPage({ size: 36, categoryId: 1 });
    const experience = await productPage({ size: 36, categoryId: 2 });
    expect(digital.records.every((p) => p.categoryId === 1 && p.categoryName === '数字文创')).toBe(true);
    expect(experience.records.every((p) => p.categoryId === 2 && p.categoryName === '文化体验')).toBe(true);
    expect(digital.total + experience.total).toBe(all.total);
    expectError(await get('/api/product/page', { query: { categoryId: 3 } }), 400, 'categoryId 只能是 1 或 2');
  });

  it('searches name and description by keyword, ignoring case and surrounding spaces', async () => {
    const celadon = await productPage({ keyword: ' 青瓷 ', size: 36 });
    expect(celadon.records.map((p) => p.name)).toContain('龙泉青瓷品茗杯');
    expect(celadon.records.every((p) => p.name.includes('青瓷') || p.description.includes('青瓷'))).toBe(true);
    const ar = await productPage({ keyword: 'ar', size: 36 });
    expect(ar.records.map((p) => p.name)).toContain('桃花坞年画AR贺卡');
    expect(await productPage({ keyword: '没有这种商品' })).toMatchObject({ records: [], total: 0 });
    expect((await productPage({ keyword: "' OR 1=1 --" })).total).toBe(0);
    expectError(await get('/api/product/page', { query: { keyword: '长'.repeat(101) } }), 400, '关键词过长');
  });

  it('shows a sold-out product with stock 0', async () => {
    const { records } = await productPage({ keyword: '苏绣团扇' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: '苏绣团扇', stock: 0, price: 268 });
  });
});

describe('GET /api/product/{id}', () => {
  it('answers the product as listed', async () => {
    const [listed] = (await productPage({ keyword: '宣纸信笺' })).records;
    const { product } = expectOk(await get(`/api/product/${listed!.id}`), productDetailResponse).data;
    expect(product).toEqual(listed);
    expect(product).toMatchObject({ name: '宣纸信笺', price: 45, categoryId: 2 });
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expectError(await get('/api/product/99999'), 404, '商品不存在或已下架');
    expectError(await get('/api/product/abc'), 400, '商品编号 必须是数字');
  });
});
