/**
 * The site's one money formatter. Amounts are yuan as the API answers them (numbers with at most 2 decimals);
 * arithmetic is done in whole fen so that 0.1 + 0.2 never shows as 0.30000000000000004, and every amount
 * is shown to 2 decimals (part 1 §9: "Order total is price times quantity, shown to 2 decimals").
 */
// toFixed(6) first: 1.005 * 100 is 100.49999999999999 in binary, and the amount meant is 100.5 fen.
const toFen = (yuan: number): number => Math.round(Number((yuan * 100).toFixed(6)));

/** '1234.50': the amount to 2 decimals, without a sign, as the spec's totals are written. */
export function yuan(amount: number): string {
  const fen = toFen(Number.isFinite(amount) ? amount : 0);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '¥1234.50': an amount as shown to the visitor. */
export function formatMoney(amount: number): string {
  return `¥${yuan(amount)}`;
}

/** Price × quantity in yuan, exact to the fen: lineTotal(19.9, 3) === 59.7. */
export function lineTotal(price: number, quantity: number): number {
  return (toFen(price) * quantity) / 100;
}

/** The sum of several amounts in yuan, exact to the fen. */
export function sumMoney(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + toFen(amount), 0) / 100;
}
