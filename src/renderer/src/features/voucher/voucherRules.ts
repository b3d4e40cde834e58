/** Voucher page rules (PRODUCT.md §2 "Profile", §4): states by query, texts. Pure. */
import { type Coupon, CouponStates } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';

export type CouponState = Coupon['state'];

export const COUPON_TABS: readonly { state: CouponState; title: string }[] = [
  { state: CouponStates.AVAILABLE, title: 'Available' },
  { state: CouponStates.USED, title: 'Used' },
  { state: CouponStates.EXPIRED, title: 'Expired' },
];

/** `?state=` → coupon state; anything else is Available. */
export function couponStateOf(query: string | null): CouponState {
  if (query === String(CouponStates.USED)) return CouponStates.USED;
  if (query === String(CouponStates.EXPIRED)) return CouponStates.EXPIRED;
  return CouponStates.AVAILABLE;
}

/** The badge of a coupon that cannot be used any more, or null when it can. */
export function couponBadgeOf(state: CouponState): 'Used' | 'Expired' | null {
  switch (state) {
    case CouponStates.AVAILABLE:
      return null;
    case CouponStates.USED:
      return 'Used';
    case CouponStates.EXPIRED:
      return 'Expired';
    default:
      throw missingCaseError(state);
  }
}
