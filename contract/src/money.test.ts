import { describe, expect, it } from 'vitest';
import { fenText, lineTotalFen, orderTotalFen, toFen, toYuan } from './money.ts';

describe('money', () => {
  it('writes fen as yuan to 2 decimals', () => {
    expect(fenText(123450)).toBe('1234.50');
    expect(fenText(5)).toBe('0.05');
    expect(fenText(0)).toBe('0.00');
    expect(fenText(-1990)).toBe('-19.90');
    expect(fenText(toFen(0.1) + toFen(0.2))).toBe('0.30');
  });
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
