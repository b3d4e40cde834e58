/**
 * The real ApiTransport: the shared encrypted client (which loads the Signal library lazily),
 * with its sessions kept in IndexedDB so a warm start needs no handshake.
 * The client, the endpoint table and their zod schemas load on first use, not at boot (bench/README.md, the boot path's size):
 * boot only needs this small wrapper.
 */
import type { EndpointName, ProductAnswer, ResponseOf } from '@shared/api/endpoints';
import type { AppConfig } from '@shared/appConfig';
import type { UserBaseInfo } from '@shared/envelope';
import type { ApiClient, Caller } from '@shared/transport/client';
import { type AdoptedSession, type EarlySession, startupPage } from '@renderer/lib/startupPage';
import { ApiCallError, type ApiTransport } from './api';

interface LoadedClient {
  client: ApiClient;
  pathOf: (name: EndpointName) => string;
  /** Answers of the early session's first calls (./earlySession.ts), each taken once. */
  takeAnswer?: AdoptedSession['takeAnswer'];
}

/**
 * The session index.html's inline script started before the boot chunk ran (./earlySession.ts),
 * taken once: a later client of this page starts its own.
 */
function takeEarlySession(): Promise<EarlySession | undefined> {
  const page = startupPage();
  const early = page.earlySession;
  delete page.earlySession;
  return early ? early.catch(() => undefined) : Promise.resolve(undefined);
}

/**
 * The early session's client when it was started for the token current now, this device and
 * these API hosts (DESIGN.md §6, session scope); else none, and the early one is left unused.
 */
function adopted(
  early: EarlySession | undefined,
  config: AppConfig,
  baseInfo: () => UserBaseInfo,
  token: () => string,
  sessionToken: () => string,
): AdoptedSession | undefined {
  if (
    !early ||
    early.token !== sessionToken() ||
    early.deviceId !== baseInfo().deviceId ||
    JSON.stringify(early.apiBase) !== JSON.stringify(config.apiBase)
  ) {
    return undefined;
  }
  return early.adopt(baseInfo, token);
}

export function createApiTransport(
  config: AppConfig,
  baseInfo: () => UserBaseInfo,
  token: () => string,
  /** The token the page's session belongs to now (the host's before the user store has it). */
  sessionToken: () => string = token,
): ApiTransport {
  let loading: Promise<LoadedClient> | undefined;
  let loaded: LoadedClient | undefined;
  const load = (): Promise<LoadedClient> => {
    loading ??= Promise.all([
      import('@shared/transport/client'),
      import('@shared/api/endpoints'),
      import('./signalSessions'),
      takeEarlySession(),
    ]).then(([{ ApiClient }, { endpoints }, { indexedDbSessionCache }, early]) => {
      const pathOf = (name: EndpointName) => endpoints[name].path;
      const session = adopted(early, config, baseInfo, token, sessionToken);
      if (session) {
        loaded = { client: session.client, pathOf, takeAnswer: session.takeAnswer };
        return loaded;
      }
      const sessionCache = indexedDbSessionCache();
      const client = new ApiClient({
        apiBase: config.apiBase,
        baseInfo,
        token,
        ...(sessionCache ? { sessionCache } : {}),
      });
      loaded = { client, pathOf };
      return loaded;
    });
    // A chunk that failed to load (offline) is fetched again by the next call.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    call: async (name, data, options) => {
      // The session this call is made in (DESIGN.md §6): it carries that session's token even
      // when the session ends, or another begins, while the client loads or the call waits.
      const caller: Caller = { token: token(), baseInfo: baseInfo() };
      let client: ApiClient;
      let takeAnswer: LoadedClient['takeAnswer'];
      try {
        ({ client, takeAnswer } = await load());
      } catch (error) {
        // No request left the device: the same message as a network failure.
        throw new ApiCallError('offline', `The API client could not be loaded: ${String(error)}`, {
          cause: error,
        });
      }
      // The same call made ahead by the early session for this session: its answer, once (never
      // for `hk`).
      const early = options?.hk ? undefined : takeAnswer?.(name, data, caller.token);
      if (early) return early as Promise<ProductAnswer<ResponseOf<typeof name>>>;
      return client.call(name, data, { ...options, caller });
    },
    pathOf: (name) => loaded?.pathOf(name) ?? name,
    warmUp: () => {
      // Loads the crypto library and shakes hands while the first screen paints; a failure here
      // is not shown: the first real call retries and reports it.
      void load()
        .then(({ client }) => client.warmUp())
        .catch(() => {});
    },
    resetSessions: () => {
      // Not loaded yet means no session to forget.
      loaded?.client.resetSessions();
    },
    // No client yet: nothing learnt from the server, the device's clock is all there is.
    serverNow: () => loaded?.client.serverNow() ?? Date.now(),
  };
}
