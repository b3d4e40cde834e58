/**
 * The schema of a mock-server scenario file (`fixtures/scenarios/<name>.json`, DESIGN.md §6).
 * Times are day offsets relative to "now" (`dueInDays: -4` = four days ago) so the data stays
 * right on any date; the mock server turns them into unix seconds when it loads a scenario.
 * Runs everywhere: no DOM, node or Electron imports.
 */

import {
  advertisementSchema,
  areaCodeSchema,
  CouponStates,
  couponStateSchema,
  kycRestoreItemSchema,
  kycStateSchema,
  loanInfoSchema,
  loanStateSchema,
  periodTypeSchema,
  unreadItemSchema,
} from './api/entities';
import { replaySchema } from './recording';
import { z } from './zod';

/** Scenario names are a contract (DESIGN.md §6): lower-case words joined by dashes. */
const scenarioNameSchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case name'));

/** Days relative to now (negative = past). */
const days = z.int().check(z.gte(-3650), z.lte(3650));

/** A scenario user: what user/userInfo answers, plus the SMS code that logs them in. */
export const scenarioUserSchema = z.object({
  msisdn: z.string().check(z.regex(/^\d{8,10}$/, 'msisdn without leading 0')),
  areaCode: areaCodeSchema,
  userId: z.string().check(z.minLength(1)),
  gender: z.enum(['Female', 'Male']),
  lastName: z.string().check(z.minLength(1)),
  /** KYC state code (PRODUCT.md §4). */
  kycState: kycStateSchema,
  /** Verification code that logs this user in. */
  smsCode: z._default(z.string().check(z.minLength(1), z.maxLength(8)), '1234'),
});
export type ScenarioUser = z.infer<typeof scenarioUserSchema>;

/** loanInfo (loanInfoSchema) with `dueTime` as a day offset. */
const scenarioLoanInfoSchema = z.extend(z.omit(loanInfoSchema, { dueTime: true }), {
  dueInDays: days,
});

/** Repayment plan row; `dueDay` is derived from `dueInDays` (days left, or days overdue). */
const scenarioPlanRowSchema = z.object({
  periodId: z.string().check(z.minLength(1)),
  orderNo: z.string().check(z.minLength(1)),
  period: z.int().check(z.positive()),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  dueInDays: days,
  repayAmount: z.number().check(z.positive()),
});

const scenarioLoanPeriodSchema = z.object({
  period: z.int().check(z.positive()),
  dueInDays: days,
  /** Day the installment was settled; null while unpaid. */
  settledInDays: z.nullable(days),
  repaymentAmount: z.number().check(z.nonnegative()),
  type: periodTypeSchema,
  /** Plan row this installment is paid through, when it is still open. */
  periodId: z.optional(z.string()),
});

const scenarioLoanSchema = z.object({
  orderNo: z.string().check(z.minLength(1)),
  loanInDays: days,
  type: periodTypeSchema,
  dueDay: z.int(),
  loanAmount: z.number().check(z.positive()),
  repayAmount: z.number().check(z.nonnegative()),
  paidAmount: z.number().check(z.nonnegative()),
  /** Loan state code (PRODUCT.md §4) shown by loan/loanDetail. */
  state: z._default(loanStateSchema, 4),
  payeeLabel: z._default(z.string(), 'GCash 0917****567'),
  failReason: z._default(z.nullable(z.string()), null),
  periods: z.array(scenarioLoanPeriodSchema),
});

const scenarioMessageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  content: z.string().check(z.minLength(1)),
  sentInDays: days,
  read: z.boolean(),
});

const scenarioCouponSchema = z.object({
  userCouponId: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  discountAmount: z.number().check(z.nonnegative()),
  minBorrowAmount: z.number().check(z.nonnegative()),
  expiresInDays: days,
  /** 1 available, 2 used, 3 expired. */
  state: couponStateSchema,
  read: z.boolean(),
});

/** Per-path forced answer, e.g. `user/userInfo` → 9000004 in `session-expired`. */
const forcedAnswerSchema = z.object({
  code: z.int(),
  message: z.string().check(z.minLength(1)),
});

const channelPartnerSchema = z.object({
  balance: z.number().check(z.nonnegative()),
  withdrawn: z.number().check(z.nonnegative()),
  account: z.nullable(z.string()),
  minWithdraw: z.number().check(z.nonnegative()),
  orders: z.array(
    z.object({
      orderNo: z.string().check(z.minLength(1)),
      inviteeMsisdn: z.string().check(z.minLength(1)),
      loanAmount: z.number().check(z.nonnegative()),
      commission: z.number().check(z.nonnegative()),
      createdInDays: days,
      state: z.enum(['pending', 'settled']),
    }),
  ),
});

/** Everything a scenario defines besides its name and texts. */
const scenarioDataSchema = z.object({
  /** The main user first: every list below belongs to them. Others are new-user-like accounts. */
  users: z.array(scenarioUserSchema).check(z.minLength(1)),
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
  reviewInfo: z.object({ state: z.int() }),
  /** Saved KYC draft (kyc/restore) and the step it reached. */
  kycDraft: z.object({
    step: z.int().check(z.gte(1), z.lte(6)),
    items: z.array(kycRestoreItemSchema),
  }),
  channelPartner: z.nullable(channelPartnerSchema),
  /** Forced answers by endpoint path (after the token check). */
  forced: z.record(z.string(), forcedAnswerSchema),
  /**
   * A recording (src/shared/recording.ts): every call is answered from it, in the recorded order,
   * and the rest of the data only serves the admin calls (session tokens, host actions).
   */
  replay: z.optional(replaySchema),
});

const header = {
  name: scenarioNameSchema,
  title: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
};

/**
 * A scenario file. With `extends`, top-level data keys not given are taken from the named
 * scenario (one level of shallow merge per file, chains allowed, cycles refused by the loader).
 */
export const scenarioFileSchema = z
  .strictObject({
    ...z.partial(scenarioDataSchema).shape,
    ...header,
    extends: z.optional(scenarioNameSchema),
  })
  .check(
    z.refine((s) => s.extends !== undefined || scenarioDataSchema.safeParse(s).success, {
      message: 'a scenario without "extends" must define every data field',
    }),
  );
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

/**
 * A scenario after `extends` is resolved. Its `unread` list must agree with the data the mock
 * derives it from: Message while a message is unread, Coupon while an available coupon is.
 */
export const scenarioSchema = z.extend(scenarioDataSchema, header).check(
  z.superRefine((s, ctx) => {
    const derived = {
      Message: s.messages.some((m) => !m.read),
      Coupon: s.coupons.some((c) => c.state === CouponStates.AVAILABLE && !c.read),
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
  }),
);
export type Scenario = z.infer<typeof scenarioSchema>;
