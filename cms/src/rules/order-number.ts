import { randomInt } from 'node:crypto';
import { ORDER_STATUS } from '@feiyi/contract/order-status';

/** FY + local date-time to the second + 6 random digits, e.g. FY20261122213045123456. */
export function newOrderNumber(prefix: 'FY' | 'WS', now: Date = new Date()): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${prefix}${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

/** Pending orders are held for this long; after it their stock returns to the shelf. */
export const ORDER_HOLD_MS = 30 * 60 * 1000;

export function isExpired(order: { status: number; expiresAt: string | Date | null }, now: Date = new Date()): boolean {
  return order.status === ORDER_STATUS.pending && order.expiresAt !== null && new Date(order.expiresAt).getTime() <= now.getTime();
}

/**
 * An order cancelled at or after its hold time was cancelled by the clock (the sweep, the minute cron or a read),
 * whichever got there first; paying it says so, the same way whoever swept it.
 */
export function wasCancelledByExpiry(order: {
  status: number;
  expiresAt: string | Date | null;
  cancelledAt: string | Date | null;
}): boolean {
  return (
    order.status === ORDER_STATUS.cancelled &&
    order.expiresAt !== null &&
    order.cancelledAt !== null &&
    new Date(order.cancelledAt).getTime() >= new Date(order.expiresAt).getTime()
  );
}
