/**
 * The `app://` scheme: serves a built bundle — for the phone, the production web build byte for
 * byte (out/web, what `npm run build:web` makes); for the control panel, the simulator's
 * renderer (out/renderer) — the generated app-config.json, and proxies `/api/<host>/…` and the
 * fixture pictures `/media/…` to the embedded mock server, so the SPA talks to its own origin as
 * its Content-Security-Policy expects (`connect-src 'self'`, pictures from 'self'). Registered as
 * standard + secure so WebCrypto works (DESIGN.md §5).
 */
import { extname, join, normalize, resolve, sep } from 'node:path';
import { noConnectionPage } from '@host/noConnectionPage';
import type { AppConfig } from '@shared/appConfig';
import { inlineScriptHashes } from '@shared/csp';

export const APP_SCHEME = 'app';
const APP_HOST = 'simulator';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
const API_PREFIX = '/api/';
/** The mock server's fixture pictures (mock-server/http/media.ts), on the app's origin. */
const MEDIA_PREFIX = '/media/';
const API_HOSTS = ['main', 'channel', 'hk'] as const;

/** Privileges for `protocol.registerSchemesAsPrivileged` (before app ready). */
export const APP_SCHEME_PRIVILEGES = [
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
  },
];

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/** The SPA's runtime config inside Electron: every API host through the app:// proxy. */
function electronAppConfig(origin: string): AppConfig {
  return {
    env: 'development',
    apiBase: {
      main: `${origin}${API_PREFIX}main/`,
      channel: `${origin}${API_PREFIX}channel/`,
      hk: `${origin}${API_PREFIX}hk/`,
    },
    sentryDsn: null,
  };
}

type AppRoute =
  | { kind: 'config' }
  | { kind: 'api'; target: string }
  | { kind: 'media'; target: string }
  | { kind: 'file'; path: string; mime: string }
  | { kind: 'not-found' }
  | { kind: 'bad-request' };

/**
 * Where an app:// URL goes. Paths without an extension fall back to index.html (history
 * routing); paths escaping `root` are refused.
 */
export function routeAppUrl(url: string, root: string, mockUrl: string): AppRoute {
  const parsed = new URL(url);
  if (parsed.host !== APP_HOST) return { kind: 'not-found' };
  // API calls are forwarded exactly as written, still encoded: decoding first would turn
  // `/api/main/..%2f__admin%2fscenarios` into a path that climbs out of the API host.
  const raw = parsed.pathname;
  if (raw.startsWith(API_PREFIX)) {
    const rest = raw.slice(API_PREFIX.length);
    const host = rest.split('/')[0];
    if (!API_HOSTS.includes(host as (typeof API_HOSTS)[number])) return { kind: 'not-found' };
    return { kind: 'api', target: `${mockUrl.replace(/\/+$/, '')}/${rest}${parsed.search}` };
  }
  if (raw.startsWith(MEDIA_PREFIX)) {
    return { kind: 'media', target: `${mockUrl.replace(/\/+$/, '')}${raw}` };
  }
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { kind: 'bad-request' };
  }
  if (path === '/app-config.json') return { kind: 'config' };
  const rootDir = resolve(root);
  const relative = path === '/' || !extname(path) ? 'index.html' : path.replace(/^\/+/, '');
  const file = resolve(rootDir, normalize(relative));
  if (file !== rootDir && !file.startsWith(rootDir + sep)) return { kind: 'not-found' };
  return { kind: 'file', path: file, mime: MIME[extname(file)] ?? 'application/octet-stream' };
}

interface AppHandlerOptions {
  root: string;
  mockUrl: string;
  /**
   * The CSP header of an HTML page, given the hashes of its own inline scripts: the panel's
   * pages. Absent for the phone, whose bundle carries its own policy (dist/web's meta tag, with
   * the hashes of its own inline scripts) and whose files go out as they were built.
   */
  csp?(scriptHashes: readonly string[]): string;
  readFile(path: string): Promise<Uint8Array>;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /**
   * The phone is offline: every app:// request fails as a network error — a fetch rejects, a
   * script or picture does not load — and a page itself gets the webview's "Webpage not
   * available" page (a `Response.error()` would fail the load with net::ERR_FAILED and Electron
   * shows a blank window: electron/electron lib/browser/api/protocol.ts). The DevTools protocol's
   * offline emulation does not reach `protocol.handle` loaders, so the handler refuses itself.
   * Absent for the panel's session: the panel is not on the phone.
   */
  isOffline?: () => boolean;
}

/** A request for one of the app's pages: index.html, directly or as a route's fallback. */
function isPage(route: AppRoute, root: string): boolean {
  return route.kind === 'file' && route.path === join(resolve(root), 'index.html');
}

/** What an offline phone gets for a page: its webview's error page, never the app. */
function offlinePage(url: string): Response {
  return new Response(noConnectionPage(url, 'net::ERR_INTERNET_DISCONNECTED'), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'no-store',
    },
  });
}

const FORWARDED_REQUEST_HEADERS = ['content-type', 'token', 'deviceid', 'crypt', 'accept'];
/** What a picture's answer keeps: its type, caching and the server's sandboxing policy. */
const MEDIA_ANSWER_HEADERS = [
  'content-type',
  'cache-control',
  'x-content-type-options',
  'content-security-policy',
];

/** The `protocol.handle(APP_SCHEME, …)` handler. */
export function createAppHandler(
  options: AppHandlerOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const route = routeAppUrl(request.url, options.root, options.mockUrl);
    if (options.isOffline?.()) {
      return isPage(route, options.root) ? offlinePage(request.url) : Response.error();
    }
    switch (route.kind) {
      case 'config':
        return Response.json(electronAppConfig(APP_ORIGIN), {
          headers: { 'Cache-Control': 'no-store' },
        });
      case 'api': {
        const headers = new Headers();
        for (const name of FORWARDED_REQUEST_HEADERS) {
          const value = request.headers.get(name);
          if (value !== null) headers.set(name, value);
        }
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        try {
          const answer = await options.fetch(route.target, {
            method: request.method,
            headers,
            body: hasBody ? await request.arrayBuffer() : undefined,
          });
          return new Response(answer.body, {
            status: answer.status,
            headers: { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' },
          });
        } catch {
          // The SPA reports a network failure the way it would offline.
          return Response.error();
        }
      }
      case 'media':
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return new Response('Method not allowed', { status: 405 });
        }
        try {
          const answer = await options.fetch(route.target, { method: request.method });
          // fetch has decoded the body: the server's encoding and length no longer apply.
          const headers = new Headers();
          for (const name of MEDIA_ANSWER_HEADERS) {
            const value = answer.headers.get(name);
            if (value !== null) headers.set(name, value);
          }
          return new Response(answer.body, { status: answer.status, headers });
        } catch {
          return Response.error();
        }
      case 'file':
        try {
          const body = await options.readFile(route.path);
          const headers: Record<string, string> = { 'Content-Type': route.mime };
          if (options.csp && route.mime.startsWith('text/html')) {
            const html = new TextDecoder().decode(body);
            headers['Content-Security-Policy'] = options.csp(inlineScriptHashes(html));
          }
          return new Response(body as ConstructorParameters<typeof Response>[0], { headers });
        } catch {
          return new Response('Not found', { status: 404 });
        }
      case 'not-found':
        return new Response('Not found', { status: 404 });
      case 'bad-request':
        return new Response('Malformed URL', { status: 400 });
      default: {
        const never: never = route;
        throw new Error(`Unhandled route ${JSON.stringify(never)}`);
      }
    }
  };
}
