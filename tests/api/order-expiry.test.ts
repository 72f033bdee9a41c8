import { describe, expect, it } from 'vitest';
import { orderDetailResponse, orderListResponse, payResponse, productPageResponse, quickOrderResponse } from '@feiyi/contract';
import { expectError, expectOk, get, newUser, post } from '../support/api.ts';
import { sql } from '../support/database.ts';

/** A moment already past, in the form the database stores datetimes (SQLite: epoch milliseconds). */
const pastInstant = () => (process.env.TEST_DB === 'postgres' ? new Date(Date.now() - 1000).toISOString() : Date.now() - 1000);

async function stockOf(productId: number): Promise<number> {
  const [row] = await sql<{ stock: number }>('SELECT stock FROM products WHERE pid = ? AND published_at IS NOT NULL', [productId]);
  return Number(row!.stock);
}

async function productWithStock() {
  const products = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records;
  return products.find((p) => p.stock >= 10)!;
}

const quickBuy = async (token: string, productId: number, quantity: number) =>
  expectOk(await post('/api/orders/create', { token, json: { items: [{ productId, quantity }] } }), quickOrderResponse).data.id;

describe('unpaid orders after their 30-minute hold', () => {
  it('are cancelled, give their stock back, and can no longer be paid', async () => {
    const { token } = await newUser('exp');
    const product = await productWithStock();
    const before = await stockOf(product.id);
    const orderId = await quickBuy(token, product.id, 2);
    expect(await stockOf(product.id)).toBe(before - 2);

    // The hold ends: move its expiry into the past, as 30 minutes would.
    await sql('UPDATE orders SET expires_at = ? WHERE id = ?', [pastInstant(), orderId]);

    const order = expectOk(await get(`/api/order/${orderId}`, { token }), orderDetailResponse).data.order;
    expect(order).toMatchObject({ status: 2, statusText: '已取消' });
    expect(await stockOf(product.id)).toBe(before);

    expectError(await post(`/api/orders/${orderId}/mock-pay`, { token }), 409, '订单已超时取消，请重新下单');
    // Reading it again does not release the stock a second time.
    await get(`/api/order/${orderId}`, { token });
    expect(await stockOf(product.id)).toBe(before);
  });

  it('are swept when the list is read, and paid orders are never touched', async () => {
    const { token } = await newUser('exp');
    const product = await productWithStock();
    const before = await stockOf(product.id);
    const paid = await quickBuy(token, product.id, 1);
    expectOk(await post(`/api/orders/${paid}/mock-pay`, { token }), payResponse);
    const unpaid = await quickBuy(token, product.id, 1);
    await sql('UPDATE orders SET expires_at = ? WHERE id IN (?, ?)', [pastInstant(), paid, unpaid]);

    const list = expectOk(await get('/api/order/list', { query: { page: 1, size: 10 }, token }), orderListResponse).data.records;
    expect(list.find((o) => o.id === paid)?.status).toBe(1);
    expect(list.find((o) => o.id === unpaid)?.status).toBe(2);
    expect(await stockOf(product.id)).toBe(before - 1);
  });
});
