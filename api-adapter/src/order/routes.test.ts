import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { adaptersClosedAfterEach, tokenFor } from '../app.fixture.ts';
import { answerBy, type CmsAnswer, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ApiError } from '../http/errors.ts';
import type { strapiProduct } from '../product/mapper.ts';
import type { CmsOrder } from './mapper.ts';

type StrapiProduct = z.infer<typeof strapiProduct>;

/** Two published products: pid 1 at 88 yuan (5 left), pid 2 at 19.9 yuan (3 left). */
const catalogue: StrapiProduct[] = [
  { id: 101, pid: 1, name: '京剧脸谱书签', price: 88, stock: 5, categoryId: 1 },
  { id: 102, pid: 2, name: '剪纸窗花', price: '19.90', stock: 3, categoryId: 1 },
];

const shipping = { shippingName: '张三', shippingPhone: '13800138000', shippingAddress: '浙江省杭州市西湖区 1 号' };

function cmsOrder(id: number, totalAmount: number): CmsOrder {
  return {
    id,
    orderNo: `FY${String(id).padStart(20, '0')}`,
    status: 0,
    totalAmount,
    payAmount: totalAmount,
    ...shipping,
    paymentMethod: null,
    expiresAt: null,
    paidAt: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    items: [],
  };
}

const adapter = adaptersClosedAfterEach();

/** The adapter with the catalogue above and a CMS answering `table`; visitor 7 is signed in. */
async function shop(table: Record<string, CmsAnswer> = {}) {
  const stub = stubCms({ collections: { products: catalogue }, answer: answerBy(table) });
  const { server } = await adapter(stub.cms);
  const token = await tokenFor(7);
  const asVisitor = { authorization: `Bearer ${token}` };
  const stockOf = async (pid: number) =>
    (await server.inject({ method: 'GET', url: `/api/product/${pid}` })).json<{ data: { product: { stock: number } } }>().data.product
      .stock;
  const ordersPlaced = () => stub.calls.filter((call) => call.path === 'portal/orders');
  return { server, stub, token, asVisitor, stockOf, ordersPlaced };
}

/** The orders of one batch the CMS was sent: each visitor's token and order. */
type SentBatch = { orders: Array<{ token: string; order: { items: unknown[]; idempotencyKey?: string } }> };
const ordersIn = (call: CmsCall) => (call.payload as SentBatch).orders;

/** The CMS placing every order of a batch (as order 31 of `total`), then answering the stock after it. */
const placed =
  (total: number, stock: Array<{ productId: number; stock: number }> = []): CmsAnswer =>
  (call) => ({ outcomes: ordersIn(call).map(() => ({ ok: true, order: cmsOrder(31, total), replayed: false })), stock });

describe('POST /api/order and /api/orders/create: the price is the catalogue’s, never the client’s', () => {
  it('refuses a line price, a line total or an order total that is not the catalogue’s, before the CMS is asked', async () => {
    const { server, asVisitor, ordersPlaced } = await shop({ 'post portal/orders': placed(176) });
    const refusals = [
      { orderItems: [{ productId: 1, quantity: 2, price: 0.01 }], message: '商品价格已更新，请刷新后重新下单' },
      { orderItems: [{ productId: 1, quantity: 2, totalAmount: 1 }], message: '订单金额与商品价格不符，请刷新后重新下单' },
      { orderItems: [{ productId: 1, quantity: 2 }], totalAmount: 17.6, message: '订单金额与商品价格不符，请刷新后重新下单' },
      { orderItems: [{ productId: 1, quantity: 2 }], payAmount: 0.01, message: '订单金额与商品价格不符，请刷新后重新下单' },
    ];
    for (const { message, ...body } of refusals) {
      const answer = await server.inject({ method: 'POST', url: '/api/order', headers: asVisitor, payload: { ...body, ...shipping } });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ code: ERROR_CODES.conflict, message, data: null });
    }
    const quick = await server.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: asVisitor,
      payload: { items: [{ productId: 2, quantity: 1, price: 1.99 }] },
    });
    expect(quick.json()).toEqual({ code: ERROR_CODES.conflict, message: '商品价格已更新，请刷新后重新下单', data: null });
    expect(ordersPlaced()).toEqual([]);
  });

  it('sends the CMS product ids and quantities only, with the visitor’s own token, and answers the total the CMS computed', async () => {
    const { server, token, asVisitor, ordersPlaced } = await shop({ 'post portal/orders': placed(195.9) });
    const answer = await server.inject({
      method: 'POST',
      url: '/api/order',
      headers: asVisitor,
      payload: {
        // Prices that agree with the catalogue (19.9 written as the CMS stores it, '19.90'), plus fields never trusted.
        orderItems: [
          { productId: 1, quantity: 2, price: 88, totalAmount: 176, productName: '随便写的名字' },
          { productId: 2, quantity: 1, price: 19.9 },
        ],
        totalAmount: 195.9,
        status: 1,
        ...shipping,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ orderId: 31, orderNo: cmsOrder(31, 0).orderNo, totalAmount: 195.9 });
    // One batch, sent with the server token; the visitor's own token goes with their order (the CMS verifies it).
    expect(ordersPlaced()).toEqual<CmsCall[]>([
      {
        as: 'server',
        method: 'post',
        path: 'portal/orders',
        payload: {
          orders: [
            {
              token,
              order: {
                items: [
                  { productId: 1, quantity: 2 },
                  { productId: 2, quantity: 1 },
                ],
                shipping: { name: '张三', phone: '13800138000', address: '浙江省杭州市西湖区 1 号' },
                kind: 'cart',
                idempotencyKey: undefined,
              },
            },
          ],
        },
      },
    ]);
  });

  it('answers each visitor of a batch their own outcome: an order, or the CMS’s refusal in its words', async () => {
    const [seven, eight, nine] = await Promise.all([tokenFor(7), tokenFor(8), tokenFor(9)]);
    const { server, ordersPlaced } = await shop({
      'post portal/orders': (call) => ({
        outcomes: ordersIn(call).map((entry) =>
          entry.token === eight
            ? { ok: false, status: 409, message: '「京剧脸谱书签」已售罄' }
            : entry.token === nine
              ? { ok: false, status: 401, message: '登录已过期，请重新登录' }
              : { ok: true, order: cmsOrder(31, 88), replayed: false },
        ),
        stock: [{ productId: 1, stock: 4 }],
      }),
    });
    const order = (token: string) =>
      server.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { items: [{ productId: 1, quantity: 1 }] },
      });
    const [mine, sold, expired] = await Promise.all([order(seven), order(eight), order(nine)]);
    expect(mine.json()).toMatchObject({ data: { id: 31 } });
    expect(sold.json()).toEqual({ code: ERROR_CODES.conflict, message: '「京剧脸谱书签」已售罄', data: null });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: ERROR_CODES.unauthenticated, message: '登录已过期，请重新登录', data: null });
    expect(
      ordersPlaced()
        .flatMap(ordersIn)
        .map((entry) => entry.token)
        .sort(),
    ).toEqual([seven, eight, nine].sort());
  });
});

describe('orders belong to the token’s user', () => {
  it('refuses another user’s id in the body with 403, before the CMS is asked', async () => {
    const { server, asVisitor, ordersPlaced } = await shop({ 'post portal/orders': placed(88) });
    for (const [url, payload] of [
      ['/api/order', { orderItems: [{ productId: 1, quantity: 1 }], userId: 8, ...shipping }],
      ['/api/orders/create', { items: [{ productId: 1, quantity: 1 }], userId: 8 }],
    ] as const) {
      const answer = await server.inject({ method: 'POST', url, headers: asVisitor, payload });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ code: ERROR_CODES.forbidden, message: '无权访问或修改其他用户的数据', data: null });
    }
    expect(ordersPlaced()).toEqual([]);
  });

  it('reads and pays an order with the visitor’s own token only: the CMS’s “not found” for another’s order is the answer', async () => {
    const owner = await tokenFor(7);
    // The CMS finds order 31 for its owner only (it checks the token again), as Strapi does.
    const ownersOnly: CmsAnswer = (call) => {
      if (tokenOf(call) !== owner) throw ApiError.notFound('订单不存在');
      return call.method === 'get' ? cmsOrder(31, 88) : { ...cmsOrder(31, 88), status: 1, paymentMethod: 'mock' };
    };
    const { server, stub } = await shop({ 'get portal/orders/31': ownersOnly, 'post portal/orders/31/pay': ownersOnly });
    const intruder = { authorization: `Bearer ${await tokenFor(8)}` };
    for (const [method, url] of [
      ['GET', '/api/order/31'],
      ['POST', '/api/orders/31/mock-pay'],
      ['POST', '/api/payment/mock/31'],
    ] as const) {
      const refused = await server.inject({ method, url, headers: intruder });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: ERROR_CODES.notFound, message: '订单不存在', data: null });
    }
    const paid = await server.inject({
      method: 'PUT',
      url: '/api/order/31/payment-status',
      headers: { authorization: `Bearer ${owner}` },
      payload: { status: 1, paymentMethod: 'wechat' },
    });
    expect(paid.json().data.order).toMatchObject({ id: 31, status: 1, statusText: '已支付' });
    // Never with the server token, which could reach every order.
    expect(stub.calls.filter((call) => call.path.startsWith('portal/orders/')).map(tokenOf)).not.toContain('server');
  });
});

describe('stock follows each order', () => {
  it('serves the stock the CMS answered after an order at once, without reloading the shop', async () => {
    const { server, stub, asVisitor, stockOf } = await shop({ 'post portal/orders': placed(176, [{ productId: 1, stock: 3 }]) });
    expect(await stockOf(1)).toBe(5);
    const answer = await server.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: asVisitor,
      payload: { items: [{ productId: 1, quantity: 2 }] },
    });
    expect(answer.statusCode).toBe(200);
    expect(await stockOf(1)).toBe(3);
    expect(await stockOf(2)).toBe(3);
    expect(stub.loads.products).toBe(1);
  });

  it('serves the stock a batch answered with its refusal', async () => {
    const { server, asVisitor, stockOf } = await shop({
      'post portal/orders': () => ({
        outcomes: [{ ok: false, status: 409, message: '「京剧脸谱书签」库存不足' }],
        stock: [{ productId: 1, stock: 2 }],
      }),
    });
    const refused = await server.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: asVisitor,
      payload: { items: [{ productId: 1, quantity: 4 }] },
    });
    expect(refused.json()).toEqual({ code: ERROR_CODES.conflict, message: '「京剧脸谱书签」库存不足', data: null });
    expect(await stockOf(1)).toBe(2);
  });

  it('when the CMS does not answer, asks it for the stock of the ordered products only, and serves it', async () => {
    const { server, stub, asVisitor, stockOf } = await shop({
      'get portal/products/stock': () => [
        { productId: 1, stock: 0 },
        { productId: 2, stock: 1 },
      ],
    });
    const refused = await server.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: asVisitor,
      payload: {
        items: [
          { productId: 1, quantity: 4 },
          { productId: 2, quantity: 1 },
        ],
      },
    });
    expect(refused.statusCode).toBe(503);
    // The follow-up runs after the answer: wait for its effect, within a bound.
    await vi.waitFor(async () => expect(await stockOf(1)).toBe(0), { timeout: 2000, interval: 10 });
    expect(await stockOf(2)).toBe(1);
    expect(stub.calls.filter((call) => call.path === 'portal/products/stock')).toEqual<CmsCall[]>([
      { as: 'server', method: 'get', path: 'portal/products/stock', payload: { pids: '1,2' } },
    ]);
    expect(stub.loads.products).toBe(1);
  });
});

describe('sold out as the instance knows it', () => {
  it('is refused by the adapter in the CMS’s words, without asking the CMS', async () => {
    const { server, asVisitor, ordersPlaced } = await shop({ 'post portal/orders': placed(88) });
    for (const [quantity, message] of [
      [6, '「京剧脸谱书签」库存不足'],
      [1, null],
    ] as const) {
      const answer = await server.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: asVisitor,
        payload: { items: [{ productId: 1, quantity }] },
      });
      if (message) expect(answer.json()).toEqual({ code: ERROR_CODES.conflict, message, data: null });
      else expect(answer.statusCode).toBe(200);
    }
    expect(ordersPlaced()).toHaveLength(1);
  });

  it('still reaches the CMS with an Idempotency-Key: a retry of an order that went through gets that order back', async () => {
    const { server, asVisitor, ordersPlaced } = await shop({ 'post portal/orders': placed(88) });
    const answer = await server.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: { ...asVisitor, 'idempotency-key': 'retry-1' },
      payload: { items: [{ productId: 1, quantity: 6 }] },
    });
    expect(answer.statusCode).toBe(200);
    expect(ordersPlaced()).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('is handed to the CMS with the order, and a retry gets the first answer', async () => {
    let placedBefore = false;
    const { server, asVisitor, stockOf, ordersPlaced } = await shop({
      // The CMS answers a retried key with the first order; the stock it answers has not moved since.
      'post portal/orders': () => {
        const answer = { outcomes: [{ ok: true, order: cmsOrder(31, 88), replayed: placedBefore }], stock: [{ productId: 1, stock: 4 }] };
        placedBefore = true;
        return answer;
      },
    });
    const order = () =>
      server.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: { ...asVisitor, 'idempotency-key': 'checkout-7:a1' },
        payload: { items: [{ productId: 1, quantity: 1 }] },
      });
    const first = await order();
    const again = await order();
    expect(again.json()).toEqual(first.json());
    expect(ordersPlaced().flatMap((call) => ordersIn(call).map((entry) => entry.order.idempotencyKey))).toEqual([
      'checkout-7:a1',
      'checkout-7:a1',
    ]);
    expect(await stockOf(1)).toBe(4);
  });

  it('refuses a malformed key with 400 before the CMS is asked', async () => {
    const { server, stub, asVisitor } = await shop({ 'post portal/orders': placed(88) });
    for (const key of ['has space', 'x'.repeat(101), 'a/b']) {
      const answer = await server.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: { ...asVisitor, 'idempotency-key': key },
        payload: { items: [{ productId: 1, quantity: 1 }] },
      });
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json().message).toBe('Idempotency-Key 格式无效（1–100 个字母、数字或 _-:.）');
    }
    // Neither an order nor a stock follow-up.
    expect(stub.calls).toEqual([]);
  });
});
