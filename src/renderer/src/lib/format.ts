/**
 * Money formatting of PRODUCT.md §9 (the shared `formatPeso`, which the mock server's texts use
 * too) and money sums. Dates ("MMM DD,YYYY" from unix seconds) are the market calendar's
 * (`marketCalendar.ts`), re-exported here as `formatDate` for the screens that show both. Pure.
 */
export { formatPeso } from '@shared/money';
export { formatMarketDate as formatDate } from './marketCalendar';

/** Sums money without binary-float drift (0.1 + 0.2 is 0.3): in whole centavos. */
export function sumAmounts(amounts: readonly number[]): number {
  const cents = amounts.reduce((total, amount) => total + Math.round(amount * 100), 0);
  return cents / 100;
}
