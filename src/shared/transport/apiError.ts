/**
 * The one error the API client rejects with. `kind` tells the SPA which dialog or message to show
 * (PRODUCT.md §8); product codes other than 200 are NOT errors (they resolve normally).
 */

/**
 * - timeout: no answer within the timeout;
 * - offline: the request never got an HTTP answer (network down, server unreachable);
 * - secure-connection: the encrypted channel failed (decrypt failure on either side: 4001,
 *   identity mismatch: 4012, malformed encrypted answer or rid, no WebCrypto);
 * - handshake: the key exchange was refused (non-200, malformed answer);
 * - protocol: the server refused the request (4002 path mismatch, 4091 replay, 4011 twice);
 * - http: any other non-2xx HTTP status;
 * - bad-response: a 2xx answer that is not a valid product answer for the endpoint.
 */
const API_ERROR_KINDS = [
  'timeout',
  'offline',
  'secure-connection',
  'handshake',
  'protocol',
  'http',
  'bad-response',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export function isApiErrorKind(value: unknown): value is ApiErrorKind {
  return typeof value === 'string' && (API_ERROR_KINDS as readonly string[]).includes(value);
}

/** A transport failure of ApiClient.call. */
export class ApiError extends Error {
  /** What went wrong, for the SPA to choose its message. */
  readonly kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  readonly status?: number;
  /** Protocol error code (4001…4091) or product code, when the server sent one. */
  readonly code?: number;
  /**
   * The server's own words when it refused the handshake (PRODUCT.md §8 "Secure-channel setup
   * non-200: throws server message"): for the borrower, unlike `message`, which is for logs.
   */
  readonly serverMessage?: string;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; code?: number; cause?: unknown; serverMessage?: string } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.serverMessage) this.serverMessage = details.serverMessage;
  }
}
