/**
 * Money crossing a boundary (DESIGN.md §6 "Amounts are centavos"): a peso amount in a request,
 * a bridge call or an address is a whole number of centavos — at most two decimals — and the
 * server refuses anything else, so nothing is booked that no screen can show (a loan of
 * 1000.005 raised the debt by ₱1,000.01 and lowered the credit by ₱1,000.00). Said once here;
 * the endpoint table, the bridge protocol and the SPA's forms read it.
 */
import { z } from '@shared/zod';

/**
 * Amounts arrive as binary floats (0.29 is 0.28999…), so "whole centavos" allows the float's
 * own error and nothing near half a centavo.
 */
const FLOAT_SLACK_CENTAVOS = 1e-6;

/** True when `amount` is a finite number of whole centavos (1841.67 yes, 1000.005 no). */
export function isWholeCentavos(amount: number): boolean {
  const centavos = amount * 100;
  return (
    Number.isFinite(centavos) && Math.abs(centavos - Math.round(centavos)) < FLOAT_SLACK_CENTAVOS
  );
}

const WHOLE_CENTAVOS = 'must be a whole number of centavos (at most 2 decimals)';

/** A peso amount of whole centavos, zero or more (a discount, a fee). */
export const amountSchema = z
  .number()
  .check(z.nonnegative(), z.refine(isWholeCentavos, WHOLE_CENTAVOS));

/** A peso amount of whole centavos above zero (what is borrowed or paid). */
export const positiveAmountSchema = z
  .number()
  .check(z.positive(), z.refine(isWholeCentavos, WHOLE_CENTAVOS));
