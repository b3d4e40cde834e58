/**
 * Money and date formatting of PRODUCT.md §9: the peso sign, 2 decimals (none on the Bill and
 * Home tabs), zero as "₱0"; dates "MMM DD,YYYY" from unix seconds. Every market of the product
 * (PH, TW, HK) is UTC+8, so dates are shown on that clock whatever the device's time zone is.
 * Pure.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT, PESO } from '../../../shared/constants';

dayjs.extend(utc);

/** Minutes east of UTC of the product's markets (Asia/Manila, Asia/Taipei, Asia/Hong_Kong). */
const MARKET_UTC_OFFSET_MINUTES = 8 * 60;

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

/** "Nov 21,2026" for a unix-second instant, on the markets' UTC+8 clock. */
export function formatDate(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).utcOffset(MARKET_UTC_OFFSET_MINUTES).format(DATE_FORMAT);
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
