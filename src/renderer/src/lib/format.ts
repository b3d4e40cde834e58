/**
 * Money formatting of PRODUCT.md §9: the peso sign, 2 decimals (none on the Bill and Home tabs),
 * zero as "₱0". Dates ("MMM DD,YYYY" from unix seconds) are the market calendar's
 * (`marketCalendar.ts`), re-exported here as `formatDate` for the screens that show both. Pure.
 */
import { PESO } from '../../../shared/constants';

export { formatMarketDate as formatDate } from './marketCalendar';

/** How many decimals an amount shows: 0 on Bill and Home, 2 everywhere else. */
export type AmountPrecision = 0 | 2;

/**
 * `₱1,234.50` (precision 2) or `₱1,235` (precision 0); zero is always `₱0`; negatives keep
 * their sign before the peso sign.
 */
export function formatPeso(amount: number, precision: AmountPrecision = 2): string {
  const rounded = roundTo(amount, precision);
  if (rounded === 0) return `${PESO}0`;
  const digits = Math.abs(rounded).toLocaleString('en-US', {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
  return `${rounded < 0 ? '-' : ''}${PESO}${digits}`;
}

/** Sums money without binary-float drift (0.1 + 0.2 is 0.3): in whole centavos. */
export function sumAmounts(amounts: readonly number[]): number {
  const cents = amounts.reduce((total, amount) => total + Math.round(amount * 100), 0);
  return cents / 100;
}

function roundTo(amount: number, precision: AmountPrecision): number {
  const factor = 10 ** precision;
  // Math.round rounds -0.5 up to -0; adding 0 turns -0 into 0 so it prints as ₱0.
  return Math.round(amount * factor) / factor + 0;
}
