/**
 * An order's states as the CMS stores them and the API sends them (`status`), with the words shown for each
 * (`statusText`). No zod here: the site's islands import this module directly, without the schemas.
 */
export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 2 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_TEXT: Readonly<Record<number, string>> = {
  [ORDER_STATUS.pending]: '待支付',
  [ORDER_STATUS.paid]: '已支付',
  [ORDER_STATUS.cancelled]: '已取消',
};

export function orderStatusText(status: number): string {
  return ORDER_STATUS_TEXT[status] ?? '未知状态';
}

/** Only a pending order can be paid. */
export const canPay = (order: { status: number }): boolean => order.status === ORDER_STATUS.pending;
