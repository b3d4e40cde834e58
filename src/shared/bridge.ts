/**
 * The native bridge protocol of DESIGN.md §4: what the native apps inject as
 * `window.nativeBridge`, what the Electron preload exposes and what the browser harness injects.
 * Params and data schemas are parsed at every boundary (IPC, harness, renderer adapter).
 */

import { positiveAmountSchema } from './api/amounts';
import { ResultCode, type ResultCodeValue } from './codes';
import { hasOwn } from './portable';
import { z } from './zod';
import { describeIssues } from './zodIssues';

/** The result of every bridge call. */
export interface BridgeResult<T = unknown> {
  /** 0 ok, 1 not supported, 2 cancelled by the user, 3 failed. */
  resultCode: ResultCodeValue;
  data?: T;
  message?: string;
}
export const bridgeResultSchema = z.object({
  resultCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  data: z.optional(z.unknown()),
  message: z.optional(z.string()),
});

/** The object a native host puts on `window.nativeBridge`. */
export interface NativeBridge {
  call(method: string, params?: object): Promise<BridgeResult>;
  /** Subscribes to a host event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export const appNameSchema = z.enum(['lender', 'fastpay']);
export type AppName = z.infer<typeof appNameSchema>;

/** getBaseInfo data as the host answers it (the SPA adds the -h5 suffix). */
export const hostBaseInfoSchema = z.object({
  deviceId: z.string().check(z.minLength(1)),
  system: z.enum(['android', 'ios']),
  tokenValue: z.string(),
  version: z.string(),
  appName: appNameSchema,
});
export type HostBaseInfo = z.infer<typeof hostBaseInfoSchema>;

const noParams = z.optional(z.strictObject({}));
const phone = z.string().check(z.minLength(1), z.maxLength(30));
const url = z.string().check(z.minLength(1), z.maxLength(2048));
/**
 * A picture to save: a link, or a `data:image/…` URL of one the page drew (the QRPh payment QR
 * code, a PNG of a few kB), hence a larger bound than a link's.
 */
const imageUrl = z.string().check(z.minLength(1), z.maxLength(256 * 1024));

/**
 * Every bridge method: its params schema and the schema of `data` on success.
 * `null` data means the method answers only a result code.
 */
export const bridgeMethods = {
  /** Device, token and version of the host. */
  getBaseInfo: { params: noParams, data: hostBaseInfoSchema },
  /** Opens a native screen by name. */
  openNativePage: {
    params: z.object({
      page: z.string().check(z.minLength(1), z.maxLength(100)),
      params: z.optional(z.record(z.string(), z.unknown())),
    }),
    data: z.null(),
  },
  /** The session is over: the host logs out; `tip` shows the "logged in elsewhere" tip. */
  kickOut: { params: z.object({ tip: z.boolean() }), data: z.null() },
  /** Opens the native login page. */
  showLogin: { params: noParams, data: z.null() },
  /** Hands a coupon to the native loan flow. */
  useVoucher: {
    params: z.object({ userCouponId: z.string().check(z.minLength(1)) }),
    data: z.null(),
  },
  /** Submits a loan application natively (lender app). */
  loanApply: {
    params: z.object({
      borrowAmount: positiveAmountSchema,
      periods: z.int().check(z.positive()),
      payeeId: z.string().check(z.minLength(1)),
      userCouponId: z.optional(z.string()),
    }),
    data: z.nullable(z.object({ orderNo: z.string() })),
  },
  /** Shows a native notice dialog. */
  showNotice: {
    params: z.object({ title: z.string(), content: z.string(), button: z.optional(z.string()) }),
    data: z.null(),
  },
  /**
   * Pays a repay order through GCash. A payment the backend refused answers resultCode 3 with the
   * reason in `message`; for an order that can never be paid it also carries the backend's
   * refusal as `data` (OrderRefusal, src/shared/api/entities.ts), so the page can drop the order
   * and lead to the one to pay instead. The same holds for `fastPayPayment`.
   */
  gcashPayment: {
    params: z.object({
      orderNo: z.string().check(z.minLength(1)),
      amount: positiveAmountSchema,
      url: z.optional(url),
    }),
    data: z.null(),
  },
  /** Pays a repay order through the FastPay wallet. */
  fastPayPayment: {
    params: z.object({
      orderNo: z.string().check(z.minLength(1)),
      amount: positiveAmountSchema,
    }),
    data: z.null(),
  },
  /** Lets the borrower pick a payee account. */
  pickAccount: {
    params: noParams,
    data: z.object({ payeeId: z.string().check(z.minLength(1)), payeeLabel: z.string() }),
  },
  /** Closes the webview page. */
  closePage: { params: noParams, data: z.null() },
  /** Tells the host a loan was repaid. */
  loanRepaid: { params: z.optional(z.object({ orderNo: z.optional(z.string()) })), data: z.null() },
  composeEmail: {
    params: z.object({
      to: z.string().check(z.minLength(1), z.maxLength(320)),
      subject: z.optional(z.string()),
      body: z.optional(z.string()),
    }),
    data: z.null(),
  },
  openBrowser: { params: z.object({ url }), data: z.null() },
  sendSms: { params: z.object({ phone, body: z.optional(z.string()) }), data: z.null() },
  dialPhone: { params: z.object({ phone }), data: z.null() },
  /** Saves an image (a link or a data: URL); the SPA answers 1 itself below host 2.8.0. */
  saveImageToAlbum: { params: z.object({ url: imageUrl }), data: z.null() },
} as const;

export type BridgeMethod = keyof typeof bridgeMethods;
export const BRIDGE_METHODS = Object.keys(bridgeMethods) as BridgeMethod[];
export type BridgeParams<M extends BridgeMethod> = z.input<(typeof bridgeMethods)[M]['params']>;
export type BridgeData<M extends BridgeMethod> = z.output<(typeof bridgeMethods)[M]['data']>;

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && hasOwn(bridgeMethods, name);
}

/** Host → web events. */
export const BRIDGE_EVENTS = ['kycSuccess', 'loanSuccess', 'pageResume'] as const;
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number];
export function isBridgeEvent(name: unknown): name is BridgeEvent {
  return typeof name === 'string' && (BRIDGE_EVENTS as readonly string[]).includes(name);
}

/**
 * Parses a method call at a boundary. Unknown methods answer 1 (not supported); bad params
 * answer 3 (failed) with the reason; never throws.
 */
export function parseBridgeCall(
  method: unknown,
  params: unknown,
): { ok: true; method: BridgeMethod; params: unknown } | { ok: false; result: BridgeResult } {
  if (!isBridgeMethod(method)) {
    return {
      ok: false,
      result: {
        resultCode: ResultCode.NOT_SUPPORTED,
        message: `Unknown bridge method: ${String(method)}`,
      },
    };
  }
  const parsed = bridgeMethods[method].params.safeParse(params ?? undefined);
  if (!parsed.success) {
    return {
      ok: false,
      result: {
        resultCode: ResultCode.FAILED,
        message: `Invalid params for ${method}: ${describeIssues(parsed.error, { root: 'params' })}`,
      },
    };
  }
  return { ok: true, method, params: parsed.data };
}
