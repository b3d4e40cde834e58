/** Human labels of the panel. */
import type { InteractiveMethod } from '@host/types';

export const PROFILE_LABELS = {
  lender: 'Lender app',
  fastpay: 'FastPay wallet',
  web: 'Web (no host)',
} as const;

export const REQUEST_TITLES: Record<InteractiveMethod, string> = {
  pickAccount: 'Choose a payee account',
  gcashPayment: 'GCash payment',
  fastPayPayment: 'FastPay payment',
  showNotice: 'Native notice',
  showLogin: 'Native login',
};

export const RESULT_LABELS: Record<number, string> = {
  0: 'ok',
  1: 'not supported',
  2: 'cancelled',
  3: 'failed',
};

export const KICKED_OUT_TIP = 'Your account has been logged in on another device.';
