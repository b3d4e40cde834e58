/**
 * The real ApiTransport: the shared encrypted client (which loads the Signal library lazily),
 * with its sessions kept in IndexedDB so a warm start needs no handshake.
 * The client, the endpoint table and their zod schemas load on first use, not at boot (bench/README.md, the boot path's size):
 * boot only needs this small wrapper.
 */
import type { EndpointName } from '@shared/api/endpoints';
import type { AppConfig } from '@shared/appConfig';
import type { UserBaseInfo } from '@shared/envelope';
import type { ApiClient } from '@shared/transport/client';
import { ApiCallError, type ApiTransport } from './api';

interface LoadedClient {
  client: ApiClient;
  pathOf: (name: EndpointName) => string;
}

export function createApiTransport(
  config: AppConfig,
  baseInfo: () => UserBaseInfo,
  token: () => string,
): ApiTransport {
  let loading: Promise<LoadedClient> | undefined;
  let loaded: LoadedClient | undefined;
  const load = (): Promise<LoadedClient> => {
    loading ??= Promise.all([
      import('@shared/transport/client'),
      import('@shared/api/endpoints'),
      import('./signalSessions'),
    ]).then(([{ ApiClient }, { endpoints }, { indexedDbSessionCache }]) => {
      const sessionCache = indexedDbSessionCache();
      loaded = {
        client: new ApiClient({
          apiBase: config.apiBase,
          baseInfo,
          token,
          ...(sessionCache ? { sessionCache } : {}),
        }),
        pathOf: (name) => endpoints[name].path,
      };
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
      let client: ApiClient;
      try {
        ({ client } = await load());
      } catch (error) {
        // No request left the device: the same message as a network failure.
        throw new ApiCallError('offline', `The API client could not be loaded: ${String(error)}`, {
          cause: error,
        });
      }
      return client.call(name, data, options);
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
  };
}
