import { factories, type Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { findPublishedByPids, mediaUrl } from '../../../portal/catalogue';
import { componentLinks, relationLinks, tableOf } from '../../../portal/db-names';
import { conflict, notFound, PortalError } from '../../../portal/http';
import { isUniqueViolation } from '../../../portal/unique-violation';
import type { PortalOrderOutcome, StockLevel } from '@feiyi/contract/portal';
import { orderTotalFen, toFen, toYuan } from '@feiyi/contract/money';
import { isExpired, newOrderNumber, ORDER_HOLD_MS, wasCancelledByExpiry } from '../../../rules/order-number';
import { returnStock, stockOf, takeStock } from '../../product/services/stock';

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
const LINE_UID = 'order.line';
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

export interface OrderRequest {
  userId: number;
  input: NewOrder;
}
export interface PlacedOrders {
  outcomes: PortalOrderOutcome[];
  stock: StockLevel[];
}
interface Product {
  pid: number;
  documentId: string;
  name: string;
  price: number | string;
  stock: number;
  cover: unknown;
}
interface WrittenOrder {
  order: OrderRow;
  lineIds: number[];
}
interface OrderDraft {
  index: number;
  request: OrderRequest;
  lines: Array<{ product: Product; quantity: number; unitFen: number }>;
  totalFen: number;
  key: string | undefined;
}

const refusal = (error: PortalError): PortalOrderOutcome => ({ ok: false, status: error.status, message: error.message });
/** Rows per INSERT of links (SQLite takes at most 32,766 values in one statement). */
const INSERT_CHUNK = 500;
/** Order numbers drawn twice (6 random digits per second) or a key stored meanwhile: the batch is tried again this often. */
const PLACE_ATTEMPTS = 3;

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

  /**
   * The drafts' transaction, tried again when a unique index refuses it: a batch then goes one order at a time, and an
   * order alone whose Idempotency-Key another request stored meanwhile answers that order.
   */
  async function placeDrafts(drafts: OrderDraft[], outcomes: Array<PortalOrderOutcome | undefined>): Promise<StockLevel[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const placed = await strapi.db.transaction(({ trx }: { trx: Knex.Transaction }) => insertDrafts(trx, drafts));
        for (const [i, outcome] of placed.outcomes) outcomes[i] = outcome;
        return placed.stock;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (drafts.length > 1) {
          const levels = new Map<number, number>();
          for (const draft of drafts) for (const level of await placeDrafts([draft], outcomes)) levels.set(level.productId, level.stock);
          return [...levels].map(([productId, stock]) => ({ productId, stock }));
        }
        const key = drafts[0]!.key;
        const previous = key ? ((await orders().findOne({ where: { idempotencyKey: key }, populate })) as OrderRow | null) : null;
        if (previous) {
          outcomes[drafts[0]!.index] = { ok: true, order: presentOrder(previous), replayed: true };
          return [];
        }
        if (attempt >= PLACE_ATTEMPTS) throw error;
      }
    }
  }

  /** The drafts that fit `stock` in arrival order (taken from it in place); a sold-out refusal for each of the others. */
  function allocate(drafts: OrderDraft[], stock: Map<string, number>, outcomes: Map<number, PortalOrderOutcome>): OrderDraft[] {
    return drafts.filter((draft) => {
      const short = draft.lines.find((line) => (stock.get(line.product.documentId) ?? 0) < line.quantity);
      if (short) {
        outcomes.set(draft.index, refusal(soldOut({ name: short.product.name, stock: stock.get(short.product.documentId) ?? 0 })));
        return false;
      }
      for (const line of draft.lines) stock.set(line.product.documentId, stock.get(line.product.documentId)! - line.quantity);
      return true;
    });
  }

  async function insertDrafts(trx: Knex.Transaction, drafts: OrderDraft[]) {
    const documentIds = [...new Set(drafts.flatMap((draft) => draft.lines.map((line) => line.product.documentId)))];
    const outcomes = new Map<number, PortalOrderOutcome>();
    // The orders first, as far as the committed stock (read without a lock) goes: the products' row locks, which every
    // buyer of a product waits on, are then held for the final allocation and the stock's update only, not the inserts.
    const candidates = allocate(drafts, await stockOf(trx, documentIds), outcomes);
    const written = candidates.length > 0 ? await writeOrders(trx, candidates) : new Map<number, WrittenOrder>();
    const left = await stockOf(trx, documentIds, { lock: true });
    const accepted = allocate(candidates, left, outcomes);
    // Sold meanwhile by another batch: these drafts' rows go again, in this transaction.
    const late = candidates.filter((draft) => !accepted.includes(draft)).map((draft) => written.get(draft.index)!);
    if (late.length > 0) await deleteOrders(trx, late);
    const taken = new Map<string, number>();
    for (const draft of accepted)
      for (const line of draft.lines) taken.set(line.product.documentId, (taken.get(line.product.documentId) ?? 0) + line.quantity);
    for (const [documentId, quantity] of taken) {
      if ((await takeStock(trx, documentId, quantity)) === undefined) throw new Error(`stock of ${documentId} moved under its lock`);
    }
    for (const draft of accepted)
      outcomes.set(draft.index, { ok: true, order: presentOrder(written.get(draft.index)!.order), replayed: false });
    const pidOf = new Map(drafts.flatMap((draft) => draft.lines.map((line) => [line.product.documentId, line.product.pid] as const)));
    const stock = [...left].map(([documentId, remaining]) => ({ productId: pidOf.get(documentId)!, stock: remaining }));
    return { outcomes, stock };
  }

  /**
   * Inserts the drafts' orders, their lines and the links between them and to their users, one statement each (Strapi's
   * query engine for the rows, its model metadata for the link tables): what the document service would store, at a
   * fraction of the cost per order.
   */
  async function writeOrders(trx: Knex.Transaction, drafts: OrderDraft[]): Promise<Map<number, WrittenOrder>> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ORDER_HOLD_MS);
    const numbers = new Set<string>();
    while (numbers.size < drafts.length) numbers.add(newOrderNumber('FY', now));
    const orderNumbers = [...numbers];
    const lineRows = drafts.flatMap((draft) =>
      draft.lines.map((line) => ({
        productPid: line.product.pid,
        productName: line.product.name,
        productImage: mediaUrl(line.product.cover),
        price: toYuan(line.unitFen),
        quantity: line.quantity,
        totalAmount: toYuan(line.unitFen * line.quantity),
      })),
    );
    const orderRows = drafts.map((draft, k) => ({
      orderNo: orderNumbers[k]!,
      status: ORDER_STATUS.pending,
      kind: draft.request.input.kind,
      totalAmount: toYuan(draft.totalFen),
      payAmount: toYuan(draft.totalFen),
      shippingName: draft.request.input.shipping?.name ?? null,
      shippingPhone: draft.request.input.shipping?.phone ?? null,
      shippingAddress: draft.request.input.shipping?.address ?? null,
      expiresAt,
      idempotencyKey: draft.key ?? null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    }));
    // One multi-row INSERT each. Its ids rise in the rows' order (one statement, one sequence), so sorted they line up.
    const ascending = (ids: unknown[]) => ids.map(Number).sort((a, b) => a - b);
    const lineIds = ascending((await strapi.db.query(LINE_UID).createMany({ data: lineRows })).ids);
    const orderIds = ascending((await orders().createMany({ data: orderRows })).ids);
    if (lineIds.length !== lineRows.length || orderIds.length !== orderRows.length)
      throw new Error('an insert answered fewer ids than rows');

    const items = componentLinks(UID, 'items');
    const user = relationLinks(UID, 'user');
    const written = new Map<number, WrittenOrder>();
    let next = 0;
    drafts.forEach((draft, k) => {
      const first = next;
      next += draft.lines.length;
      const order: OrderRow = {
        ...orderRows[k]!,
        id: orderIds[k]!,
        documentId: '',
        paymentMethod: null,
        expiresAt: expiresAt.toISOString(),
        paidAt: null,
        cancelledAt: null,
        createdAt: now.toISOString(),
        items: lineRows.slice(first, next).map((line, j) => ({ ...line, id: lineIds[first + j]! })),
      };
      written.set(draft.index, { order, lineIds: lineIds.slice(first, next) });
    });
    const itemLinks = [...written.values()].flatMap(({ order, lineIds: ids }) =>
      ids.map((id, j) => ({
        [items.entity]: order.id,
        [items.component]: id,
        [items.field]: items.fieldValue,
        [items.type]: items.typeValue,
        [items.order]: j + 1,
      })),
    );
    const userLinks = drafts.map((draft) => ({ [user.owner]: written.get(draft.index)!.order.id, [user.target]: draft.request.userId }));
    for (const [table, rows] of [
      [items.table, itemLinks],
      [user.table, userLinks],
    ] as const) {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx(table).insert(rows.slice(i, i + INSERT_CHUNK));
    }
    return written;
  }

  /** Removes written orders again, with their lines and links (in the transaction that wrote them). */
  async function deleteOrders(trx: Knex.Transaction, written: WrittenOrder[]): Promise<void> {
    const items = componentLinks(UID, 'items');
    const user = relationLinks(UID, 'user');
    const ids = written.map(({ order }) => order.id);
    await trx(items.table).whereIn(items.entity, ids).delete();
    await trx(user.table).whereIn(user.owner, ids).delete();
    await trx(tableOf(LINE_UID))
      .whereIn(
        'id',
        written.flatMap(({ lineIds }) => lineIds),
      )
      .delete();
    await trx(tableOf(UID)).whereIn('id', ids).delete();
  }

  return {
    /**
     * Places a batch of orders (one adapter instance's queue, cms/src/api/order/controllers/order.ts) in one transaction:
     * the products' rows are locked, the stock is allocated in arrival order (an order that no longer fits is refused as
     * sold out, the others go on), the accepted orders, their lines and links are inserted with one statement each, and
     * the stock taken once per product. A flash sale's crowd costs a few transactions instead of one per buyer.
     * An order whose Idempotency-Key was seen before (stored, or earlier in the batch) answers that order.
     */
    async placeOrders(requests: ReadonlyArray<OrderRequest | PortalError>): Promise<PlacedOrders> {
      const outcomes: Array<PortalOrderOutcome | undefined> = requests.map((request) =>
        request instanceof PortalError ? refusal(request) : undefined,
      );
      const keyOf = (i: number) => {
        const request = requests[i];
        return request instanceof PortalError || !request?.input.idempotencyKey
          ? undefined
          : `${request.userId}:${request.input.idempotencyKey}`;
      };
      // The same key twice in one batch: the later request gets the first one's answer.
      const firstWithKey = new Map<string, number>();
      const sameAs = new Map<number, number>();
      requests.forEach((_, i) => {
        const key = keyOf(i);
        if (!key || outcomes[i]) return;
        const first = firstWithKey.get(key);
        if (first === undefined) firstWithKey.set(key, i);
        else sameAs.set(i, first);
      });
      if (firstWithKey.size > 0) {
        const previous = (await orders().findMany({ where: { idempotencyKey: { $in: [...firstWithKey.keys()] } }, populate })) as Array<
          OrderRow & { idempotencyKey: string }
        >;
        for (const order of previous) {
          const i = firstWithKey.get(order.idempotencyKey);
          if (i !== undefined) outcomes[i] = { ok: true, order: presentOrder(order), replayed: true };
        }
      }

      const open = requests.flatMap((request, i) => (request instanceof PortalError || outcomes[i] || sameAs.has(i) ? [] : [i]));
      const pids = open.flatMap((i) => (requests[i] as OrderRequest).input.items.map((item) => item.productId));
      const products = (await findPublishedByPids(strapi, 'api::product.product', pids, { cover: true })) as Product[];
      const byPid = new Map(products.map((p) => [p.pid, p]));
      const drafts: OrderDraft[] = [];
      for (const i of open) {
        const request = requests[i] as OrderRequest;
        // Same product twice in one order counts as one line.
        const quantities = new Map<number, number>();
        for (const item of request.input.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
        const missing = [...quantities.keys()].find((pid) => !byPid.has(pid));
        if (missing !== undefined) {
          outcomes[i] = refusal(notFound(`商品不存在或已下架（编号 ${missing}）`));
          continue;
        }
        const lines = [...quantities.entries()].map(([pid, quantity]) => {
          const product = byPid.get(pid)!;
          return { product, quantity, unitFen: toFen(product.price) };
        });
        drafts.push({ index: i, request, lines, totalFen: orderTotalFen(lines), key: keyOf(i) });
      }

      const stock = drafts.length > 0 ? await placeDrafts(drafts, outcomes) : [];
      for (const [i, first] of sameAs) {
        const outcome = outcomes[first]!;
        outcomes[i] = outcome.ok ? { ...outcome, replayed: true } : outcome;
      }
      return { outcomes: outcomes.map((outcome) => outcome!), stock };
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
