/**
 * The addresses of the payment flow (part 1 §2, part 2 §2): the shop sends the visitor to /payment?orderId&amount,
 * the QR code holds the absolute address of /mobile/payment for the order (under the PUBLIC_URL setting, so a
 * phone on the same network can open it), and the end is /pay-success?orderNo&orderId&amount.
 */
import { yuan } from '../../lib/format/money.ts';

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
