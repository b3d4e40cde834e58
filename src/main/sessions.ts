/**
 * What every session a simulator window may use gets: every permission denied, the phone's world
 * header on requests to the embedded mock server, the `app://` handler and, in dev, the CSP
 * header and the dev server's `app-config.json`. The panel's session serves the simulator's
 * renderer (out/renderer) with a CSP header; a phone's session (one partition per profile) serves
 * the production web build (out/web) as it was built, adding nothing (its own meta policy
 * governs), and goes offline with the phone: `protocol.handle` loaders are outside the DevTools
 * protocol's offline emulation, so its handlers refuse themselves. Handlers fetch through their
 * own session (`ses.fetch`), never the default session's `net.fetch`, so the phone stays
 * partitioned.
 */
import type { Session } from 'electron';
import { WORLD_HEADER } from '@shared/simWorld';
import { APP_SCHEME, createAppHandler } from './appProtocol';
import { devConfigHandler } from './devServer';
import { applyCspHeader, contentSecurityPolicy, denyAllPermissions } from './security';

type ConfigurableSession = Pick<
  Session,
  'protocol' | 'webRequest' | 'fetch' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
>;

interface SessionSetup {
  /** The embedded mock server's origin (no trailing slash). */
  mockUrl: string;
  /** The phone's world on that server (DESIGN.md §6 "Worlds and admin access"). */
  world: string;
  /** The simulator's renderer build (out/renderer): the panel's pages. */
  panelRoot: string;
  /** The production web build (out/web, byte for byte `npm run build:web`'s): the phone's. */
  phoneRoot: string;
  readFile(path: string): Promise<Uint8Array>;
  /** The electron-vite dev server, in dev mode. */
  devUrl?: string;
  allowedOrigins: readonly string[];
}

/** How a phone's session knows the phone is offline; absent for the panel's session. */
interface PhoneNetwork {
  isOffline(): boolean;
}

export function configureSession(
  ses: ConfigurableSession,
  setup: SessionSetup,
  phone?: PhoneNetwork,
): void {
  const { mockUrl, world, devUrl } = setup;
  denyAllPermissions(ses);
  ses.webRequest.onBeforeSendHeaders({ urls: [`${mockUrl}/*`] }, (details, callback) => {
    callback({ requestHeaders: { ...details.requestHeaders, [WORLD_HEADER]: world } });
  });
  const isOffline = phone ? () => phone.isOffline() : undefined;
  /** The phone's requests to the mock server carry its world; the SPA never knows. */
  const inWorld = (init?: RequestInit): RequestInit => {
    const headers = new Headers(init?.headers);
    headers.set(WORLD_HEADER, world);
    return { ...init, headers };
  };
  ses.protocol.handle(
    APP_SCHEME,
    createAppHandler({
      root: phone ? setup.phoneRoot : setup.panelRoot,
      mockUrl,
      ...(phone
        ? {}
        : {
            csp: (scriptHashes: readonly string[]) =>
              contentSecurityPolicy({ dev: false, scriptHashes, mediaOrigin: mockUrl }),
          }),
      readFile: setup.readFile,
      fetch: (url, init) =>
        ses.fetch(url, { ...inWorld(init), bypassCustomProtocolHandlers: true }),
      isOffline,
    }),
  );
  if (devUrl) {
    const devCsp = contentSecurityPolicy({ dev: true, devOrigin: devUrl, mediaOrigin: mockUrl });
    applyCspHeader(ses, devCsp, setup.allowedOrigins);
    ses.protocol.handle(
      'http',
      devConfigHandler(devUrl, mockUrl, (request, init) => ses.fetch(request, init), isOffline),
    );
  }
}
