import { describe, expect, it } from 'vitest';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';

const base = () => testEnv.webUrl;

// Answers are checked field by field below; this loose shape keeps those reads short.
type Data = { [key: string]: Data } & { id: number; token: string; page: { records: Array<{ id: number; stock: number }> } };

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data: Data } };
}

async function visitor() {
  const username = `exp${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  await api('/api/user/register', { method: 'POST', body: { username, password: 'secret123', email: `${username}@example.com` } });
  return (await api('/api/user/login', { method: 'POST', body: { username, password: 'secret123' } })).body.data.token;
}

/** A moment already past, in the form the database stores datetimes (SQLite: epoch milliseconds). */
const pastInstant = () => (process.env.TEST_DB === 'postgres' ? new Date(Date.now() - 1000).toISOString() : Date.now() - 1000);

async function stockOf(productId: number): Promise<number> {
  const [row] = await sql<{ stock: number }>('SELECT stock FROM products WHERE pid = ? AND published_at IS NOT NULL', [productId]);
  return Number(row!.stock);
}

describe('unpaid orders after their 30-minute hold', () => {
  it('are cancelled, give their stock back, and can no longer be paid', async () => {
    const token = await visitor();
    const products = (await api('/api/product/page?page=1&size=36')).body.data.page.records;
    const product = products.find((p) => p.stock >= 10)!;
    const before = await stockOf(product.id);

    const created = await api('/api/orders/create', { method: 'POST', token, body: { items: [{ productId: product.id, quantity: 2 }] } });
    expect(created.status).toBe(200);
    const orderId = created.body.data.id;
    expect(await stockOf(product.id)).toBe(before - 2);

    // The hold ends: move its expiry into the past, as 30 minutes would.
    await sql('UPDATE orders SET expires_at = ? WHERE id = ?', [pastInstant(), orderId]);

    const order = await api(`/api/order/${orderId}`, { token });
    expect(order.body.data.order).toMatchObject({ status: 2, statusText: '已取消' });
    expect(await stockOf(product.id)).toBe(before);

    const pay = await api(`/api/orders/${orderId}/mock-pay`, { method: 'POST', token });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe('订单已取消，无法支付');
    // Reading it again does not release the stock a second time.
    await api(`/api/order/${orderId}`, { token });
    expect(await stockOf(product.id)).toBe(before);
  });

  it('are swept when the list is read, and paid orders are never touched', async () => {
    const token = await visitor();
    const products = (await api('/api/product/page?page=1&size=36')).body.data.page.records;
    const product = products.find((p) => p.stock >= 10)!;
    const before = await stockOf(product.id);
    const paid = (await api('/api/orders/create', { method: 'POST', token, body: { items: [{ productId: product.id, quantity: 1 }] } }))
      .body.data.id;
    expect((await api(`/api/orders/${paid}/mock-pay`, { method: 'POST', token })).status).toBe(200);
    const unpaid = (await api('/api/orders/create', { method: 'POST', token, body: { items: [{ productId: product.id, quantity: 1 }] } }))
      .body.data.id;
    await sql('UPDATE orders SET expires_at = ? WHERE id IN (?, ?)', [pastInstant(), paid, unpaid]);

    const list = await api('/api/order/list?page=1&size=10', { token });
    const statusOf = (id: number) =>
      (list.body.data.records as unknown as Array<{ id: number; status: number }>).find((o) => o.id === id)?.status;
    expect(statusOf(paid)).toBe(1);
    expect(statusOf(unpaid)).toBe(2);
    expect(await stockOf(product.id)).toBe(before - 1);
  });
});
