/**
 * Money is counted in integer fen (分) and only turned back into yuan for storage, the API and display: 0.1 + 0.2
 * never happens to a price here. One rounding rule for every app (roundToFen).
 */

/**
 * Yuan to whole fen, the one rounding rule. toFixed(6) first: 1.005 * 100 is 100.49999999999999 in binary, and the
 * amount meant is 100.5 fen (→ 101). For amounts with at most 2 decimals, as every stored price is, it is exact.
 */
export function roundToFen(yuan: number): number {
  return Math.round(Number((yuan * 100).toFixed(6)));
}

/** A price or amount (a number, or a decimal as the database returns it) in fen; refuses what is not an amount. */
export function toFen(yuan: number | string): number {
  const value = typeof yuan === 'string' ? Number(yuan) : yuan;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid amount: ${yuan}`);
  return roundToFen(value);
}

export function toYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** A yuan amount as stored or sent, brought to whole fen (19.899999 → 19.9). */
export function roundYuan(yuan: number): number {
  return toYuan(roundToFen(yuan));
}

export interface PricedLine {
  unitFen: number;
  quantity: number;
}

export function lineTotalFen(line: PricedLine): number {
  return line.unitFen * line.quantity;
}

export function orderTotalFen(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalFen(line), 0);
}

/** Price × quantity in yuan, exact to the fen: lineTotal(19.9, 3) === 59.7. */
export function lineTotal(price: number, quantity: number): number {
  return toYuan(roundToFen(price) * quantity);
}

/** The sum of several amounts in yuan, exact to the fen. */
export function sumMoney(amounts: readonly number[]): number {
  return toYuan(amounts.reduce((total, amount) => total + roundToFen(amount), 0));
}

/** '1234.50': an amount in fen written in yuan to 2 decimals, without a sign or symbol (for tables, exports, the admin). */
export function fenText(fen: number): string {
  const whole = Math.round(Number.isFinite(fen) ? fen : 0);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
