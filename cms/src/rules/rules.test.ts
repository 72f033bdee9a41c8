import { describe, expect, it } from 'vitest';
import { computeAchievements } from './achievements';
import { maskIdCard, maskName } from './masking';
import { lineTotalFen, orderTotalFen, toFen, toYuan } from './money';
import { isExpired, newOrderNumber, wasCancelledByExpiry } from './order-number';

describe('money', () => {
  it('counts in fen without floating-point drift', () => {
    expect(toFen('19.90')).toBe(1990);
    expect(toFen(0.1) + toFen(0.2)).toBe(30);
    expect(
      toYuan(
        orderTotalFen([
          { unitFen: 1990, quantity: 3 },
          { unitFen: 10, quantity: 1 },
        ]),
      ),
    ).toBe(59.8);
    expect(lineTotalFen({ unitFen: 12800, quantity: 2 })).toBe(25600);
  });
  it('rejects negative and non-numeric amounts', () => {
    expect(() => toFen(-1)).toThrow(RangeError);
    expect(() => toFen('abc')).toThrow(RangeError);
  });
});

describe('achievements', () => {
  it('starts with nothing completed', () => {
    expect(computeAchievements([]).map((a) => [a.achievementType, a.currentValue, a.isCompleted])).toEqual([
      ['first_donation', 0, false],
      ['donation_amount', 0, false],
      ['different_projects', 0, false],
    ]);
  });
  it('completes each target from the donations themselves', () => {
    const result = computeAchievements([
      { amount: 600, projectPid: 1 },
      { amount: 400, projectPid: 2 },
      { amount: 10, projectPid: 2 },
    ]);
    expect(result.map((a) => [a.achievementType, a.currentValue, a.targetValue, a.isCompleted])).toEqual([
      ['first_donation', 1, 1, true],
      ['donation_amount', 1000, 1000, true],
      ['different_projects', 2, 3, false],
    ]);
  });
});

describe('masking', () => {
  it('keeps only the first character of a donor name', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('demo')).toBe('d**');
    expect(maskName('')).toBe('匿名**');
  });
  it('masks an 18-digit ID number to its first 6 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('12345')).toBe('*****');
  });
});

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
