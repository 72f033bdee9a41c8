import { roundToFen } from '@feiyi/contract/money';
import type { Order } from '@feiyi/contract/order';
import type { PortalOrder } from '@feiyi/contract/portal';
import { orderStatusText } from '@feiyi/contract/order-status';
import { absoluteUrl } from '../shared/media.ts';

/** The order as the CMS presents it: the contract's schema, which the client parses every answer with. */
export type CmsOrder = PortalOrder;

export function toOrder(order: CmsOrder, origin: string): Order {
  return {
    id: order.id,
    orderNo: order.orderNo,
    orderNumber: order.orderNo,
    status: order.status,
    statusText: orderStatusText(order.status),
    totalAmount: order.totalAmount,
    payAmount: order.payAmount,
    shippingName: order.shippingName,
    shippingPhone: order.shippingPhone,
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    expiresAt: order.expiresAt,
    paidAt: order.paidAt,
    createdAt: order.createdAt,
    orderItems: order.items.map((line) => ({ ...line, productImage: absoluteUrl(origin, line.productImage) })),
  };
}

/** Fen from yuan, for comparing what a client claims with the catalogue. */
const fen = roundToFen;

/**
 * Client-sent prices and totals are never used; when present they must agree with the catalogue,
 * so a shopper never pays something other than what the page showed (and a tampered price fails).
 */
export function findPriceMismatch(
  lines: ReadonlyArray<{ productId: number; quantity: number; price?: number; totalAmount?: number }>,
  priceOf: (productId: number) => number | undefined,
  claimedTotal?: number,
): string | undefined {
  let total = 0;
  for (const line of lines) {
    const price = priceOf(line.productId);
    if (price === undefined) return undefined; // unknown product: the CMS answers 404
    if (line.price !== undefined && fen(line.price) !== fen(price)) return '商品价格已更新，请刷新后重新下单';
    if (line.totalAmount !== undefined && fen(line.totalAmount) !== fen(price) * line.quantity)
      return '订单金额与商品价格不符，请刷新后重新下单';
    total += fen(price) * line.quantity;
  }
  if (claimedTotal !== undefined && fen(claimedTotal) !== total) return '订单金额与商品价格不符，请刷新后重新下单';
  return undefined;
}
