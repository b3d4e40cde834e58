/** Payee accounts the simulated host offers in pickAccount. */
import { z } from '@shared/zod';
import type { PayeeAccount } from './types';

export const payeeAccountSchema = z.object({
  payeeId: z.string().check(z.minLength(1)),
  payeeLabel: z.string(),
});

export const DEFAULT_ACCOUNTS: readonly PayeeAccount[] = [
  { payeeId: 'PAYEE-GCASH-4567', payeeLabel: 'GCash 0917 ••• 4567' },
  { payeeId: 'PAYEE-BDO-3344', payeeLabel: 'BDO Savings •••• 3344' },
  { payeeId: 'PAYEE-MAYA-9012', payeeLabel: 'Maya 0918 ••• 9012' },
];
