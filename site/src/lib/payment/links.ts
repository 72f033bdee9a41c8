/**
 * The addresses of the payment flow: the shop sends the visitor to /payment?orderId&amount,
 * the QR code holds the absolute address of /mobile/payment for the order (under the PUBLIC_URL setting, so a
 * phone on the same network can open it), and the end is /pay-success?orderNo&orderId&amount.
 */
import { ORDER_STATUS } from '@feiyi/contract/order-status';
import { yuan } from '../format/money.ts';

export type PaymentMethod = 'alipay' | 'wechat';
export const PAYMENT_METHODS: ReadonlyArray<{ id: PaymentMethod; name: string }> = [
  { id: 'alipay', name: '支付宝' },
  { id: 'wechat', name: '微信支付' },
];

export function paymentHref(orderId: number, amount: number): string {
  return `/payment?${new URLSearchParams({ orderId: String(orderId), amount: yuan(amount) })}`;
}

export interface MobilePaymentTarget {
  orderId: number;
  orderNo: string;
  amount: number;
  paymentMethod: PaymentMethod;
  timestamp: number;
}

/** The QR code's content: an absolute URL on `publicUrl` (its path, if any, is kept as the site's root). */
export function mobilePaymentUrl(publicUrl: string, target: MobilePaymentTarget): string {
  const base = publicUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({
    orderId: String(target.orderId),
    orderNo: target.orderNo,
    amount: yuan(target.amount),
    paymentMethod: target.paymentMethod,
    timestamp: String(target.timestamp),
  });
  return `${base}/mobile/payment?${query}`;
}

export function paySuccessHref(order: { id: number; orderNo: string; totalAmount: number }): string {
  return `/pay-success?${new URLSearchParams({ orderNo: order.orderNo, orderId: String(order.id), amount: yuan(order.totalAmount) })}`;
}

/** The order id in a page's query: a positive whole number, else undefined. */
export function readOrderId(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('orderId');
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export function readPaymentMethod(search: string): PaymentMethod {
  return new URLSearchParams(search).get('paymentMethod') === 'alipay' ? 'alipay' : 'wechat';
}

/** The order list in the personal centre: where a refused or cancelled payment and a quick-buy end. */
export const ORDER_LIST_HREF = '/profile?section=order';
/** The pay-success page's 'view orders' (its query is tab=orders, which sectionFrom reads as the orders). */
export const ORDERS_TAB_HREF = '/profile?tab=orders';

/**
 * The address the QR code is built on: PUBLIC_URL as given when the site was built (so a desktop opened at
 * 127.0.0.1 still hands phones the LAN address), else the page's own origin. Anything but an http(s) URL is ignored.
 */
export function resolvePublicUrl(configured: string | undefined, origin: string): string {
  const value = configured?.trim();
  if (value) {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    } catch {
      // not a URL: fall back to the origin
    }
  }
  return origin;
}

/** An amount in the query ('268.00'): at most 2 decimals, never negative; else undefined. */
export function readAmount(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('amount');
  if (!raw || !/^\d{1,8}(\.\d{1,2})?$/.test(raw)) return undefined;
  return Number(raw);
}

/** An order number in the query, as the API writes them (letters and digits); else undefined. */
export function readOrderNo(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('orderNo');
  return raw && /^[A-Za-z0-9]{1,40}$/.test(raw) ? raw : undefined;
}

/**
 * What the payment page does with the order it read: pay it while pending; a paid order seen while waiting
 * means the phone paid it (go to /pay-success); paid before the page opened, or cancelled, it is refused
 * ('该订单不是待支付状态').
 */
export function orderVerdict(status: number, firstRead: boolean): 'pay' | 'paid-elsewhere' | 'refuse' {
  if (status === ORDER_STATUS.pending) return 'pay';
  if (status === ORDER_STATUS.paid && !firstRead) return 'paid-elsewhere';
  return 'refuse';
}
