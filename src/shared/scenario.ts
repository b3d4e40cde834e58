/**
 * The schema of a mock-server scenario file (`fixtures/scenarios/<name>.json`, DESIGN.md §6).
 * Times are day offsets relative to "now" (`dueInDays: -4` = four days ago) so the data stays
 * right on any date; the mock server turns them into unix seconds when it loads a scenario.
 * Runs everywhere: no DOM, node or Electron imports.
 */
import { z } from './zod';
import {
  advertisementSchema,
  areaCodeSchema,
  couponStateSchema,
  kycRestoreItemSchema,
  kycStateSchema,
  loanInfoSchema,
  loanStateSchema,
  periodTypeSchema,
  unreadItemSchema,
} from './api/entities';

/** Scenario names are a contract (DESIGN.md §6): lower-case words joined by dashes. */
export const scenarioNameSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case name');

/** Days relative to now (negative = past). */
const days = z.number().int().min(-3650).max(3650);

/** A scenario user: what user/userInfo answers, plus the SMS code that logs them in. */
export const scenarioUserSchema = z.object({
  msisdn: z.string().regex(/^\d{8,10}$/, 'msisdn without leading 0'),
  areaCode: areaCodeSchema,
  userId: z.string().min(1),
  gender: z.enum(['Female', 'Male']),
  lastName: z.string().min(1),
  /** KYC state code (PRODUCT.md §4). */
  kycState: kycStateSchema,
  /** Verification code that logs this user in. */
  smsCode: z.string().min(1).max(8).default('1234'),
});
export type ScenarioUser = z.infer<typeof scenarioUserSchema>;

/** loanInfo (loanInfoSchema) with `dueTime` as a day offset. */
export const scenarioLoanInfoSchema = loanInfoSchema.omit({ dueTime: true }).extend({
  dueInDays: days,
});

/** Repayment plan row; `dueDay` is derived from `dueInDays` (days left, or days overdue). */
export const scenarioPlanRowSchema = z.object({
  periodId: z.string().min(1),
  orderNo: z.string().min(1),
  period: z.number().int().positive(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  dueInDays: days,
  repayAmount: z.number().positive(),
});
export type ScenarioPlanRow = z.infer<typeof scenarioPlanRowSchema>;

export const scenarioLoanPeriodSchema = z.object({
  period: z.number().int().positive(),
  dueInDays: days,
  /** Day the installment was settled; null while unpaid. */
  settledInDays: days.nullable(),
  repaymentAmount: z.number().nonnegative(),
  type: periodTypeSchema,
  /** Plan row this installment is paid through, when it is still open. */
  periodId: z.string().optional(),
});

export const scenarioLoanSchema = z.object({
  orderNo: z.string().min(1),
  loanInDays: days,
  type: periodTypeSchema,
  dueDay: z.number().int(),
  loanAmount: z.number().positive(),
  repayAmount: z.number().nonnegative(),
  paidAmount: z.number().nonnegative(),
  /** Loan state code (PRODUCT.md §4) shown by loan/loanDetail. */
  state: loanStateSchema.default(4),
  payeeLabel: z.string().default('GCash 0917****567'),
  failReason: z.string().nullable().default(null),
  periods: z.array(scenarioLoanPeriodSchema),
});
export type ScenarioLoan = z.infer<typeof scenarioLoanSchema>;

export const scenarioMessageSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  content: z.string().min(1),
  sentInDays: days,
  read: z.boolean(),
});

export const scenarioCouponSchema = z.object({
  userCouponId: z.string().min(1),
  title: z.string().min(1),
  discountAmount: z.number().nonnegative(),
  minBorrowAmount: z.number().nonnegative(),
  expiresInDays: days,
  /** 1 available, 2 used, 3 expired. */
  state: couponStateSchema,
  read: z.boolean(),
});

/** Per-path forced answer, e.g. `user/userInfo` → 9000004 in `session-expired`. */
export const forcedAnswerSchema = z.object({
  code: z.number().int(),
  message: z.string().min(1),
});

export const channelPartnerSchema = z.object({
  balance: z.number().nonnegative(),
  withdrawn: z.number().nonnegative(),
  account: z.string().nullable(),
  minWithdraw: z.number().nonnegative(),
  orders: z.array(
    z.object({
      orderNo: z.string().min(1),
      inviteeMsisdn: z.string().min(1),
      loanAmount: z.number().nonnegative(),
      commission: z.number().nonnegative(),
      createdInDays: days,
      state: z.enum(['pending', 'settled']),
    }),
  ),
});

/** Everything a scenario defines besides its name and texts. */
export const scenarioDataSchema = z.object({
  /** The main user first: every list below belongs to them. Others are new-user-like accounts. */
  users: z.array(scenarioUserSchema).min(1),
  loanInfo: scenarioLoanInfoSchema,
  plan: z.array(scenarioPlanRowSchema),
  loans: z.array(scenarioLoanSchema),
  /** The unread list at load; KYC is taken from here, Message and Coupon must match the data. */
  unread: z.array(unreadItemSchema),
  messages: z.array(scenarioMessageSchema),
  coupons: z.array(scenarioCouponSchema),
  advertisements: z.object({
    /** advertisement/loadAdvertisement: popups are type 2. */
    popups: z.array(advertisementSchema),
    /** advertisement/loadBanner by location. */
    banners: z.record(z.string(), advertisementSchema),
  }),
  reviewInfo: z.object({ state: z.number().int() }),
  /** Saved KYC draft (kyc/restore) and the step it reached. */
  kycDraft: z.object({
    step: z.number().int().min(1).max(6),
    items: z.array(kycRestoreItemSchema),
  }),
  channelPartner: channelPartnerSchema.nullable(),
  /** Forced answers by endpoint path (after the token check). */
  forced: z.record(z.string(), forcedAnswerSchema),
});

const header = {
  name: scenarioNameSchema,
  title: z.string().min(1),
  description: z.string().min(1),
};

/**
 * A scenario file. With `extends`, top-level data keys not given are taken from the named
 * scenario (one level of shallow merge per file, chains allowed, cycles refused by the loader).
 */
export const scenarioFileSchema = scenarioDataSchema
  .partial()
  .extend({ ...header, extends: scenarioNameSchema.optional() })
  .strict()
  .refine((s) => s.extends !== undefined || scenarioDataSchema.safeParse(s).success, {
    message: 'a scenario without "extends" must define every data field',
  });
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

/**
 * A scenario after `extends` is resolved. Its `unread` list must agree with the data the mock
 * derives it from: Message while a message is unread, Coupon while an available coupon is.
 */
export const scenarioSchema = scenarioDataSchema.extend(header).superRefine((s, ctx) => {
  const derived = {
    Message: s.messages.some((m) => !m.read),
    Coupon: s.coupons.some((c) => c.state === 1 && !c.read),
  };
  for (const [item, present] of Object.entries(derived)) {
    if (present !== s.unread.includes(item as 'Message' | 'Coupon')) {
      ctx.addIssue({
        code: 'custom',
        path: ['unread'],
        message: `unread ${present ? 'must' : 'must not'} include ${item} (see messages/coupons)`,
      });
    }
  }
});
export type Scenario = z.infer<typeof scenarioSchema>;
