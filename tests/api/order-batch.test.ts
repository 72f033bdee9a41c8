import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailResponse, productPageResponse, type Product } from '@feiyi/contract';
import { portalOrdersPlaced, type PortalOrderBatch, type PortalOrderOutcome } from '@feiyi/contract/portal';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { cmsUser, expectOk, get, signToken, type TestUser } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';

// The CMS's side of ordering, called as the adapter calls it: one request for a batch of queued orders, with the server
// token, each order with its visitor's own token. Files run one after another, so this file owns the stock it sets.
const PRODUCT = '徽笔书写套装';
let product: Product;
let stockBefore: number;
let buyer: TestUser;

/** With the server token, as the adapter calls it, or with another token, or (null) none. */
async function placeBatch(orders: PortalOrderBatch['orders'], token: string | null = testEnv.cmsToken) {
  const response = await fetch(`${testEnv.cmsUrl}/api/portal/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ orders }),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; error?: { message?: string } } };
}

async function placed(orders: PortalOrderBatch['orders']) {
  const { status, body } = await placeBatch(orders);
  expect(status).toBe(200);
  return portalOrdersPlaced.parse(body.data);
}

const order = (quantity: number, idempotencyKey?: string) => ({
  items: [{ productId: product.id, quantity }],
  kind: 'quick' as const,
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/** The published and the draft row's stock (the draft mirrors every sale). */
async function storedStock(): Promise<number[]> {
  const rows = await sql<{ stock: number; published: number }>(
    'SELECT stock, CASE WHEN published_at IS NULL THEN 0 ELSE 1 END AS published FROM products WHERE pid = ? ORDER BY published DESC',
    [product.id],
  );
  return rows.map((row) => Number(row.stock));
}
const setStock = (stock: number) => sql('UPDATE products SET stock = ? WHERE pid = ?', [stock, product.id]);
const ordersOf = async (userId: number) =>
  Number((await sql<{ n: number }>('SELECT count(*) AS n FROM orders_user_lnk WHERE user_id = ?', [userId]))[0]!.n);
/** Rows in the tables an order is stored in. */
async function storedRows(): Promise<Record<string, number>> {
  const tables = ['orders', 'components_order_lines', 'orders_cmps', 'orders_user_lnk'];
  const counts = await Promise.all(
    tables.map(async (table) => Number((await sql<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n)),
  );
  return Object.fromEntries(tables.map((table, i) => [table, counts[i]!]));
}
const outcomeKinds = (outcomes: PortalOrderOutcome[]) => outcomes.map((o) => (o.ok ? 'placed' : `${o.status} ${o.message}`));

beforeAll(async () => {
  const products = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
  product = products.find((p) => p.name === PRODUCT)!;
  stockBefore = (await storedStock())[0]!;
  buyer = await cmsUser('batch');
});

afterAll(async () => {
  await setStock(stockBefore);
});

describe('POST /api/portal/orders on the CMS (a batch of queued orders)', () => {
  it("is the adapter's alone: with a visitor's token or none it is refused and nothing is stored", async () => {
    const batch = [{ token: buyer.token, order: order(1) }];
    for (const token of [buyer.token, null]) {
      const { status } = await placeBatch(batch, token);
      expect(status, String(token)).toBe(403);
    }
    expect(await ordersOf(buyer.id)).toBe(0);
  });

  it('verifies every visitor’s token itself: a forged, an unknown or a blocked one, and a malformed order, fail alone', async () => {
    const blocked = await cmsUser('blocked');
    await sql('UPDATE up_users SET blocked = ? WHERE id = ?', [testEnv.db === 'postgres' ? true : 1, blocked.id]);
    const [before] = await storedStock();
    const { outcomes, stock } = await placed([
      { token: await signToken(buyer.id, { secret: 'not-the-cms-secret-0123456789' }), order: order(1) },
      { token: buyer.token, order: order(1) },
      { token: await signToken(999_999_999), order: order(1) },
      { token: blocked.token, order: order(1) },
      { token: buyer.token, order: { ...order(0) } },
      { token: 'not a token', order: order(1) },
    ]);
    expect(outcomeKinds(outcomes)).toEqual([
      '401 登录已过期，请重新登录',
      'placed',
      '401 登录已过期，请重新登录',
      '401 登录已过期，请重新登录',
      expect.stringMatching(/^400 /),
      '401 登录已过期，请重新登录',
    ]);
    expect(outcomes[4]).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/[一-龥]/) });
    expect(await ordersOf(buyer.id)).toBe(1);
    expect(await ordersOf(blocked.id)).toBe(0);
    expect(stock).toEqual([{ productId: product.id, stock: before! - 1 }]);
    expect(await storedStock()).toEqual([before! - 1, before! - 1]);
  });

  it('allocates the stock in arrival order: an order that no longer fits is refused, a later one that fits is placed', async () => {
    await setStock(3);
    const buyers = await Promise.all([cmsUser('b1'), cmsUser('b2'), cmsUser('b3'), cmsUser('b4')]);
    const { outcomes, stock } = await placed(buyers.map((b, i) => ({ token: b.token, order: order([2, 2, 1, 1][i]!) })));
    expect(outcomeKinds(outcomes)).toEqual(['placed', `409 「${PRODUCT}」库存不足`, 'placed', `409 「${PRODUCT}」已售罄`]);
    expect(stock).toEqual([{ productId: product.id, stock: 0 }]);
    expect(await storedStock()).toEqual([0, 0]);
    expect(await Promise.all(buyers.map((b) => ordersOf(b.id)))).toEqual([1, 0, 1, 0]);
  });

  it('places two batches at once for the same last units once, and leaves no row of the order it refused', async () => {
    await setStock(3);
    const [first, second] = await Promise.all([cmsUser('race1'), cmsUser('race2')]);
    const rowsBefore = await storedRows();
    const [a, b] = await Promise.all([
      placed([{ token: first.token, order: order(2) }]),
      placed([{ token: second.token, order: order(2) }]),
    ]);
    expect(outcomeKinds([...a.outcomes, ...b.outcomes]).sort()).toEqual([`409 「${PRODUCT}」库存不足`, 'placed']);
    expect(await storedStock()).toEqual([1, 1]);
    expect((await ordersOf(first.id)) + (await ordersOf(second.id))).toBe(1);
    // One order, one line, one link to its line and one to its user: nothing of the refused one.
    const rowsAfter = await storedRows();
    expect(Object.fromEntries(Object.entries(rowsAfter).map(([table, n]) => [table, n - rowsBefore[table]!]))).toEqual({
      orders: 1,
      components_order_lines: 1,
      orders_cmps: 1,
      orders_user_lnk: 1,
    });
  });

  it('answers the same Idempotency-Key twice in one batch, and again later, with one order', async () => {
    await setStock(10);
    const keyed = await cmsUser('keyed');
    const first = await placed([
      { token: keyed.token, order: order(1, 'batch-key-1') },
      { token: keyed.token, order: order(1, 'batch-key-1') },
    ]);
    const again = await placed([{ token: keyed.token, order: order(1, 'batch-key-1') }]);
    const ids = [...first.outcomes, ...again.outcomes].map((o) => (o.ok ? [o.order.id, o.replayed] : o.message));
    const id = (first.outcomes[0] as { order: { id: number } }).order.id;
    expect(ids).toEqual([
      [id, false],
      [id, true],
      [id, true],
    ]);
    expect(await ordersOf(keyed.id)).toBe(1);
    expect(await storedStock()).toEqual([9, 9]);
  });

  it('stores orders as Strapi’s own: the visitor reads them, the admin opens and edits them', async () => {
    await setStock(10);
    const reader = await cmsUser('reader');
    const [outcome] = (
      await placed([
        {
          token: reader.token,
          order: { ...order(2), kind: 'cart', shipping: { name: '李四', phone: '13900139000', address: '安徽省黄山市歙县 1 号' } },
        },
      ])
    ).outcomes;
    if (!outcome?.ok) throw new Error(`not placed: ${JSON.stringify(outcome)}`);
    const seen = expectOk(await get(`/api/order/${outcome.order.id}`, { token: reader.token }), orderDetailResponse).data.order;
    expect(seen).toMatchObject({
      id: outcome.order.id,
      orderNo: outcome.order.orderNo,
      status: 0,
      totalAmount: product.price * 2,
      shippingName: '李四',
      orderItems: [{ productId: product.id, productName: PRODUCT, quantity: 2, price: product.price }],
    });

    const token = await adminToken();
    const base = '/content-manager/collection-types/api::order.order';
    const found = await adminRequest(token, 'GET', `${base}?filters[orderNo][$eq]=${outcome.order.orderNo}&page=1&pageSize=1`);
    const [listed] = (found.body as unknown as { results: Array<{ documentId: string }> }).results;
    expect(listed?.documentId).toMatch(/^[a-z0-9]{20,}$/);
    const opened = await adminRequest(token, 'GET', `${base}/${listed!.documentId}?populate[items]=true&populate[user]=true`);
    expect(opened.status).toBe(200);
    expect(opened.body?.data).toMatchObject({
      orderNo: outcome.order.orderNo,
      items: [{ productPid: product.id, productName: PRODUCT, quantity: 2 }],
      user: { id: reader.id },
    });
    const edited = await adminRequest(token, 'PUT', `${base}/${listed!.documentId}`, { shippingAddress: '安徽省黄山市歙县 2 号' });
    expect(edited.status).toBe(200);
    const reread = expectOk(await get(`/api/order/${outcome.order.id}`, { token: reader.token }), orderDetailResponse).data.order;
    expect(reread).toMatchObject({ shippingAddress: '安徽省黄山市歙县 2 号', orderItems: [{ quantity: 2 }] });
  });
});
