/** Red-dot rules of PRODUCT.md §4. Pure. */
import type { UnreadItem } from '@shared/api/entities';

/** Omits Coupon unless voucherReaded is true, and always omits KYC. */
export function redDotList(unread: readonly UnreadItem[], voucherReaded: boolean): UnreadItem[] {
  return unread.filter((item) => item !== 'KYC' && (item !== 'Coupon' || voucherReaded));
}

/** The Profile tab shows a red dot when the red-dot list is non-empty. */
export function profileTabHasDot(unread: readonly UnreadItem[], voucherReaded: boolean): boolean {
  return redDotList(unread, voucherReaded).length > 0;
}
