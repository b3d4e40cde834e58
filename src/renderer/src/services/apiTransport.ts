/** The real ApiTransport: the shared encrypted client (which loads the Signal library lazily). */
import type { AppConfig } from '../../../shared/appConfig';
import type { UserBaseInfo } from '../../../shared/envelope';
import { ApiClient } from '../../../shared/transport/client';
import type { ApiTransport } from './api';

export function createApiTransport(
  config: AppConfig,
  baseInfo: () => UserBaseInfo,
  token: () => string,
): ApiTransport {
  const client = new ApiClient({ apiBase: config.apiBase, baseInfo, token });
  return {
    call: (name, data, options) => client.call(name, data, options),
    warmUp: () => {
      // Loads the crypto library and shakes hands while the first screen paints; a failure here
      // is not shown: the first real call retries and reports it.
      void client.warmUp().catch(() => {});
    },
    resetSessions: () => client.resetSessions(),
  };
}
