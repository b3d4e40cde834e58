/**
 * Money and date formatting of PRODUCT.md §9: the peso sign, 2 decimals (none on the Bill and
 * Home tabs), zero as "₱0"; dates "MMM DD,YYYY" from unix seconds. Every market of the product
 * (PH, TW, HK) is UTC+8, so dates are shown on that clock whatever the device's time zone is.
 * Written without dayjs: the Home and Bill tabs (and their stores, at boot) format dates, and
 * dayjs with its UTC plugin would sit on that path for one fixed format (issue 8). Pure.
 */
import { PESO } from '../../../shared/constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

/** "Nov 21,2026" (DATE_FORMAT) for a unix-second instant, on the markets' UTC+8 clock. */
export function formatDate(unixSeconds: number): string {
  // Shifting the instant by the offset and reading it as UTC gives the wall clock at UTC+8.
  const market = new Date(unixSeconds * 1000 + MARKET_UTC_OFFSET_MINUTES * 60_000);
  const day = String(market.getUTCDate()).padStart(2, '0');
  return `${MONTHS[market.getUTCMonth()]} ${day},${market.getUTCFullYear()}`;
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
