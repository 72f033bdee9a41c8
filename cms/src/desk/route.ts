/**
 * The admin home's 运营工作台 asks here (admin routes, the operator's own session): the desk's summary, and the export of
 * paid orders for shipping as CSV. Whoever may read orders in the content manager may — 运营 and the 超级管理员; the
 * 内容编辑 holds no permission on visitors' records and gets 403. Each export is written to the audit trail: it is the
 * one place where visitors' phone numbers leave the system, to the courier.
 */
import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { toFen } from '@feiyi/contract/money';
import { ORDER_STATUS } from '@feiyi/contract/order-status';
import type { DeskSeries, DeskSummary } from '@feiyi/contract/desk';
import { currentActor, recordAudit } from '../audit/trail';
import { columnsOf, tableOf } from '../portal/db-names';
import { exportDisposition, shippingCsv, type ShippingOrder } from './csv';
import {
  buildSeries,
  DESK_LIST_LIMIT,
  deskDayStarts,
  EXPIRING_SOON_MS,
  isExpiringSoon,
  LOW_STOCK_THRESHOLD,
  parseExportRange,
  type DayBucket,
} from './summary';

const ORDER = 'api::order.order';
const DONATION = 'api::donation.donation';
const BOOKING = 'api::booking.booking';
const PRODUCT = 'api::product.product';

/** The permission 运营 and the 超级管理员 hold and the 内容编辑 does not (bootstrap/admin-roles.ts). */
export const DESK_PERMISSION = { action: 'plugin::content-manager.explorer.read', subject: ORDER } as const;

interface Ctx {
  query: Record<string, unknown>;
  state: { userAbility?: { can(action: string, subject: string): boolean } };
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

function refuse(ctx: Ctx, status: 400 | 403, message: string) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name: status === 403 ? 'ForbiddenError' : 'ValidationError', message } };
}

const mayUse = (ctx: Ctx) => ctx.state.userAbility?.can(DESK_PERMISSION.action, DESK_PERMISSION.subject) === true;

/**
 * Count and sum per desk day, in the database: one grouped query over the window, however many rows it holds. The day
 * is a CASE over the days' starts as bound dates, so the comparison is the driver's own (SQLite keeps milliseconds,
 * PostgreSQL timestamps) and no date function of either dialect is needed.
 */
async function dailyBuckets(
  knex: Knex,
  uid: UID.Schema,
  at: string,
  amount: string,
  where: Record<string, unknown>,
  starts: Date[],
): Promise<DayBucket[]> {
  const table = tableOf(uid);
  const c: Record<string, string> = columnsOf(uid, at, amount, ...Object.keys(where));
  // Latest day first: a row belongs to the first day whose start it is not before. The indices are our own integers.
  const latestFirst = starts.map((start, index) => ({ start, index })).reverse();
  const whens = latestFirst.map(({ index }) => `WHEN ?? >= ? THEN ${index}`).join(' ');
  const bindings = latestFirst.flatMap(({ start }) => [c[at]!, start]);
  const query = knex(table)
    .select(knex.raw(`CASE ${whens} ELSE -1 END AS day_index`, bindings))
    .count({ count: '*' })
    .sum({ amount: c[amount]! })
    .where(c[at]!, '>=', starts[0]!)
    .groupByRaw('1');
  for (const [attribute, value] of Object.entries(where)) query.where(c[attribute]!, value as Knex.Value);
  const rows = (await query) as Array<{ day_index: number | string; count: number | string; amount: number | string | null }>;
  return rows.map((row) => ({ index: Number(row.day_index), count: Number(row.count), amountFen: toFen(row.amount ?? 0) }));
}

async function summary(strapi: Core.Strapi, now: Date): Promise<DeskSummary> {
  const knex = strapi.db.connection;
  const starts = deskDayStarts(now);
  const series = async (uid: UID.Schema, at: string, amount: string, where: Record<string, unknown>): Promise<DeskSeries> =>
    buildSeries(await dailyBuckets(knex, uid, at, amount, where, starts), now);

  const lowWhere = { publishedAt: { $notNull: true }, stock: { $lte: LOW_STOCK_THRESHOLD } };
  const expiringWhere = {
    status: ORDER_STATUS.pending,
    expiresAt: { $gt: now.toISOString(), $lte: new Date(now.getTime() + EXPIRING_SOON_MS).toISOString() },
  };
  const products = strapi.db.query(PRODUCT);
  const orders = strapi.db.query(ORDER);
  const [paid, donations, bookings, low, lowCount, expiring, expiringCount] = await Promise.all([
    series(ORDER, 'paidAt', 'payAmount', { status: ORDER_STATUS.paid }),
    series(DONATION, 'createdAt', 'amount', {}),
    series(BOOKING, 'createdAt', 'amount', { status: 'booked' }),
    products.findMany({
      where: lowWhere,
      select: ['name', 'stock'],
      orderBy: [{ stock: 'asc' }, { name: 'asc' }],
      limit: DESK_LIST_LIMIT,
    }) as Promise<Array<{ name: string; stock: number }>>,
    products.count({ where: lowWhere }),
    orders.findMany({
      where: expiringWhere,
      select: ['orderNo', 'payAmount', 'expiresAt', 'status'],
      orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
      limit: DESK_LIST_LIMIT,
    }) as Promise<Array<{ orderNo: string; payAmount: number | string; expiresAt: string; status: number }>>,
    orders.count({ where: expiringWhere }),
  ]);
  const soon = expiring.filter((order) => isExpiringSoon(order, now));
  return {
    at: now.toISOString(),
    orders: paid,
    donations,
    bookings,
    lowStock: {
      threshold: LOW_STOCK_THRESHOLD,
      products: low.map(({ name, stock }) => ({ name, stock: Number(stock) })),
      more: Math.max(0, Number(lowCount) - low.length),
    },
    expiring: {
      withinMinutes: Math.round(EXPIRING_SOON_MS / 60_000),
      orders: soon.map((order) => ({ orderNo: order.orderNo, amountFen: toFen(order.payAmount), expiresAt: order.expiresAt })),
      more: Math.max(0, Number(expiringCount) - soon.length),
    },
  };
}

export function registerDeskRoutes(strapi: Core.Strapi) {
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi/desk/summary',
        handler: async (ctx: Ctx) => {
          if (!mayUse(ctx)) return refuse(ctx, 403, '只有运营与超级管理员可以查看运营工作台');
          ctx.set('cache-control', 'no-store');
          ctx.body = { data: await summary(strapi, new Date()) };
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
        info: { apiName: 'desk', type: 'admin' },
      },
      {
        method: 'GET',
        path: '/feiyi/desk/orders.csv',
        handler: async (ctx: Ctx) => {
          if (!mayUse(ctx)) return refuse(ctx, 403, '只有运营与超级管理员可以导出订单');
          const range = parseExportRange(ctx.query);
          if ('error' in range) return refuse(ctx, 400, range.error);
          const rows = (await strapi.db.query(ORDER).findMany({
            where: { status: ORDER_STATUS.paid, paidAt: { $gte: range.start.toISOString(), $lt: range.end.toISOString() } },
            select: ['orderNo', 'paidAt', 'shippingName', 'shippingPhone', 'shippingAddress', 'payAmount'],
            populate: { items: { select: ['productName', 'quantity'] } },
            orderBy: [{ paidAt: 'asc' }, { id: 'asc' }],
          })) as ShippingOrder[];
          const actor = currentActor(strapi);
          if (actor) {
            await recordAudit(strapi, {
              action: 'orderExport',
              actor,
              uid: ORDER,
              title: `已支付订单（${range.from} 至 ${range.to}）`,
              detail: `导出发货清单：${range.from} 至 ${range.to}（北京时间）支付的订单，共 ${rows.length} 笔，含收货人、电话与地址`,
            });
          }
          ctx.set('content-type', 'text/csv; charset=utf-8');
          ctx.set('content-disposition', exportDisposition(range.from, range.to));
          ctx.set('cache-control', 'no-store');
          ctx.body = shippingCsv(rows);
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
        info: { apiName: 'desk', type: 'admin' },
      },
    ],
  });
}
