/**
 * A session with its protocol handlers, webRequest hooks and permission handlers
 * (docs/api/session.md, docs/api/protocol.md, docs/api/web-request.md). What a handler's answer
 * does to a request is electron/electron lib/browser/api/protocol.ts (`Protocol.prototype.handle`):
 * - `Response.error()` fails the request with net::ERR_FAILED (-2): a page load shows no page of
 *   its own (Electron prepares no error page: a blank one), a fetch rejects;
 * - a handler that throws is logged with `console.error` and fails with net::ERR_UNEXPECTED (-9),
 *   as does an answer that is not a Response;
 * - handling a scheme twice throws "Failed to register protocol: <scheme>".
 * webRequest keeps one listener per event ("Only the last attached listener will be used").
 */

type ProtocolHandler = (request: Request) => Promise<Response> | Response;
type Listener = (...args: unknown[]) => unknown;

/** Chromium's network error codes the fake produces (net/base/net_error_list.h). */
export const NET_ERRORS = {
  FAILED: { code: -2, description: 'ERR_FAILED' },
  ABORTED: { code: -3, description: 'ERR_ABORTED' },
  UNEXPECTED: { code: -9, description: 'ERR_UNEXPECTED' },
  INTERNET_DISCONNECTED: { code: -106, description: 'ERR_INTERNET_DISCONNECTED' },
  CONNECTION_REFUSED: { code: -102, description: 'ERR_CONNECTION_REFUSED' },
} as const;

export type NetError = (typeof NET_ERRORS)[keyof typeof NET_ERRORS];

/** What a request of a page comes to: a response, or a network error. */
export type RequestOutcome = { response: Response } | { error: NetError };

/** `validateResponse` of protocol.ts, for the answers a handler can give. */
function isResponse(value: unknown): value is Response {
  return value instanceof Response;
}

/** Runs a `protocol.handle` handler as Electron does (protocol.ts). */
async function runProtocolHandler(
  handler: ProtocolHandler,
  request: Request,
): Promise<RequestOutcome> {
  try {
    const answer: unknown = await handler(request);
    if (!isResponse(answer)) return { error: NET_ERRORS.UNEXPECTED };
    if (answer.type === 'error') return { error: NET_ERRORS.FAILED };
    return { response: answer };
  } catch (error) {
    console.error(error);
    return { error: NET_ERRORS.UNEXPECTED };
  }
}

/** Electron's URL patterns as main uses them: `<origin>/*`. */
function matches(pattern: string, url: string): boolean {
  return pattern.endsWith('*') ? url.startsWith(pattern.slice(0, -1)) : url === pattern;
}

export class FakeSession {
  readonly handlers = new Map<string, ProtocolHandler>();
  beforeSendHeaders: { urls: string[]; listener: Listener } | null = null;
  headersReceived: Listener | null = null;
  permissionRequest: Listener | null = null;
  permissionCheck: Listener | null = null;
  /** Every `ses.fetch` of this session: the phone's requests stay in its partition. */
  readonly fetches: string[] = [];
  readonly protocol = {
    handle: (scheme: string, handler: ProtocolHandler) => {
      if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
      this.handlers.set(scheme, handler);
    },
    isProtocolHandled: (scheme: string) => this.handlers.has(scheme),
  };
  readonly webRequest = {
    onBeforeSendHeaders: (filter: { urls: string[] }, listener: Listener) => {
      this.beforeSendHeaders = { urls: filter.urls, listener };
    },
    onHeadersReceived: (listener: Listener) => {
      this.headersReceived = listener;
    },
  };

  constructor(readonly partition: string) {}

  setPermissionRequestHandler(handler: Listener): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: Listener): void {
    this.permissionCheck = handler;
  }

  /**
   * A request of a page in this session: its scheme's handler, or the network with the
   * webRequest hooks. `offline` is the page's DevTools-protocol network emulation, which acts in
   * Chromium's network stack and so not on a `protocol.handle` scheme, served by Electron's own
   * loader (shell/browser/net/electron_url_loader_factory.cc).
   */
  async request(input: Request, offline = false): Promise<RequestOutcome> {
    const scheme = new URL(input.url).protocol.slice(0, -1);
    const handler = this.handlers.get(scheme);
    if (handler) return runProtocolHandler(handler, input);
    if (offline) return { error: NET_ERRORS.INTERNET_DISCONNECTED };
    return this.network(input);
  }

  /**
   * `ses.fetch` (docs/api/session.md): the session's own handlers unless
   * `bypassCustomProtocolHandlers`, else the network with the session's webRequest hooks; a
   * failed request rejects.
   */
  async fetch(
    input: string | Request,
    init: RequestInit & { bypassCustomProtocolHandlers?: boolean } = {},
  ): Promise<Response> {
    const { bypassCustomProtocolHandlers, ...rest } = init;
    const request = new Request(input, rest);
    this.fetches.push(request.url);
    const scheme = new URL(request.url).protocol.slice(0, -1);
    const handler = bypassCustomProtocolHandlers ? undefined : this.handlers.get(scheme);
    const outcome = handler
      ? await runProtocolHandler(handler, request)
      : await this.network(request);
    if ('error' in outcome) throw new TypeError(`net::${outcome.error.description}`);
    return outcome.response;
  }

  /** The network: Node's fetch, with the headers the webRequest hooks give. */
  private async network(request: Request): Promise<RequestOutcome> {
    let headers: Record<string, string> = Object.fromEntries(request.headers);
    const hook = this.beforeSendHeaders;
    if (hook?.urls.some((pattern) => matches(pattern, request.url))) {
      hook.listener({ url: request.url, requestHeaders: headers }, (answer: unknown) => {
        headers = (answer as { requestHeaders?: Record<string, string> }).requestHeaders ?? headers;
      });
    }
    try {
      return { response: await fetch(new Request(request, { headers })) };
    } catch {
      return { error: NET_ERRORS.CONNECTION_REFUSED };
    }
  }
}
