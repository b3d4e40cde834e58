/**
 * The `app://` scheme: serves the built renderer (out/renderer) in production, the generated
 * app-config.json, and proxies `/api/<host>/…` to the embedded mock server so the SPA talks to
 * its own origin (no CORS, a strict `connect-src 'self'`). Registered as standard + secure so
 * WebCrypto works (DESIGN.md §5).
 */
import { extname, normalize, resolve, sep } from 'node:path';
import type { AppConfig } from '@shared/appConfig';
import { inlineScriptHashes } from '@shared/csp';

export const APP_SCHEME = 'app';
const APP_HOST = 'simulator';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
const API_PREFIX = '/api/';
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
  /** CSP of an HTML page, given the hashes of its own inline scripts. */
  csp(scriptHashes: readonly string[]): string;
  readFile(path: string): Promise<Uint8Array>;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /**
   * The phone is offline: every app:// request fails as a network error, the page and its config
   * included, so a reload shows what a phone shows ("webpage not available"). The DevTools
   * protocol's offline emulation does not reach `protocol.handle` loaders, so the handler refuses
   * itself. Absent for the panel's session: the panel is not on the phone.
   */
  isOffline?: () => boolean;
}

const FORWARDED_REQUEST_HEADERS = ['content-type', 'token', 'deviceid', 'crypt', 'accept'];

/** The `protocol.handle(APP_SCHEME, …)` handler. */
export function createAppHandler(
  options: AppHandlerOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (options.isOffline?.()) return Response.error();
    const route = routeAppUrl(request.url, options.root, options.mockUrl);
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
      case 'file':
        try {
          const body = await options.readFile(route.path);
          const headers: Record<string, string> = { 'Content-Type': route.mime };
          if (route.mime.startsWith('text/html')) {
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
