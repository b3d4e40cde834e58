/** Voucher page rules (issue 5 "Messages and vouchers"): states by query, texts. Pure. */
import type { Coupon } from '../../../../shared/api/entities';
import { missingCaseError } from '../../errors/missingCaseError';

export type CouponState = Coupon['state'];

export const COUPON_TABS: readonly { state: CouponState; title: string }[] = [
  { state: 1, title: 'Available' },
  { state: 2, title: 'Used' },
  { state: 3, title: 'Expired' },
];

/** `?state=` → coupon state; anything else is Available. */
export function couponStateOf(query: string | null): CouponState {
  return query === '2' ? 2 : query === '3' ? 3 : 1;
}

/** The badge of a coupon that cannot be used any more, or null when it can. */
export function couponBadgeOf(state: CouponState): 'Used' | 'Expired' | null {
  switch (state) {
    case 1:
      return null;
    case 2:
      return 'Used';
    case 3:
      return 'Expired';
    default:
      throw missingCaseError(state);
  }
}
