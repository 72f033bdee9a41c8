import { fenText, toFen } from '@feiyi/contract/money';

/**
 * The shipping export as CSV (RFC 4180) that Excel opens as it is: UTF-8 with a byte-order mark (without it Excel on
 * Windows reads the Chinese as GBK), CRLF line ends, fields quoted when they hold a comma, a quote or a line break.
 */
export const BOM = '\uFEFF';

/**
 * A field as written: quoted when it must be. A visitor's text that starts like a formula (=, +, -, @, a tab or CR)
 * is prefixed with an apostrophe, so a spreadsheet shows it instead of running it (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The export's columns, in order. */
export const SHIPPING_HEADERS = ['订单号', '支付时间（北京时间）', '收货人', '电话', '收货地址', '商品明细', '实付金额（元）'] as const;

/** What the export reads of a paid order (cms/src/api/order: the order and its line components). */
export interface ShippingOrder {
  orderNo: string;
  paidAt: string | Date | null;
  shippingName: string | null;
  shippingPhone: string | null;
  shippingAddress: string | null;
  payAmount: number | string;
  items?: Array<{ productName: string; quantity: number }> | null;
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time: what a spreadsheet reads as a date and time. */
export function beijingTime(at: string | Date): string {
  return new Date(new Date(at).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** One order's lines as '宣纸信笺 × 2；蔚县剪纸 × 1'. */
export function linesText(items: ShippingOrder['items']): string {
  return (items ?? []).map((line) => `${line.productName} × ${line.quantity}`).join('；');
}

export function shippingRow(order: ShippingOrder): string[] {
  return [
    order.orderNo,
    order.paidAt ? beijingTime(order.paidAt) : '',
    order.shippingName ?? '',
    order.shippingPhone ?? '',
    order.shippingAddress ?? '',
    linesText(order.items),
    fenText(toFen(order.payAmount)),
  ];
}

export function shippingCsv(orders: readonly ShippingOrder[]): string {
  return toCsv([[...SHIPPING_HEADERS], ...orders.map(shippingRow)]);
}

/** The download's name, e.g. 已支付订单_2026-11-01至2026-11-29.csv, as a Content-Disposition (RFC 6266, UTF-8 name). */
export function exportDisposition(from: string, to: string): string {
  const name = `已支付订单_${from}至${to}.csv`;
  return `attachment; filename="paid-orders_${from}_${to}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
