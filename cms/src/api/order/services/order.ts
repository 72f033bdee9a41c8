import { factories, type Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { findPublishedByPids, mediaUrl } from '../../../portal/catalogue';
import { conflict, notFound } from '../../../portal/http';
import { orderTotalFen, toFen, toYuan } from '@feiyi/contract/money';
import { isExpired, newOrderNumber, ORDER_HOLD_MS, wasCancelledByExpiry } from '../../../rules/order-number';
import { returnStock, takeStock } from '../../product/services/stock';

import { cancelIfPending, ORDER_STATUS, payIfPending } from './status';

export { ORDER_STATUS };

export interface NewOrder {
  items: Array<{ productId: number; quantity: number }>;
  shipping?: { name: string; phone: string; address: string };
  kind: 'cart' | 'quick';
  idempotencyKey?: string;
}

interface OrderRow {
  id: number;
  documentId: string;
  orderNo: string;
  status: number;
  kind: string;
  totalAmount: number | string;
  payAmount: number | string;
  shippingName: string | null;
  shippingPhone: string | null;
  shippingAddress: string | null;
  paymentMethod: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  items?: Array<{
    id: number;
    productPid: number;
    productName: string;
    productImage: string | null;
    price: number | string;
    quantity: number;
    totalAmount: number | string;
  }>;
}

const UID = 'api::order.order';
const populate = { items: true } as const;

/** The order as the adapter sees it: amounts in yuan, numbers not strings (PostgreSQL returns decimals as strings). */
export function presentOrder(order: OrderRow) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    kind: order.kind,
    totalAmount: Number(order.totalAmount),
    payAmount: Number(order.payAmount),
    shippingName: order.shippingName ?? '',
    shippingPhone: order.shippingPhone ?? '',
    shippingAddress: order.shippingAddress ?? '',
    paymentMethod: order.paymentMethod,
    expiresAt: order.expiresAt,
    paidAt: order.paidAt,
    createdAt: order.createdAt,
    items: (order.items ?? []).map((line) => ({
      id: line.id,
      productId: line.productPid,
      productName: line.productName,
      productImage: line.productImage ?? '',
      price: Number(line.price),
      quantity: line.quantity,
      totalAmount: Number(line.totalAmount),
    })),
  };
}
export type PresentedOrder = ReturnType<typeof presentOrder>;

const soldOut = (product: { name: string; stock: number }) =>
  conflict(product.stock <= 0 ? `「${product.name}」已售罄` : `「${product.name}」库存不足`);

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => strapi.db.query(UID);

  async function findOwned(userId: number, ref: string | number): Promise<OrderRow | null> {
    const byNumber = typeof ref === 'string' && !/^\d+$/.test(ref);
    const where = byNumber ? { orderNo: ref, user: { id: userId } } : { id: Number(ref), user: { id: userId } };
    return (await orders().findOne({ where, populate })) as OrderRow | null;
  }

  /** Cancels one pending order and puts its stock back, exactly once even if two sweeps race. */
  async function cancelPending(order: OrderRow): Promise<boolean> {
    return strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
      if (!(await cancelIfPending(trx, order.id))) return false;
      const lines = order.items ?? ((await orders().findOne({ where: { id: order.id }, populate })) as OrderRow | null)?.items ?? [];
      const products = await findPublishedByPids(
        strapi,
        'api::product.product',
        lines.map((line) => line.productPid),
      );
      const documentIdOf = new Map(products.map((p: { pid: number; documentId: string }) => [p.pid, p.documentId]));
      for (const line of lines) {
        const documentId = documentIdOf.get(line.productPid);
        if (documentId) await returnStock(trx, documentId, line.quantity);
      }
      return true;
    });
  }

  return {
    async createForUser(
      userId: number,
      input: NewOrder,
    ): Promise<{ order: PresentedOrder; replayed: boolean; stock?: Array<{ productId: number; stock: number }> }> {
      const idempotencyKey = input.idempotencyKey ? `${userId}:${input.idempotencyKey}` : undefined;
      if (idempotencyKey) {
        const previous = (await orders().findOne({ where: { idempotencyKey }, populate })) as OrderRow | null;
        if (previous) return { order: presentOrder(previous), replayed: true };
      }
      // Same product twice in one order counts as one line.
      const quantities = new Map<number, number>();
      for (const item of input.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);

      const products = (await findPublishedByPids(strapi, 'api::product.product', [...quantities.keys()], { cover: true })) as Array<{
        pid: number;
        documentId: string;
        name: string;
        price: number | string;
        stock: number;
        cover: unknown;
      }>;
      const byPid = new Map(products.map((p) => [p.pid, p]));
      const lines = [...quantities.entries()].map(([pid, quantity]) => {
        const product = byPid.get(pid);
        if (!product) throw notFound(`商品不存在或已下架（编号 ${pid}）`);
        return { product, quantity, unitFen: toFen(product.price) };
      });
      const totalFen = orderTotalFen(lines);

      try {
        // Sold out already (the committed stock just read): refused without a transaction. When there is stock, the
        // conditional UPDATE below decides.
        for (const line of lines) if (line.product.stock < line.quantity) throw soldOut(line.product);
        const { created, stock } = await strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
          const order = (await strapi.documents(UID).create({
            data: {
              orderNo: newOrderNumber('FY'),
              user: userId,
              status: ORDER_STATUS.pending,
              kind: input.kind,
              totalAmount: toYuan(totalFen),
              payAmount: toYuan(totalFen),
              shippingName: input.shipping?.name,
              shippingPhone: input.shipping?.phone,
              shippingAddress: input.shipping?.address,
              expiresAt: new Date(Date.now() + ORDER_HOLD_MS).toISOString(),
              idempotencyKey,
              items: lines.map((line) => ({
                productPid: line.product.pid,
                productName: line.product.name,
                productImage: mediaUrl(line.product.cover),
                price: toYuan(line.unitFen),
                quantity: line.quantity,
                totalAmount: toYuan(line.unitFen * line.quantity),
              })),
            },
            populate,
          })) as unknown as OrderRow;
          // The stock last: its row lock (every buyer of the product waits on it) is held only until the commit that
          // follows, not while the order is written. Sold out here rolls the order back.
          const left: Array<{ productId: number; stock: number }> = [];
          for (const line of lines) {
            const remaining = await takeStock(trx, line.product.documentId, line.quantity);
            if (remaining === undefined) throw soldOut(line.product);
            left.push({ productId: line.product.pid, stock: remaining });
          }
          return { created: order, stock: left };
        });
        // The stock after this sale comes back with it, so the adapter that took the order answers it at once.
        return { order: presentOrder(created), replayed: false, stock };
      } catch (error) {
        // Two requests with the same Idempotency-Key at once: the unique index lets one through. A retry that came while
        // its first request still held the stock row fails on the stock that request took (sold out): the first one's
        // order is then the answer too, whatever the error.
        if (idempotencyKey) {
          const previous = (await orders()
            .findOne({ where: { idempotencyKey }, populate })
            .catch(() => null)) as OrderRow | null;
          if (previous) return { order: presentOrder(previous), replayed: true };
        }
        throw error;
      }
    },

    async findForUser(userId: number, ref: string | number): Promise<PresentedOrder> {
      let order = await findOwned(userId, ref);
      if (!order) throw notFound('订单不存在');
      if (isExpired(order)) {
        await cancelPending(order);
        order = (await findOwned(userId, order.id)) as OrderRow;
      }
      return presentOrder(order);
    },

    async listForUser(userId: number, page: { offset: number; size: number }) {
      await this.expireDue({ userId });
      const where = { user: { id: userId } };
      const [rows, total] = await Promise.all([
        orders().findMany({ where, populate, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset: page.offset, limit: page.size }),
        orders().count({ where }),
      ]);
      return { records: (rows as OrderRow[]).map(presentOrder), total };
    },

    /** Marks a pending order paid. Paying a paid order again changes nothing and succeeds. */
    async payForUser(userId: number, ref: string | number, paymentMethod: 'alipay' | 'wechat' | 'mock'): Promise<PresentedOrder> {
      const order = await findOwned(userId, ref);
      if (!order) throw notFound('订单不存在');
      if (order.status === ORDER_STATUS.paid) return presentOrder(order);
      if (isExpired(order)) {
        await cancelPending(order);
        throw conflict('订单已超时取消，请重新下单');
      }
      if (wasCancelledByExpiry(order)) throw conflict('订单已超时取消，请重新下单');
      if (order.status === ORDER_STATUS.cancelled) throw conflict('订单已取消，无法支付');
      await strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
        await payIfPending(trx, order.id, paymentMethod);
      });
      const after = (await findOwned(userId, order.id)) as OrderRow;
      if (after.status !== ORDER_STATUS.paid) throw conflict('订单状态已变化，无法支付');
      return presentOrder(after);
    },

    /** Cancels pending orders past their hold time (all, or one user's) and returns their stock. */
    async expireDue(options: { userId?: number } = {}): Promise<number> {
      const where: Record<string, unknown> = { status: ORDER_STATUS.pending, expiresAt: { $lte: new Date().toISOString() } };
      if (options.userId) where.user = { id: options.userId };
      const due = (await orders().findMany({ where, populate, limit: 200 })) as OrderRow[];
      let cancelled = 0;
      for (const order of due) if (await cancelPending(order)) cancelled += 1;
      return cancelled;
    },
  };
});
