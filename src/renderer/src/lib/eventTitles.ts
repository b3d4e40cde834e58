/**
 * The events' titles (PRODUCT.md §2 event pages), apart from their pages: the event screens show
 * them, and Home names an ad by the event it leads to (features/home/adName.ts) without loading
 * the events' table of pages. Pure data.
 */
export const EVENT_TITLES = {
  benefits_newuser: 'New User Benefits',
  cash_for_newuser_150: '₱150.00 Cash for New Users',
  christmas_lucky_draw: 'Christmas Lucky Draw',
  coupon_for_holiday_shopping: 'Holiday Shopping Vouchers',
  invite_channel: 'Become a Partner',
  invite_earn_cash: 'Invite & Earn Cash',
  invite_friend: 'Invite a Friend',
  long_weekend_promo: 'Long Weekend Promo',
} as const;

export type EventFile = keyof typeof EVENT_TITLES;
