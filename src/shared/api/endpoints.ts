/**
 * The API endpoint table: every call of PRODUCT.md §7 with its host, whether it is encrypted,
 * whether it needs a logged-in token, and the zod schemas of its request and response data.
 * Client, mock server, host and tests all read this table; nobody repeats a path elsewhere.
 */

import { handshakeAnswerSchema, handshakeRequestSchema } from '@shared/envelope';
import { z } from '@shared/zod';
import { amountSchema, positiveAmountSchema } from './amounts';
import {
  advertisementSchema,
  areaCodeSchema,
  certItemSchema,
  couponSchema,
  couponStateSchema,
  eventDateSchema,
  kycRestoreItemSchema,
  loanInfoSchema,
  loanItemSchema,
  messageSchema,
  pageOf,
  pageRequestSchema,
  periodTypeSchema,
  planItemSchema,
  repayChannelSchema,
  reviewInfoSchema,
  unreadItemSchema,
  userSchema,
} from './entities';
import { nullableLinkField } from './linkFields';

/** Which API host answers a path (DESIGN.md §3, §5). */
export type ApiHost = 'main' | 'channel' | 'hk';

export interface EndpointDef<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Path after the host's base URL, without the `?hk` suffix. */
  readonly path: string;
  /** Hosts allowed to serve it; the first is the default (paths starting with `app` → channel). */
  readonly hosts: readonly ApiHost[];
  /** Encrypted end to end (DESIGN.md §5) or plain `{data, userBaseInfo}`. */
  readonly encrypted: boolean;
  /** Needs a logged-in token (session codes 9000000–9000005 otherwise). */
  readonly auth: boolean;
  readonly request: Req;
  readonly response: Res;
}

function endpoint<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  def: EndpointDef<Req, Res>,
): EndpointDef<Req, Res> {
  return def;
}

const empty = z.strictObject({});
const nothing = z.null();
const smsRequest = z.object({
  areaCode: areaCodeSchema,
  countryCode: z.string(),
  msisdn: z.string().check(z.minLength(1), z.maxLength(11)),
});
const loginRequest = z.object({
  areaCode: areaCodeSchema,
  msisdn: z.string().check(z.minLength(1), z.maxLength(11)),
  code: z.string().check(z.minLength(1), z.maxLength(8)),
});
const listTypeRequest = z.extend(pageRequestSchema, {
  /** '' for tab 1, else tab minus 1 (PRODUCT.md §7). */
  type: z.union([z.literal(''), z.int().check(z.gte(1), z.lte(2))]),
});
/** The Repayment Plan is tab 1: its `type` is sent, empty (PRODUCT.md §7). */
const planRequest = z.extend(pageRequestSchema, { type: z.literal('') });
const loanApplicationSchema = z.object({
  borrowAmount: positiveAmountSchema,
  periods: z.int().check(z.positive()),
  payeeId: z.string().check(z.minLength(1)),
  payeeLabel: z.string(),
  purpos: z.string().check(z.minLength(1)),
  userCouponId: z.optional(z.string()),
  discountAmount: z.optional(amountSchema),
  type: z.string(),
  /** Token from credit/verifySmsOfPayPassword when the product asks for one. */
  payPassword: z.optional(z.string()),
});
export type LoanApplication = z.infer<typeof loanApplicationSchema>;

const loanPreviewSchema = z.object({
  borrowAmount: z.number(),
  periods: z.int(),
  interest: z.number(),
  serviceFee: z.number(),
  discountAmount: z.number(),
  receivedAmount: z.number(),
  totalRepayment: z.number(),
  schedule: z.array(z.object({ period: z.int(), dueTime: z.int(), amount: z.number() })),
});
export type LoanPreview = z.infer<typeof loanPreviewSchema>;

const loanDetailSchema = z.object({
  orderNo: z.string(),
  /** Loan state code (PRODUCT.md §4). */
  state: z.int(),
  borrowAmount: z.number(),
  receivedAmount: z.number(),
  periods: z.int(),
  payeeLabel: z.string(),
  applyTime: z.int(),
  failReason: z.nullable(z.string()),
  /** The loan's type as in the loan list (1 to 4, 4 Settled): a settled loan says so. */
  type: z.optional(z.int().check(z.gte(1), z.lte(4))),
});

const repayOrderSchema = z.object({
  orderNo: z.string(),
  channel: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** Reference the borrower gives at the counter (retail channels). */
  payCode: z.nullable(z.string()),
  /** Link for e-wallet channels (GCash, Maya WebPay); an unsafe one is no link (links.ts). */
  payUrl: nullableLinkField,
  expireTime: z.int(),
});
export type RepayOrder = z.infer<typeof repayOrderSchema>;

const orderInfoSchema = z.object({
  orderNo: z.string(),
  borrowerName: z.string(),
  msisdn: z.string(),
  loanAmount: z.number(),
  receivedAmount: z.number(),
  interest: z.number(),
  serviceFee: z.number(),
  periods: z.int(),
  monthlyInterest: z.number(),
  loanTime: z.int(),
  schedule: z.array(z.object({ period: z.int(), dueTime: z.int(), amount: z.number() })),
});

const channelOrderSchema = z.object({
  orderNo: z.string(),
  inviteeMsisdn: z.string(),
  loanAmount: z.number(),
  commission: z.number(),
  createTime: z.int(),
  state: z.enum(['pending', 'settled']),
});

/** A prize of the christmas lucky draw; a voucher prize becomes a coupon of the winner. */
const luckyDrawPrizeSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(['voucher', 'none']),
  /** Voucher value in pesos (0 for "none"). */
  amount: z.number().check(z.nonnegative()),
});
export type LuckyDrawPrize = z.infer<typeof luckyDrawPrizeSchema>;

/** A task of the lucky draw: each claimed task gives one more chance. */
const luckyDrawTaskSchema = z.object({
  key: z.string(),
  title: z.string(),
  done: z.boolean(),
  claimed: z.boolean(),
});
export type LuckyDrawTask = z.infer<typeof luckyDrawTaskSchema>;

const luckyDrawInfoSchema = z.object({
  prizes: z.array(luckyDrawPrizeSchema),
  chances: z.int().check(z.nonnegative()),
  tasks: z.array(luckyDrawTaskSchema),
  /** The caller's wins, newest first. */
  records: z.array(z.object({ prize: luckyDrawPrizeSchema, drawTime: z.int() })),
});
export type LuckyDrawInfo = z.infer<typeof luckyDrawInfoSchema>;

/** A bill as an overseas worker may look it up without logging in (/ofw/bill_inquiry). */
const ofwBillSchema = z.object({
  orderNo: z.string(),
  /** Masked, e.g. "M*** S***": the inquiry needs no login. */
  borrowerName: z.string(),
  loanAmount: z.number(),
  /** Sum of the open installments; 0 once the loan is settled. */
  dueAmount: z.number(),
  /** Unix seconds of the earliest open installment; null when settled. */
  nextDueTime: z.nullable(z.int()),
  /** Period type of the most urgent open installment (1 normal, 2 due, 3 overdue, 4 settled). */
  type: periodTypeSchema,
});
export type OfwBill = z.infer<typeof ofwBillSchema>;

export const endpoints = {
  getServicePublicKey: endpoint({
    path: 'config/getServicePublicKey',
    hosts: ['main', 'hk'],
    encrypted: false,
    auth: false,
    request: handshakeRequestSchema,
    response: handshakeAnswerSchema,
  }),
  channelGetServicePublicKey: endpoint({
    path: 'app/secret/getServicePublicKey/v1',
    hosts: ['channel'],
    encrypted: false,
    auth: false,
    request: handshakeRequestSchema,
    response: handshakeAnswerSchema,
  }),
  channelUserLogin: endpoint({
    path: 'app/channel/userLogin/v1',
    hosts: ['channel'],
    encrypted: true,
    auth: false,
    request: loginRequest,
    response: userSchema,
  }),
  channelGetSmsCode: endpoint({
    path: 'app/channel/getSmsCode/v1',
    hosts: ['channel'],
    encrypted: true,
    auth: false,
    request: smsRequest,
    response: nothing,
  }),
  getSmsCodeWithLogin: endpoint({
    path: 'user/getSmsCodeWithLogin',
    hosts: ['main', 'hk'],
    encrypted: true,
    auth: false,
    request: smsRequest,
    response: nothing,
  }),
  getSmsCodeOfResetPayPassword: endpoint({
    path: 'credit/getSmsCodeOfResetPayPassword',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: nothing,
  }),
  verifySmsOfPayPassword: endpoint({
    path: 'credit/verifySmsOfPayPassword',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ code: z.string().check(z.minLength(1), z.maxLength(8)) }),
    response: z.object({ payPassword: z.string() }),
  }),
  login: endpoint({
    path: 'user/login',
    hosts: ['main', 'hk'],
    encrypted: true,
    auth: false,
    request: loginRequest,
    response: userSchema,
  }),
  userInfo: endpoint({
    path: 'user/userInfo',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: userSchema,
  }),
  logout: endpoint({
    path: 'user/logout',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: nothing,
  }),
  unread: endpoint({
    path: 'user/unread',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.array(unreadItemSchema),
  }),
  fastpayLogin: endpoint({
    path: 'user/H5/fastpay/login',
    hosts: ['main'],
    encrypted: true,
    auth: false,
    /** The wallet's own token, from the host's getBaseInfo. */
    request: z.object({ tokenValue: z.string().check(z.minLength(1)) }),
    response: z.extend(userSchema, { paymentAccountId: z.string(), paymentAccount: z.string() }),
  }),
  signFastPay: endpoint({
    path: 'user/H5/fastpay/signFastPay',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({
      orderNo: z.string().check(z.minLength(1)),
      amount: positiveAmountSchema,
    }),
    response: z.object({ orderNo: z.string(), amount: z.number(), sign: z.string() }),
  }),
  loanDetail: endpoint({
    path: 'loan/loanDetail',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ orderNo: z.optional(z.string()) }),
    response: z.nullable(loanDetailSchema),
  }),
  applyNoPayPassword: endpoint({
    path: 'loan/ApplyNoPayPassword',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: loanApplicationSchema,
    response: z.object({ orderNo: z.string() }),
  }),
  loanCheckByArc: endpoint({
    path: 'loan/loanCheckByArc',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ borrowAmount: positiveAmountSchema }),
    response: z.object({
      pass: z.boolean(),
      needPayPassword: z.boolean(),
      reason: z.nullable(z.string()),
    }),
  }),
  calculateLoanInfo: endpoint({
    path: 'loan/calculateLoanInfo',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({
      borrowAmount: positiveAmountSchema,
      periods: z.int().check(z.positive()),
      userCouponId: z.optional(z.string()),
    }),
    response: loanPreviewSchema,
  }),
  loanInfo: endpoint({
    path: 'loan/loanInfo',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: loanInfoSchema,
  }),
  reviewInfo: endpoint({
    path: 'loan/reviewInfo',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: reviewInfoSchema,
  }),
  loanList: endpoint({
    path: 'repay/loanList',
    hosts: ['main'],
    encrypted: false,
    auth: true,
    request: listTypeRequest,
    response: pageOf(loanItemSchema),
  }),
  repayPlan: endpoint({
    path: 'repay/repayPlan',
    hosts: ['main'],
    encrypted: false,
    auth: true,
    request: planRequest,
    response: pageOf(planItemSchema),
  }),
  generatorRepayOrder: endpoint({
    path: 'repay/generatorRepayOrder',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({
      channel: z.string().check(z.minLength(1)),
      repayAmount: positiveAmountSchema,
      periodIds: z.array(z.string()).check(z.minLength(1)),
      /** Maya WebPay account (08/09…). */
      account: z.optional(z.string()),
    }),
    response: repayOrderSchema,
  }),
  repayChannel: endpoint({
    path: 'repay/repayChannel/v2',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.object({ ph: z.array(repayChannelSchema), tw: z.array(repayChannelSchema) }),
  }),
  repayResult: endpoint({
    path: 'repay/repayResult',
    hosts: ['main'],
    encrypted: true,
    auth: false,
    request: z.object({ orderNo: z.string().check(z.minLength(1)) }),
    response: z.object({
      orderNo: z.string(),
      status: z.enum(['pending', 'success', 'failed']),
      amount: z.number(),
      channel: z.string(),
    }),
  }),
  channelWithdrawInfo: endpoint({
    path: 'app/channel/channelWithdrawInfo/v1',
    hosts: ['channel'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.object({
      balance: z.number(),
      withdrawn: z.number(),
      account: z.nullable(z.string()),
      minWithdraw: z.number(),
    }),
  }),
  channelOrder: endpoint({
    path: 'app/channel/channelOrder/v1',
    hosts: ['channel'],
    encrypted: true,
    auth: true,
    request: pageRequestSchema,
    response: pageOf(channelOrderSchema),
  }),
  messageList: endpoint({
    path: 'message/list',
    hosts: ['main'],
    encrypted: false,
    auth: true,
    request: pageRequestSchema,
    response: pageOf(messageSchema),
  }),
  messageRead: endpoint({
    path: 'message/read',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ id: z.string().check(z.minLength(1)) }),
    response: z.object({ unreadCount: z.int().check(z.nonnegative()) }),
  }),
  couponList: endpoint({
    path: 'coupon/list',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ state: couponStateSchema }),
    response: z.array(couponSchema),
  }),
  loadAdvertisement: endpoint({
    path: 'advertisement/loadAdvertisement',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.array(advertisementSchema),
  }),
  loadBanner: endpoint({
    path: 'advertisement/loadBanner',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ location: z.string().check(z.minLength(1)) }),
    response: z.nullable(advertisementSchema),
  }),
  getCertificationConfig: endpoint({
    path: 'config/getCertificationConfig',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.array(certItemSchema),
  }),
  getOrderInfo: endpoint({
    path: 'config/getOrderInfo',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ orderNo: z.string().check(z.minLength(1)) }),
    response: orderInfoSchema,
  }),
  getEventDates: endpoint({
    path: 'config/getEventDates',
    hosts: ['main'],
    encrypted: true,
    auth: false,
    request: empty,
    response: z.array(eventDateSchema),
  }),
  kycRestore: endpoint({
    path: 'kyc/restore',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.array(kycRestoreItemSchema),
  }),
  kycSave: endpoint({
    path: 'kyc/save',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({
      step: z.int().check(z.gte(1), z.lte(6)),
      items: z.array(kycRestoreItemSchema),
    }),
    response: z.object({ step: z.int(), submitted: z.boolean() }),
  }),
  luckyDrawInfo: endpoint({
    path: 'activity/luckyDraw/info',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: luckyDrawInfoSchema,
  }),
  luckyDrawDraw: endpoint({
    path: 'activity/luckyDraw/draw',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: empty,
    response: z.object({ prize: luckyDrawPrizeSchema, chances: z.int().check(z.nonnegative()) }),
  }),
  luckyDrawClaimTask: endpoint({
    path: 'activity/luckyDraw/claimTask',
    hosts: ['main'],
    encrypted: true,
    auth: true,
    request: z.object({ taskKey: z.string().check(z.minLength(1)) }),
    response: z.object({ chances: z.int().check(z.nonnegative()) }),
  }),
  ofwBillInquiry: endpoint({
    path: 'ofw/billInquiry',
    hosts: ['main'],
    encrypted: true,
    auth: false,
    request: z.object({
      areaCode: areaCodeSchema,
      msisdn: z.string().check(z.minLength(1), z.maxLength(11)),
      orderNo: z.string().check(z.minLength(1), z.maxLength(40)),
    }),
    response: ofwBillSchema,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** Lookup by path (what the mock server routes by). */
export const endpointByPath: ReadonlyMap<string, EndpointDef> = new Map(
  Object.values(endpoints).map((e) => [e.path, e as EndpointDef]),
);

/**
 * Host routing of DESIGN.md §5: a path ending in `?hk` goes to hk (suffix removed); paths
 * starting with `app` go to channel; everything else to main.
 */
export function resolveHost(rawPath: string): { host: ApiHost; path: string } {
  if (rawPath.endsWith('?hk')) return { host: 'hk', path: rawPath.slice(0, -3) };
  if (rawPath.startsWith('app')) return { host: 'channel', path: rawPath };
  return { host: 'main', path: rawPath };
}

/** The handshake path for each host. */
export function handshakePathOf(host: ApiHost): string {
  return host === 'channel'
    ? endpoints.channelGetServicePublicKey.path
    : endpoints.getServicePublicKey.path;
}

/** Product answer `{code, message, data}` (PRODUCT.md §7). */
export const productAnswerSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.unknown(),
});
export type ProductAnswer<T = unknown> = { code: number; message: string; data: T };
