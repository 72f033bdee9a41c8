import type { FastifyRequest } from 'fastify';
import { type PortalNewOrder, type PortalOrder, type PortalOrderBatch } from '@feiyi/contract/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf, asVisitor, visitorOf } from '../auth/identity.ts';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { type Deps, idempotencyKeyOf } from '../shared/deps.ts';
import { findPriceMismatch, toOrder } from './mapper.ts';
import { applyStock, productById } from '../product/content.ts';
import { OrderQueue } from './order-queue.ts';
import { refusalOf } from '../cms/client.ts';
import { tableRoute } from '../http/route-table.ts';

const tags = ['订单与支付'];

/** An order waiting in this instance's queue: the visitor's own token (the CMS verifies it) and what they ordered. */
type QueuedOrder = { token: string; order: PortalNewOrder & { items: Array<{ productId: number; quantity: number }> } };
const idempotencyHeader = { description: '可选的 Idempotency-Key 请求头：同一键的重试返回第一次的结果，不会重复下单或扣款。' };

export const orderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, store, config, fanOut }) => {
  store.use(productById);
  const origin = config.PUBLIC_URL;

  async function assertCataloguePrices(lines: Parameters<typeof findPriceMismatch>[0], total?: number) {
    const shop = await store.shop.get();
    const problem = findPriceMismatch(lines, (id) => shop.get(productById).get(id)?.price, total);
    if (problem) throw new ApiError(409, ERROR_CODES.conflict, problem);
  }

  /**
   * Sold out as this instance knows it (its stock follows every sale on every instance, through Redis): refused here, with
   * the CMS's own words, so a flash sale's latecomers do not reach the CMS once the stock is gone. Not for an order with an
   * Idempotency-Key: a retry of an order that went through must get that order back from the CMS.
   */
  async function soldOutHere(order: QueuedOrder['order']): Promise<ApiError | undefined> {
    if (order.idempotencyKey) return undefined;
    const shop = await store.shop.get();
    for (const item of order.items) {
      const product = shop.get(productById).get(item.productId);
      if (product && product.stock < item.quantity)
        return new ApiError(409, ERROR_CODES.conflict, product.stock <= 0 ? `「${product.name}」已售罄` : `「${product.name}」库存不足`);
    }
    return undefined;
  }

  /** One batch of queued orders: those this instance knows are sold out are refused here, the rest go to the CMS together. */
  async function sendOrders(queued: QueuedOrder[]): Promise<Array<PortalOrder | Error>> {
    const refused = await Promise.all(queued.map((entry) => soldOutHere(entry.order)));
    const sent = queued.filter((_, i) => !refused[i]);
    if (sent.length === 0) return refused as ApiError[];
    let placed;
    try {
      placed = await cms.server.call('orders.place', { body: { orders: sent } satisfies PortalOrderBatch });
    } catch (error) {
      // No answer about the stock: fetch these products' stock, not the whole shop's, for the next batch.
      const pids = [...new Set(sent.flatMap((entry) => entry.order.items.map((item) => item.productId)))].join(',');
      cms.server
        .call('products.stock', { query: { pids } })
        .then((levels) => applyStock(store, levels))
        .catch(() => undefined);
      throw error;
    }
    // The stock after this batch, from the CMS's answer: this instance answers it at once, the others as soon as they hear
    // of it (before these answers leave).
    applyStock(store, placed.stock);
    if (placed.stock.length) await fanOut?.announce({ kind: 'stock', stock: placed.stock });
    let next = 0;
    return refused.map((refusal) => {
      if (refusal) return refusal;
      const outcome = placed.outcomes[next++];
      if (!outcome) return ApiError.unavailable();
      return outcome.ok ? outcome.order : refusalOf(outcome.status, outcome.message);
    });
  }

  const queue = new OrderQueue<QueuedOrder, PortalOrder>({
    width: config.CMS_ORDER_CONCURRENCY,
    batchSize: config.CMS_ORDER_BATCH,
    send: sendOrders,
  });

  async function placeOrder(
    request: FastifyRequest,
    body: Omit<PortalNewOrder, 'idempotencyKey'> & { items: Array<{ productId: number; quantity: number }> },
  ) {
    // A malformed key is the client's mistake, refused before the CMS is asked (and says nothing about stock).
    const idempotencyKey = idempotencyKeyOf(request);
    return queue.submit({ token: visitorOf(request).token, order: { ...body, idempotencyKey } });
  }

  app.route({
    ...tableRoute('order.create', {
      tags,
      summary: '下单（商品详情 → 填写收货信息）',
      description: `价格与总额取自商品目录；客户端传来的 price、totalAmount、payAmount 若与目录不符则拒绝，status 与 userId 不被采信（userId 必须是当前用户）。新订单为待支付（0），30 分钟未付自动取消并释放库存。${idempotencyHeader.description}`,
    }),
    handler: async (request) => {
      const visitor = visitorOf(request);
      const body = request.body;
      assertSelf(visitor, body.userId);
      await assertCataloguePrices(body.orderItems, body.totalAmount ?? body.payAmount);
      const order = await placeOrder(request, {
        items: body.orderItems.map((line) => ({ productId: line.productId, quantity: line.quantity })),
        shipping: { name: body.shippingName, phone: body.shippingPhone, address: body.shippingAddress },
        kind: 'cart',
      });
      return ok({ orderId: order.id, orderNo: order.orderNo, totalAmount: order.totalAmount }, '下单成功');
    },
  });

  app.route({
    ...tableRoute('order.quick', { tags, summary: '快速购买下单', description: `价格取自商品目录。${idempotencyHeader.description}` }),
    handler: async (request) => {
      assertSelf(visitorOf(request), request.body.userId);
      await assertCataloguePrices(request.body.items);
      const order = await placeOrder(request, {
        items: request.body.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
        kind: 'quick',
      });
      return ok({ id: order.id, orderNo: order.orderNo, totalAmount: order.totalAmount }, '下单成功');
    },
  });

  const pay = async (request: FastifyRequest, id: string, paymentMethod: 'alipay' | 'wechat' | 'mock') => {
    const order = await asVisitor(cms, request).call('orders.pay', { params: { ref: id }, body: { paymentMethod } });
    return ok({ order: toOrder(order, origin) }, '支付成功');
  };

  const mockPayNote = '仅订单本人、仅待支付订单；重复支付已支付的订单不改变任何东西并返回成功。超时的订单会被取消。';
  app.route({
    ...tableRoute('order.mockPay', { tags, summary: '模拟支付', description: mockPayNote }),
    handler: async (request) => pay(request, request.params.id, 'mock'),
  });
  app.route({
    ...tableRoute('order.paymentMock', { tags, summary: '模拟支付（辅助调用）', description: mockPayNote }),
    handler: async (request) => pay(request, request.params.id, 'mock'),
  });

  app.route({
    ...tableRoute('order.paymentStatus', {
      tags,
      summary: '更新支付状态（扫码支付完成）',
      description: '支付页在模拟扫码完成后调用，把待支付订单标记为已支付（status: 1），记录支付方式。规则同模拟支付。',
    }),
    handler: async (request) => pay(request, request.params.id, request.body.paymentMethod),
  });

  app.route({
    ...tableRoute('order.list', { tags, summary: '我的订单' }),
    handler: async (request) => {
      const { page, size } = request.query;
      const result = await asVisitor(cms, request).call('orders.list', { query: { page, size } });
      return ok({ ...result, records: result.records.map((o) => toOrder(o, origin)) });
    },
  });

  app.route({
    ...tableRoute('order.detail', { tags, summary: '订单详情', description: 'id 可为订单 id 或订单号；他人的订单答复“订单不存在”。' }),
    handler: async (request) =>
      ok({ order: toOrder(await asVisitor(cms, request).call('orders.find', { params: { ref: request.params.id } }), origin) }),
  });
};
