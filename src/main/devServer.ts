/**
 * Dev only: the electron-vite dev server has no app-config.json, so the default session answers
 * `<dev server>/app-config.json` itself (API straight at the mock server, which allows localhost
 * origins) and passes every other http request through untouched.
 */
import type { AppConfig } from '@shared/appConfig';

type NetFetch = (
  input: Request,
  init?: RequestInit & { bypassCustomProtocolHandlers?: boolean },
) => Promise<Response>;

function devAppConfig(mockUrl: string): AppConfig {
  const base = mockUrl.replace(/\/+$/, '');
  return {
    env: 'development',
    apiBase: { main: `${base}/main/`, channel: `${base}/channel/`, hk: `${base}/hk/` },
    sentryDsn: null,
  };
}

/**
 * `netFetch` is the fetch of the session the handler serves (the phone's own partition, never the
 * default session's `net.fetch`); `isOffline`, given for a phone's session, refuses every request
 * while the phone is offline: this loader is outside the DevTools protocol's offline emulation.
 */
export function devConfigHandler(
  devUrl: string,
  mockUrl: string,
  netFetch: NetFetch,
  isOffline?: () => boolean,
) {
  const configUrl = `${new URL(devUrl).origin}/app-config.json`;
  return (request: Request): Promise<Response> => {
    if (isOffline?.()) return Promise.resolve(Response.error());
    if (request.url.split('?')[0] === configUrl) {
      return Promise.resolve(Response.json(devAppConfig(mockUrl)));
    }
    return netFetch(request, { bypassCustomProtocolHandlers: true });
  };
}
