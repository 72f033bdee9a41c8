/**
 * Money is counted in integer fen (分) and only turned back into yuan for storage and display:
 * 0.1 + 0.2 never happens to a price here.
 */
export function toFen(yuan: number | string): number {
  const value = typeof yuan === 'string' ? Number(yuan) : yuan;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid amount: ${yuan}`);
  return Math.round(value * 100);
}

export function toYuan(fen: number): number {
  return Math.round(fen) / 100;
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
