/**
 * Result codes: the product's server codes (PRODUCT.md §7–§8) and the transport's protocol
 * errors (DESIGN.md §5). Runs everywhere.
 */

/** Success code of every product answer. */
export const OK = 200;

/** Session problems (PRODUCT.md §8): 9000000 to 9000005. */
const SESSION_CODES = [9000000, 9000001, 9000002, 9000003, 9000004, 9000005] as const;
/** The session code whose kick-out carries the tip flag. */
export const SESSION_KICKED_WITH_TIP = 9000004;
/** Codes that raise no notification (PRODUCT.md §8). */
const SILENT_CODES = [9000017, 9000018] as const;

export function isSessionCode(code: number): boolean {
  return (SESSION_CODES as readonly number[]).includes(code);
}
export function isSilentCode(code: number): boolean {
  return (SILENT_CODES as readonly number[]).includes(code);
}

/**
 * Product codes the mock server answers (in the body, HTTP 200). The 9000000–9000005 range is
 * the product's; the others are ours, documented here so client and server agree.
 */
export const ServerCode = {
  OK: 200,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL: 500,
  TOKEN_MISSING: 9000000,
  TOKEN_INVALID: 9000001,
  TOKEN_EXPIRED: 9000002,
  LOGGED_IN_ELSEWHERE: 9000003,
  SESSION_KICKED: 9000004,
  ACCOUNT_FROZEN: 9000005,
  SMS_CODE_WRONG: 9000010,
  PHONE_INVALID: 9000011,
  AMOUNT_OVER_LIMIT: 9000012,
  NOT_ELIGIBLE: 9000013,
  DUPLICATE_SUBMIT: 9000014,
  PAY_PASSWORD_WRONG: 9000015,
  FASTPAY_LOGIN_FAILED: 9000016,
  QUIET_NOTICE: 9000017,
  QUIET_REFRESH: 9000018,
  /**
   * Repay orders that can no longer be paid (DESIGN.md §6 "One pending order per installment
   * set"); the message says why and what to do instead.
   */
  ORDER_REPLACED: 9000031,
  ORDER_EXPIRED: 9000032,
  ORDER_ALREADY_PAID: 9000033,
} as const;

/**
 * Protocol errors of the encrypted transport (DESIGN.md §5): plain JSON `{code, message}` with
 * HTTP 4xx. 4011 means the call never ran and the client may re-handshake once and retry.
 */
export const ProtocolError = {
  BAD_ENVELOPE: 4001,
  PATH_MISMATCH: 4002,
  SESSION_NOT_FOUND: 4011,
  IDENTITY_MISMATCH: 4012,
  /** The request's `ts` is outside the server's freshness window; the answer carries serverTime. */
  STALE_REQUEST: 4081,
  REPLAY_OR_DUPLICATE: 4091,
} as const;
export type ProtocolErrorCode = (typeof ProtocolError)[keyof typeof ProtocolError];

/** HTTP status of each protocol error. */
export const PROTOCOL_ERROR_STATUS: Readonly<Record<ProtocolErrorCode, number>> = {
  4001: 400,
  4002: 400,
  4011: 401,
  4012: 403,
  4081: 400,
  4091: 409,
};

/** The bridge's result codes (DESIGN.md §4). */
export const ResultCode = {
  OK: 0,
  NOT_SUPPORTED: 1,
  CANCELLED: 2,
  FAILED: 3,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];
