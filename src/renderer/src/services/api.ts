/**
 * The API seam of the renderer (runs in the browser). Stores call the product API through this
 * interface so tests can pass fakes; the real one wraps the encrypted client of
 * `src/shared/transport/client.ts` (see `apiTransport.ts`).
 */
import type { EndpointName, ProductAnswer, RequestOf, ResponseOf } from '@shared/api/endpoints';
import { type ApiErrorKind, isApiErrorKind } from '@shared/transport/apiError';
import { errorMessage } from '@shared/errors';

/** Options of one call. */
export interface CallOptions {
  /** Send to the Hong Kong host (the `?hk` suffix of PRODUCT.md §7). */
  hk?: boolean;
}

/** The raw transport: resolves for every product code, rejects with a kinded error. */
export interface ApiTransport {
  call<N extends EndpointName>(
    name: N,
    data: RequestOf<N>,
    options?: CallOptions,
  ): Promise<ProductAnswer<ResponseOf<N>>>;
  /** The endpoint's path for reports and the api-code event (its name until the table loads). */
  pathOf(name: EndpointName): string;
  /** Starts loading the crypto library and the handshake early (startup runs it in parallel). */
  warmUp(): void;
  /** Forgets every secure session (after logout or a device change). */
  resetSessions(): void;
  /**
   * The server's clock (epoch ms) as the secure channel learnt it (the handshake's serverTime,
   * a 4081), else the device's: what the server decides by time is judged on it.
   */
  serverNow(): number;
}

/**
 * A failure without a product answer; `handled` once the user was told about it. `cause` is what
 * failed underneath (the transport's error and its own cause, e.g. an engine's DataError), kept
 * so the error report shows the whole chain (Sentry's linked errors, errors/sentryReporter.ts).
 */
export class ApiCallError extends Error {
  /** Why the call failed before any product code came back: the transport's own kinds. */
  readonly kind: ApiErrorKind;
  handled = false;
  /** What the server said to the borrower, when it said something (a refused handshake). */
  readonly serverMessage: string | undefined;
  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { serverMessage?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    // Engines below Chrome 93 / Safari 15 ignore the option (docs/testing.md "Browser support").
    if (details.cause !== undefined && this.cause === undefined) this.cause = details.cause;
    this.name = 'ApiCallError';
    this.kind = kind;
    this.serverMessage = details.serverMessage;
  }
}

/**
 * Maps anything a transport throws to an ApiCallError (unknown errors count as bad responses),
 * with the original as its cause: its own cause chain is what tells an engine bug apart.
 */
export function toApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiCallError) return error;
  const kind = (error as { kind?: unknown } | null)?.kind;
  const message = errorMessage(error);
  if (isApiErrorKind(kind)) {
    const said = (error as { serverMessage?: unknown }).serverMessage;
    return new ApiCallError(kind, message, {
      serverMessage: typeof said === 'string' ? said : undefined,
      cause: error,
    });
  }
  return new ApiCallError('bad-response', message, { cause: error });
}
