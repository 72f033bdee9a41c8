import { ORDER_STATUS } from '@feiyi/contract/order-status';
import type { DeskDay, DeskSeries } from '@feiyi/contract/desk';
import { isExpired, ORDER_HOLD_MS } from '../rules/order-number';

/**
 * The operators' desk (运营工作台) as pure rules: Beijing calendar days, the 30-day series the widget draws, which
 * products are low in stock, which unpaid orders are about to expire, and the date range of an export. The route
 * (route.ts) reads the database; everything decided about what it read is here.
 */

/** The desk's window: today and the 29 days before it. */
export const DESK_DAYS = 30;
/** A published product with this many or fewer left is listed as low in stock. */
export const LOW_STOCK_THRESHOLD = 5;
/** An unpaid order in the last third of its hold is about to expire (the hold itself is the orders' own rule). */
export const EXPIRING_SOON_MS = ORDER_HOLD_MS / 3;
/** How many low-stock products and expiring orders the widget lists (the rest are counted). */
export const DESK_LIST_LIMIT = 10;
/** The longest range one export covers. */
export const EXPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
/** China keeps one offset all year (no daylight saving). */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing calendar day of an instant, as a day number (days since 1970-01-01, Beijing). */
export function beijingDay(at: Date): number {
  return Math.floor((at.getTime() + BEIJING_OFFSET_MS) / DAY_MS);
}

/** When a Beijing day number begins (00:00 Beijing time). */
export function beijingDayStart(day: number): Date {
  return new Date(day * DAY_MS - BEIJING_OFFSET_MS);
}

/** A Beijing day number as 'YYYY-MM-DD'. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The starts of the desk's days, oldest first: the boundaries the database buckets rows by. */
export function deskDayStarts(now: Date, days = DESK_DAYS): Date[] {
  const today = beijingDay(now);
  return Array.from({ length: days }, (_, k) => beijingDayStart(today - days + 1 + k));
}

/** What the database answers per day bucket: the bucket's index in deskDayStarts, a count and a sum in fen. */
export interface DayBucket {
  index: number;
  count: number;
  amountFen: number;
}

/** Every desk day with its count and amount (zero where nothing happened), today's and the window's totals. */
export function buildSeries(buckets: readonly DayBucket[], now: Date, days = DESK_DAYS): DeskSeries {
  const first = beijingDay(now) - days + 1;
  const series: DeskDay[] = Array.from({ length: days }, (_, k) => ({ day: dayText(first + k), count: 0, amountFen: 0 }));
  for (const bucket of buckets) {
    const day = series[bucket.index];
    // Rows outside the window (a clock moving between the two queries) are left out rather than misfiled.
    if (!day) continue;
    day.count += bucket.count;
    day.amountFen += bucket.amountFen;
  }
  const last = series[series.length - 1]!;
  return {
    days: series,
    today: { count: last.count, amountFen: last.amountFen },
    total: series.reduce((sum, day) => ({ count: sum.count + day.count, amountFen: sum.amountFen + day.amountFen }), {
      count: 0,
      amountFen: 0,
    }),
  };
}

/** An unpaid order whose hold ends within EXPIRING_SOON_MS and has not ended yet. */
export function isExpiringSoon(order: { status: number; expiresAt: string | Date | null }, now: Date = new Date()): boolean {
  if (order.status !== ORDER_STATUS.pending || order.expiresAt === null || isExpired(order, now)) return false;
  return new Date(order.expiresAt).getTime() - now.getTime() <= EXPIRING_SOON_MS;
}

/** An export's range: from the start of the first Beijing day up to (not including) the start of the day after the last. */
export interface ExportRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' that names a real calendar day, as a day number; undefined otherwise (2026-02-30 included). */
function parseDay(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayText(at / DAY_MS) === text ? at / DAY_MS : undefined;
}

/**
 * The export's date range from the query (`from`, `to`: Beijing days, both included); either may be left out (from
 * defaults to the desk's first day, to to today). A clear Chinese reason when the range cannot be read.
 */
export function parseExportRange(query: { from?: unknown; to?: unknown }, now: Date = new Date()): ExportRange | { error: string } {
  const read = (value: unknown, name: string, fallback: number): number | { error: string } => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string') return { error: `${name}只能给一个` };
    const day = parseDay(value.trim());
    return day === undefined ? { error: `${name}应写成“年-月-日”，如 2026-11-01` } : day;
  };
  const today = beijingDay(now);
  const from = read(query.from, '开始日期', today - DESK_DAYS + 1);
  if (typeof from !== 'number') return from;
  const to = read(query.to, '结束日期', today);
  if (typeof to !== 'number') return to;
  if (from > to) return { error: '开始日期不能晚于结束日期' };
  if (to - from + 1 > EXPORT_MAX_DAYS) return { error: `一次最多导出 ${EXPORT_MAX_DAYS} 天的订单，请缩小日期范围` };
  return { from: dayText(from), to: dayText(to), start: beijingDayStart(from), end: beijingDayStart(to + 1) };
}
