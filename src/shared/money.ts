/**
 * Money as a borrower reads it (PRODUCT.md §9): the peso sign, 2 decimals (none on the Bill and
 * Home tabs), zero as "₱0". Typed once here so the SPA and every text the mock server writes
 * (refusals, channel notes, prize titles) read the same. Pure.
 */
import { PESO } from './constants';

/**
 * How many decimals an amount shows: 2 everywhere, and on Bill and Home (0) none for a whole
 * number of pesos. An amount with centavos keeps them even there: rounded, two ₱1,841.67
 * installments would read ₱1,842 + ₱1,842 above an "Amount to Pay" of ₱3,683 and a next screen
 * charging ₱3,683.34, and what a screen adds up must be what the next one charges (DESIGN.md §6
 * "Amounts are centavos"). So ₱5,000 stays ₱5,000, ₱1,841.67 is ₱1,841.67, and the rows, their
 * sum and the charge always agree.
 */
export type AmountPrecision = 0 | 2;

/**
 * `₱1,234.50` (precision 2); `₱1,235` or `₱1,234.50` (precision 0: decimals only when there are
 * centavos); zero is always `₱0`; negatives keep their sign before the peso sign.
 */
export function formatPeso(amount: number, precision: AmountPrecision = 2): string {
  const cents = Math.round(amount * 100);
  // Math.round rounds -0.5 up to -0; adding 0 turns -0 into 0 so it prints as ₱0.
  const rounded = cents / 100 + 0;
  if (rounded === 0) return `${PESO}0`;
  const decimals = precision === 0 && cents % 100 === 0 ? 0 : 2;
  const digits = Math.abs(rounded).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${rounded < 0 ? '-' : ''}${PESO}${digits}`;
}

/**
 * Every peso amount written in `text` that does not show 2 decimals ("₱1,000" instead of
 * "₱1,000.00"); "₱0" is allowed. For tests over texts from data.
 */
export function amountsWithoutCents(text: string): string[] {
  return [...text.matchAll(/₱\d[\d,]*(?:\.\d+)?/g)]
    .map((m) => m[0])
    .filter((amount) => amount !== `${PESO}0` && !/\.\d{2}$/.test(amount));
}

/** Sums money without binary-float drift (0.1 + 0.2 is 0.3): in whole centavos. */
export function sumAmounts(amounts: readonly number[]): number {
  const cents = amounts.reduce((total, amount) => total + Math.round(amount * 100), 0);
  return cents / 100;
}
