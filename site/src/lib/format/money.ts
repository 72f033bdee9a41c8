/**
 * The site's one money formatter. Amounts are yuan as the API answers them (numbers with at most 2 decimals);
 * arithmetic is done in whole fen with the contract's one rounding rule, so that 0.1 + 0.2 never shows as
 * 0.30000000000000004, and every amount is shown to 2 decimals ("Order total is price times quantity, shown to 2
 * decimals").
 */
import { fenText, roundToFen } from '@feiyi/contract/money';

export { lineTotal, sumMoney } from '@feiyi/contract/money';

/** '1234.50': the amount to 2 decimals, without a sign, as every total is written. */
export function yuan(amount: number): string {
  return fenText(roundToFen(Number.isFinite(amount) ? amount : 0));
}

/** '¥1234.50': an amount as shown to the visitor. */
export function formatMoney(amount: number): string {
  return `¥${yuan(amount)}`;
}
