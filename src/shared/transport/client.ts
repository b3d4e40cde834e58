/**
 * The SPA's API client (DESIGN.md §5): host routing, plain calls, and end-to-end encrypted calls
 * over a Signal session per host, on the engine's WebCrypto where it can, else on the Signal
 * library loaded on first use (./clientSession.ts). Runs in the browser and in Node.
 */
import {
  type ApiHost,
  type EndpointName,
  endpointByPath,
  endpoints,
  handshakePathOf,
  type ProductAnswer,
  productAnswerSchema,
  type RequestOf,
  type ResponseOf,
  resolveHost,
} from '@shared/api/endpoints';
import { OK, ProtocolError } from '@shared/codes';
import { API_TIMEOUT_MS } from '@shared/constants';
import {
  answerPlaintextSchema,
  type EncryptedRequest,
  encryptedAnswerSchema,
  handshakeAnswerSchema,
  protocolErrorSchema,
  type UserBaseInfo,
} from '@shared/envelope';
import { ApiError } from './apiError';
import { createClientIdentity, prepareClientSession, resumeClientSession } from './clientSession';
import type { LocalIdentity, MessageCipher } from './codec';
import { decryptJson, encryptJson } from './codec';
import { type HostHttp, type HttpAnswer, postJson } from './http';
import { randomId } from './ids';
import type { SessionCache } from './sessionCache';
import type { SignalStore } from './store';
import { errorMessage } from '@shared/errors';

export { ApiError } from './apiError';

/** How the client reaches the API and who it is. */
export interface ApiClientOptions {
  /** Base URL of each host, ending with '/', e.g. { main: 'http://127.0.0.1:4010/main/', … }. */
  apiBase: Record<ApiHost, string>;
  /** Read per call (deviceId already suffixed -h5). */
  baseInfo: () => UserBaseInfo;
  /** '' when logged out; sent as the `token` header. */
  token: () => string;
  fetch?: typeof fetch;
  /** Default API_TIMEOUT_MS (10 s). */
  timeoutMs?: number;
  /**
   * Where sessions outlive the page (the SPA: IndexedDB): a warm start goes on with the saved
   * session instead of shaking hands again (DESIGN.md §5).
   */
  sessionCache?: SessionCache;
  /**
   * Judges the server identity (base64 key) a handshake presents, before a session is built on it;
   * what it throws rejects the call as is. Default: any identity, pinned for that session only
   * (DESIGN.md §5). The mock server's upstream mode pins its upstream's across sessions.
   */
  checkServerIdentity?: (host: ApiHost, identityKey: string) => void;
}

/**
 * Whom a call is made for: the token and base info current when the call is made, which it
 * carries to the server however long its session, encryption or the network take. A call
 * belongs to the session it was made in (DESIGN.md §6): a login or a logout meanwhile never
 * lends it another token, and a session's end never sends it without one.
 */
export interface Caller {
  token: string;
  baseInfo: UserBaseInfo;
}

interface Session {
  sid: string;
  deviceId: string;
  cipher: MessageCipher;
  store: SignalStore;
  /** Resumed from the cache: the server may no longer know it, or be further on. */
  resumed: boolean;
}

/** Calls the endpoints of src/shared/api/endpoints.ts. */
export class ApiClient {
  private readonly options: ApiClientOptions;
  private readonly sessions = new Map<ApiHost, Promise<Session>>();
  /** Each API host's base URL, timeout and fetch (DESIGN.md §5). */
  private readonly http = new Map<ApiHost, HostHttp>();
  /** Created once: its keys and signature are the slowest step of a handshake. */
  private identity: Promise<LocalIdentity> | undefined;
  /**
   * Server clock minus ours, learnt from a 4081 answer: a phone whose clock is wrong still sends
   * requests inside the server's freshness window (DESIGN.md §5, code 4081).
   */
  private clockOffset = 0;
  /** Sessions made because the deviceId changed: not renewed again for the same reason. */
  private readonly renewing = new WeakSet<Promise<Session>>();
  /** Hosts whose saved session this page has tried: a page resumes once, later sessions are new. */
  private readonly resumeTried = new Set<ApiHost>();
  /** Per host, the session in use: only it is ever saved (never one forgotten meanwhile). */
  private readonly live = new Map<ApiHost, Session>();
  /** Per host, the cache writes in order (a save never overtakes a later drop). */
  private readonly cacheWrites = new Map<ApiHost, Promise<void>>();

  constructor(options: ApiClientOptions) {
    this.options = options;
  }

  /**
   * Resolves with {code, message, data} whatever the product code (data parsed with the endpoint's
   * response schema when code is 200, else left as sent); rejects with ApiError on transport failure.
   */
  async call<N extends EndpointName>(
    name: N,
    data: RequestOf<N>,
    options?: { hk?: boolean; caller?: Caller },
  ): Promise<ProductAnswer<ResponseOf<N>>> {
    const def = endpoints[name];
    const { host, path } = resolveHost(options?.hk ? `${def.path}?hk` : def.path);
    const caller = options?.caller ?? this.caller();
    const answer = def.encrypted
      ? await this.encryptedCall(host, path, data, caller, false)
      : await this.plainCall(host, path, data, caller);
    if (answer.code !== OK) return answer as ProductAnswer<ResponseOf<N>>;
    const parsed = def.response.safeParse(answer.data);
    if (!parsed.success) {
      throw new ApiError('bad-response', `The answer of ${path} does not match its schema`, {
        code: answer.code,
        cause: parsed.error,
      });
    }
    return { code: answer.code, message: answer.message, data: parsed.data as ResponseOf<N> };
  }

  /**
   * One call of the endpoint table by host and path, with `data` sent as given and the answer as
   * the server sent it: no schema on either side. What the mock server's upstream mode relays
   * (mock-server/upstream), which checks the answer against the contract itself. Rejects with
   * ApiError on transport failure, as `call` does.
   */
  async relay(host: ApiHost, path: string, data: unknown): Promise<ProductAnswer> {
    const def = endpointByPath.get(path);
    if (!def?.hosts.includes(host)) {
      throw new ApiError('http', `${path} is not an endpoint of the ${host} host`);
    }
    const caller = this.caller();
    return def.encrypted
      ? this.encryptedCall(host, path, data, caller, false)
      : this.plainCall(host, path, data, caller);
  }

  /**
   * The server's clock (epoch ms) as far as this client knows it: the device's clock plus the
   * offset the server said at the handshake (or with a 4081). What the server decides by time
   * (event windows) is judged on it, not on a phone whose clock or zone is off.
   */
  serverNow(): number {
    return Date.now() + this.clockOffset;
  }

  /** Starts the handshake for a host early (single-flight); safe to call many times, never rejects. */
  async warmUp(host: ApiHost = 'main'): Promise<void> {
    await this.session(host).catch(() => undefined);
  }

  /** Forgets all sessions (e.g. after the server lost them); next call re-handshakes. */
  resetSessions(): void {
    for (const host of this.sessions.keys()) void this.writeCache(host, null);
    this.sessions.clear();
    this.live.clear();
  }

  /** Saves (or, with null, drops) a host's session in the cache, after the earlier writes. */
  private writeCache(host: ApiHost, session: Session | null): Promise<void> {
    const cache = this.options.sessionCache;
    if (!cache || (session && this.live.get(host) !== session)) return Promise.resolve();
    const previous = this.cacheWrites.get(host) ?? Promise.resolve();
    const next = previous
      .then(() =>
        session
          ? cache.save(host, {
              sid: session.sid,
              deviceId: session.deviceId,
              store: session.store.snapshot(),
              savedAt: Date.now(),
              clockOffset: this.clockOffset,
            })
          : cache.drop(host),
      )
      // A cache that fails (private mode, quota) costs a handshake next time, nothing more.
      .catch(() => undefined);
    this.cacheWrites.set(host, next);
    return next;
  }

  /** Whom a call made now is for. */
  private caller(): Caller {
    return { token: this.options.token(), baseInfo: this.options.baseInfo() };
  }

  private headers(caller: Caller): Record<string, string> {
    return { token: caller.token, deviceId: caller.baseInfo.deviceId, crypt: 'false' };
  }

  private hostHttp(host: ApiHost): HostHttp {
    let http = this.http.get(host);
    if (!http) {
      const base = this.options.apiBase[host];
      http = {
        baseURL: base.endsWith('/') ? base : `${base}/`,
        timeoutMs: this.options.timeoutMs ?? API_TIMEOUT_MS,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      };
      this.http.set(host, http);
    }
    return http;
  }

  private post(host: ApiHost, path: string, body: unknown, caller: Caller): Promise<HttpAnswer> {
    return postJson(this.hostHttp(host), path, body, this.headers(caller));
  }

  private async plainCall(
    host: ApiHost,
    path: string,
    data: unknown,
    caller: Caller,
  ): Promise<ProductAnswer> {
    const res = await this.post(host, path, { data, userBaseInfo: caller.baseInfo }, caller);
    if (res.status < 200 || res.status > 299) throw httpError(path, res);
    const answer = productAnswerSchema.safeParse(res.json);
    if (!answer.success) {
      throw new ApiError('bad-response', `The answer of ${path} is not a product answer`, {
        status: res.status,
      });
    }
    return answer.data;
  }

  private async encryptedCall(
    host: ApiHost,
    path: string,
    data: unknown,
    caller: Caller,
    retried: boolean,
  ): Promise<ProductAnswer> {
    const userBaseInfo = caller.baseInfo;
    const pending = this.session(host);
    const session = await pending;
    if (session.deviceId !== userBaseInfo.deviceId && !this.renewing.has(pending)) {
      // The server binds a session to the handshake's deviceId: a new device needs a new session
      // (once per session, so a base info that keeps changing cannot loop).
      this.forget(host, pending);
      const renewed = this.session(host);
      this.renewing.add(renewed);
      return this.encryptedCall(host, path, data, caller, retried);
    }
    const rid = randomId();
    const message = await guardSecure(path, () =>
      encryptJson(session.cipher, {
        rid,
        path,
        ts: Date.now() + this.clockOffset,
        data,
        userBaseInfo,
      }),
    );
    // Saved before it is sent: the server never sees a message number the saved session has not
    // passed, so a page closed mid-request resumes without a replay (4091).
    await this.writeCache(host, session);
    const envelope: EncryptedRequest = {
      v: 1,
      sid: session.sid,
      dev: session.deviceId,
      ...message,
    };
    const res = await this.post(host, path, envelope, caller);
    if (res.status < 200 || res.status > 299) {
      const error = protocolErrorSchema.safeParse(res.json);
      const code = error.success ? error.data.code : undefined;
      if (code === ProtocolError.SESSION_NOT_FOUND && !retried) {
        // The server lost the session (restart, eviction): the call never ran, so retry once.
        this.forget(host, pending);
        return this.encryptedCall(host, path, data, caller, true);
      }
      if (
        session.resumed &&
        !retried &&
        (code === ProtocolError.BAD_ENVELOPE || code === ProtocolError.REPLAY_OR_DUPLICATE)
      ) {
        // A resumed session the server cannot follow (its state moved on, or a save was lost
        // when the page closed): the call never ran, so shake hands again and retry once.
        this.forget(host, pending);
        return this.encryptedCall(host, path, data, caller, true);
      }
      const serverTime = error.success ? error.data.serverTime : undefined;
      if (code === ProtocolError.STALE_REQUEST && serverTime !== undefined && !retried) {
        // Our clock is off (or the request was held up): the call never ran. Retry once, with a
        // fresh rid and a ts on the server's clock.
        this.clockOffset = serverTime - Date.now();
        return this.encryptedCall(host, path, data, caller, true);
      }
      // The channel itself failed: the next call starts over with a fresh handshake.
      if (code === ProtocolError.IDENTITY_MISMATCH || code === ProtocolError.BAD_ENVELOPE) {
        this.forget(host, pending);
      }
      throw httpError(path, res);
    }
    try {
      const envelopeAnswer = encryptedAnswerSchema.parse(res.json);
      const plain = answerPlaintextSchema.parse(
        await decryptJson(session.cipher, envelopeAnswer.type, envelopeAnswer.body),
      );
      if (plain.rid !== rid) throw new Error(`answer rid ${plain.rid} is not request rid ${rid}`);
      void this.writeCache(host, session);
      return { code: plain.code, message: plain.message, data: plain.data };
    } catch (cause) {
      this.forget(host, pending);
      throw new ApiError('secure-connection', `The secure answer of ${path} is invalid`, {
        status: res.status,
        cause,
      });
    }
  }

  /** The host's session, resumed or handshaking once for concurrent callers. */
  private session(host: ApiHost): Promise<Session> {
    let pending = this.sessions.get(host);
    if (!pending) {
      pending = this.openSession(host);
      this.sessions.set(host, pending);
      pending.catch(() => this.forget(host, pending!));
    }
    return pending;
  }

  private forget(host: ApiHost, pending: Promise<Session>): void {
    if (this.sessions.get(host) !== pending) return;
    this.sessions.delete(host);
    this.live.delete(host);
    void this.writeCache(host, null);
  }

  /** The cached session of this device, when there is one that still opens; else a handshake. */
  private async openSession(host: ApiHost): Promise<Session> {
    const cache = this.resumeTried.has(host) ? undefined : this.options.sessionCache;
    this.resumeTried.add(host);
    const saved = await cache?.load(host).catch(() => null);
    if (saved && saved.deviceId === this.options.baseInfo().deviceId) {
      const channel = await resumeClientSession(saved.sid, saved.store).catch(() => null);
      if (channel) {
        // The server's clock as this session last knew it: its first request is on time.
        if (saved.clockOffset !== undefined) this.clockOffset = saved.clockOffset;
        const resumed = { sid: saved.sid, deviceId: saved.deviceId, ...channel, resumed: true };
        this.live.set(host, resumed);
        return resumed;
      }
    }
    const session = await this.handshake(host);
    // Saved with its first request (every request saves before it is sent).
    this.live.set(host, session);
    return session;
  }

  private async handshake(host: ApiHost): Promise<Session> {
    const path = handshakePathOf(host);
    // The channel is the device's (DESIGN.md §5): it is made for whoever holds the page now.
    const caller = this.caller();
    const baseInfo = caller.baseInfo;
    const local = await guardSecure(path, async () => {
      this.identity ??= createClientIdentity();
      this.identity.catch(() => {
        this.identity = undefined;
      });
      return prepareClientSession(await this.identity);
    });
    const res = await this.post(
      host,
      path,
      { data: { clientBundle: local.bundle, baseInfo }, userBaseInfo: baseInfo },
      caller,
    );
    const product = productAnswerSchema.safeParse(res.json);
    const refusal = protocolErrorSchema.safeParse(res.json);
    if (res.status < 200 || res.status > 299 || !product.success || product.data.code !== OK) {
      const message = product.success
        ? product.data.message
        : refusal.success
          ? refusal.data.message
          : `HTTP ${res.status}`;
      const serverMessage = product.success
        ? product.data.message
        : refusal.success
          ? refusal.data.message
          : undefined;
      throw new ApiError('handshake', `Secure handshake refused: ${message}`, {
        status: res.status,
        code: product.success ? product.data.code : refusal.success ? refusal.data.code : undefined,
        ...(serverMessage ? { serverMessage } : {}),
      });
    }
    const answer = handshakeAnswerSchema.safeParse(product.data.data);
    if (!answer.success) {
      throw new ApiError('handshake', 'Secure handshake answer is malformed', {
        status: res.status,
        cause: answer.error,
      });
    }
    this.options.checkServerIdentity?.(host, answer.data.bundle.identityKey);
    const channel = await guardSecure(path, () => local.open(answer.data));
    if (answer.data.serverTime !== undefined)
      this.clockOffset = answer.data.serverTime - Date.now();
    return { sid: answer.data.sid, deviceId: answer.data.deviceId, ...channel, resumed: false };
  }
}

/**
 * The ApiError of a non-2xx answer: the protocol error the server sent (DESIGN.md §5), kinded as
 * the SPA needs it, else a plain HTTP failure.
 */
function httpError(path: string, res: HttpAnswer): ApiError {
  const error = protocolErrorSchema.safeParse(res.json);
  if (!error.success) {
    return new ApiError('http', `${path} failed with HTTP ${res.status}`, { status: res.status });
  }
  const { code, message } = error.data;
  // The server could not decrypt (4001) or the peer identity changed (4012): the secure channel
  // failed. 4002, 4091 and a second 4011 are refusals of this request.
  const kind =
    code === ProtocolError.IDENTITY_MISMATCH || code === ProtocolError.BAD_ENVELOPE
      ? 'secure-connection'
      : 'protocol';
  return new ApiError(kind, `${path}: ${message} (${code})`, { status: res.status, code });
}

/** Runs a crypto step; any failure becomes 'secure-connection' (ApiErrors pass through). */
async function guardSecure<T>(path: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    const reason = errorMessage(cause);
    throw new ApiError('secure-connection', `Secure connection failed (${path}): ${reason}`, {
      cause,
    });
  }
}
