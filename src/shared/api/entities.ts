/**
 * Entities of PRODUCT.md §3 as zod schemas: what crosses the API boundary. Where PRODUCT.md says
 * "not shown", the shapes are ours, consistent with §3. Runs everywhere.
 */

import { AREA_CODES } from '@shared/constants';
import { z } from '@shared/zod';
import { linkField } from './linkFields';

export const areaCodeSchema = z.enum(AREA_CODES);

/** Unread list items (PRODUCT.md §3). */
export const unreadItemSchema = z.enum(['KYC', 'Coupon', 'Message']);
export type UnreadItem = z.infer<typeof unreadItemSchema>;

/**
 * KYC state codes of PRODUCT.md §4 "KYC state codes", named as codes.ts names the protocol's:
 * compare with these, never with bare numbers.
 */
export const KycStates = {
  APPLY: 1,
  UNDER_REVIEW: 2,
  REVIEW_FAILED: 3,
  REVIEW_REJECTED: 4,
  APPROVED: 5,
  FILL_IN: 6,
  EXPIRED: 7,
} as const;
export const kycStateSchema = z.union([
  z.literal(KycStates.APPLY),
  z.literal(KycStates.UNDER_REVIEW),
  z.literal(KycStates.REVIEW_FAILED),
  z.literal(KycStates.REVIEW_REJECTED),
  z.literal(KycStates.APPROVED),
  z.literal(KycStates.FILL_IN),
  z.literal(KycStates.EXPIRED),
]);
export type KycState = z.infer<typeof kycStateSchema>;

/**
 * Loan state codes (PRODUCT.md §4 "Home button"), 0 to 8. The product names them by group: 2 and 7
 * releasing, 5 and 8 release failed, 3 overdue, 4 released, the rest (0, 1, 6) free to apply.
 */
export const LoanStates = {
  RELEASING: [2, 7],
  RELEASE_FAILED: [5, 8],
  OVERDUE: 3,
  RELEASED: 4,
} as const;
export function isLoanReleasing(state: number): boolean {
  return (LoanStates.RELEASING as readonly number[]).includes(state);
}
export function isLoanReleaseFailed(state: number): boolean {
  return (LoanStates.RELEASE_FAILED as readonly number[]).includes(state);
}
export const loanStateSchema = z.int().check(z.gte(0), z.lte(8));

/** Period / loan row types: 1 Normal, 2 Due, 3 Overdue, 4 Settled (PRODUCT.md §4). */
export const periodTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type PeriodType = z.infer<typeof periodTypeSchema>;

/** Answer of user/login, app/channel/userLogin/v1 and user/userInfo: the persisted user state. */
export const userSchema = z.object({
  msisdn: z.string(),
  areaCode: areaCodeSchema,
  userId: z.string(),
  token: z.string(),
  tokenValue: z.string(),
  state: z.optional(kycStateSchema),
  gender: z.string(),
  lastName: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** loan/loanInfo (PRODUCT.md §3 loanInfo). */
export const loanInfoSchema = z.object({
  lastAmount: z.number().check(z.nonnegative()),
  creditAmount: z.number().check(z.nonnegative()),
  monthlyInterest: z.number().check(z.nonnegative()),
  state: loanStateSchema,
  type: z.int(),
  loanAmount: z.number().check(z.nonnegative()),
  dueAmount: z.number().check(z.nonnegative()),
  dueDay: z.int(),
  dueTime: z.int(),
});
export type LoanInfo = z.infer<typeof loanInfoSchema>;

/** loan/reviewInfo. */
export const reviewInfoSchema = z.object({ state: z.int() });

/** Repayment plan row (PRODUCT.md §3). Types 1 normal, 2 due, 3 overdue. */
export const planItemSchema = z.object({
  periodId: z.string(),
  orderNo: z.string(),
  period: z.int().check(z.positive()),
  type: periodTypeSchema,
  dueDay: z.int(),
  dueTime: z.int(),
  repayAmount: z.number().check(z.nonnegative()),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** One installment of a loan row. */
export const loanPeriodSchema = z.object({
  period: z.int().check(z.positive()),
  dueTime: z.int(),
  settledTime: z.nullable(z.int()),
  repaymentAmount: z.number().check(z.nonnegative()),
  type: periodTypeSchema,
});
export type LoanPeriod = z.infer<typeof loanPeriodSchema>;

/** Loan list row (PRODUCT.md §3). Types 1 to 4 as period types. */
export const loanItemSchema = z.object({
  orderNo: z.string(),
  loanTime: z.int(),
  type: periodTypeSchema,
  dueDay: z.int(),
  loanAmount: z.number().check(z.nonnegative()),
  repayAmount: z.number().check(z.nonnegative()),
  paidAmount: z.number().check(z.nonnegative()),
  periods: z.array(loanPeriodSchema),
});
export type LoanItem = z.infer<typeof loanItemSchema>;

/** Message of message/list. */
export const messageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  sendTime: z.int(),
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** Advertisement (PRODUCT.md §3): type 2 is a popup. */
export const advertisementSchema = z.object({
  id: z.int(),
  type: z.int(),
  /** Where a tap goes: an app route or a safe web link; anything else is no link (links.ts). */
  link: linkField,
  picUrl: z.string(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

/** Coupon (voucher) states of coupon/list. */
export const CouponStates = { AVAILABLE: 1, USED: 2, EXPIRED: 3 } as const;
export const couponStateSchema = z.union([
  z.literal(CouponStates.AVAILABLE),
  z.literal(CouponStates.USED),
  z.literal(CouponStates.EXPIRED),
]);
export const couponSchema = z.object({
  userCouponId: z.string(),
  title: z.string(),
  discountAmount: z.number().check(z.nonnegative()),
  minBorrowAmount: z.number().check(z.nonnegative()),
  expireTime: z.int(),
  state: couponStateSchema,
  read: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * Why a repay order can no longer be paid (DESIGN.md §6 "One pending order per installment set"):
 * the `data` of a refusal with code 9000031 (replaced), 9000032 (expired) or 9000033 (paid), as
 * repay/repayResult answers it and as a wallet's refused payment passes it on (bridge
 * `gcashPayment` / `fastPayPayment` with resultCode 3). `liveOrder` is the order that now holds the
 * installments of a replaced one, while it can be paid: where the borrower is led instead of a
 * dead end. It says no more than the refusal's message does (its number and channel).
 */
export const orderRefusalSchema = z.object({
  orderNo: z.string(),
  status: z.enum(['replaced', 'expired', 'paid']),
  liveOrder: z.optional(
    z.object({ orderNo: z.string(), channel: z.string(), channelLabel: z.string() }),
  ),
});
export type OrderRefusal = z.infer<typeof orderRefusalSchema>;

/** Event date entry (PRODUCT.md §3). ISO 8601 instants. */
export const eventDateSchema = z.object({
  key: z.string(),
  startAt: z.string(),
  endAt: z.string(),
});
export type EventDate = z.infer<typeof eventDateSchema>;

/** Information pair of a repay channel: Biller and Payment Method (PRODUCT.md §2). */
const channelInfoSchema = z.object({ label: z.string(), value: z.string() });

/** Repay channel entry (PRODUCT.md §3). */
export const repayChannelSchema = z.object({
  key: z.string(),
  label: z.string(),
  icon: z.string(),
  logo: z.string(),
  repayLimit: z.nullable(z.number().check(z.positive())),
  fee: z.optional(z.number().check(z.nonnegative())),
  information: z.array(channelInfoSchema),
  stepList: z.array(z.string()),
  stepNotice: z.string(),
  stepTitles: z.optional(z.array(z.string())),
  stepList2: z.optional(z.array(z.string())),
  stepNotice2: z.optional(z.string()),
  tips: z.optional(z.array(z.string())),
  studyUrl: z.optional(linkField),
});
export type RepayChannel = z.infer<typeof repayChannelSchema>;

/** KYC item types of PRODUCT.md §2. */
export const kycItemTypeSchema = z.enum([
  'text',
  'radio',
  'selects',
  'address',
  'mobile',
  'contact',
  'photo',
  'file',
  'signature',
  'payday',
  'jobType',
  'income',
  'date',
]);
export type KycItemType = z.infer<typeof kycItemTypeSchema>;

/** One certification item of config/getCertificationConfig (the certList). */
export const certItemSchema = z.object({
  certification: z.string(),
  step: z.int().check(z.gte(1), z.lte(6)),
  type: kycItemTypeSchema,
  label: z.string(),
  required: z.boolean(),
  options: z.optional(z.array(z.object({ label: z.string(), value: z.string() }))),
  maxLength: z.optional(z.int().check(z.positive())),
  maxBytes: z.optional(z.int().check(z.positive())),
});
export type CertItem = z.infer<typeof certItemSchema>;

/** KYC restore item (PRODUCT.md §3): certification and value. */
export const kycRestoreItemSchema = z.object({ certification: z.string(), value: z.string() });
export type KycRestoreItem = z.infer<typeof kycRestoreItemSchema>;

/** Paged answer of the plain list endpoints (PRODUCT.md §3). */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNum: z.int().check(z.positive()),
    pages: z.int().check(z.nonnegative()),
    total: z.int().check(z.nonnegative()),
  });
}
export const pageRequestSchema = z.object({
  pageNum: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive(), z.lte(100)),
});
