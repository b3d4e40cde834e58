/** The SMS resend countdown of PRODUCT.md §4. Pure. */
import { SMS_COUNTDOWN_SECONDS } from '@shared/constants';

/** Whole seconds left until `until` (ms since epoch); 0 once it passed. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** When a countdown started `now` ends. */
export function countdownUntil(now: number): number {
  return now + SMS_COUNTDOWN_SECONDS * 1000;
}

/** Get Code's text while no countdown runs (PRODUCT.md §2). */
export const GET_CODE_LABEL = 'Get Code';

export function resendLabel(seconds: number): string {
  return `Resend in ${seconds}s`;
}
