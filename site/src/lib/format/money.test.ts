import { describe, expect, it } from 'vitest';
import { formatMoney, lineTotal, sumMoney, yuan } from './money.ts';

describe('money', () => {
  it('shows every amount to 2 decimals', () => {
    expect(yuan(268)).toBe('268.00');
    expect(yuan(45.5)).toBe('45.50');
    expect(yuan(0.07)).toBe('0.07');
    expect(yuan(0)).toBe('0.00');
    expect(formatMoney(1299.9)).toBe('¥1299.90');
  });

  it('rounds to the fen, not to a binary fraction', () => {
    expect(yuan(0.1 + 0.2)).toBe('0.30');
    expect(yuan(1.005)).toBe('1.01');
    expect(yuan(2.675)).toBe('2.68');
    expect(yuan(-3.5)).toBe('-3.50');
    expect(yuan(Number.NaN)).toBe('0.00');
  });

  it('multiplies price by quantity exactly', () => {
    expect(lineTotal(19.9, 3)).toBe(59.7);
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(268, 1)).toBe(268);
    expect(yuan(lineTotal(33.33, 3))).toBe('99.99');
  });

  it('adds amounts exactly', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([])).toBe(0);
    expect(sumMoney([19.9, 59.7, 0.4])).toBe(80);
  });
});
