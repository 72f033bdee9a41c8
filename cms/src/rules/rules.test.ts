import { describe, expect, it } from 'vitest';
import { isExpired, newOrderNumber, wasCancelledByExpiry } from './order-number';

describe('order numbers and expiry', () => {
  it('formats order numbers with prefix, time and six digits', () => {
    expect(newOrderNumber('FY', new Date(2026, 10, 22, 21, 30, 45))).toMatch(/^FY20261122213045\d{6}$/);
  });
  it('expires only pending orders past their hold time', () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(isExpired({ status: 0, expiresAt: past })).toBe(true);
    expect(isExpired({ status: 0, expiresAt: future })).toBe(false);
    expect(isExpired({ status: 1, expiresAt: past })).toBe(false);
    expect(isExpired({ status: 0, expiresAt: null })).toBe(false);
  });

  it('tells an order the clock cancelled from one cancelled before its hold ended', () => {
    const expiresAt = '2026-11-25T10:00:00.000Z';
    expect(wasCancelledByExpiry({ status: 2, expiresAt, cancelledAt: '2026-11-25T10:00:00.000Z' })).toBe(true);
    expect(wasCancelledByExpiry({ status: 2, expiresAt, cancelledAt: '2026-11-25T10:01:00.000Z' })).toBe(true);
    expect(wasCancelledByExpiry({ status: 2, expiresAt, cancelledAt: '2026-11-25T09:59:00.000Z' })).toBe(false);
    expect(wasCancelledByExpiry({ status: 1, expiresAt, cancelledAt: null })).toBe(false);
    expect(wasCancelledByExpiry({ status: 2, expiresAt: null, cancelledAt: '2026-11-25T10:01:00.000Z' })).toBe(false);
  });
});
