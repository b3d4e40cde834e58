/**
 * The app the browser harness's phone loads from `npm run dev:web` (scripts/dev-web.ts): the
 * production bundle's files exactly as `npm run build:web` wrote them (scripts/phoneBundle.ts) —
 * no transform, no injected script, so the CSP meta, the inline early session and painted first
 * frame, and the chunk groups are the ones borrowers get. Every path that is not the harness's
 * own (harness.html, phone.html, the phone worker, Vite's modules, the proxied APIs) is a file of
 * the bundle, or, for an app route, its index.html (history routing, as deployed).
 *
 * Also the runtime config (DESIGN.md §3) each origin gets: the API on that same origin, which
 * the dev server proxies to the mock server — the bundle's CSP allows `connect-src 'self' https:`
 * only, as in production, so an http mock server on another port would be refused.
 */
import path from 'node:path';
import express from 'express';
import type { Plugin } from 'vite';
import type { AppConfig } from '@shared/appConfig';
import { APP_CONFIG_FILE } from '@shared/constants';
import { PHONE_BUNDLE_META, type PhoneBundleMode } from '@host/phoneBundle';
import { PHONE_WORKER_SCRIPT } from '@renderer/harness/phoneWorker/protocol';
import { RELAY_PAGE } from '@shared/phoneRelay';

/**
 * The mock server's paths the dev server proxies: admin, the three API hosts (the channel host's
 * paths all start with `app`, DESIGN.md §5), the Sentry sink and the fixture pictures.
 */
export const MOCK_PROXIED = ['/__admin', '/main/', '/hk/', '/channel/app', '/sentry/', '/media/'];

/** Paths the dev server itself answers (Vite's modules and the harness's pages). */
const HARNESS_OWN = [
  '/@',
  '/src/',
  '/node_modules/',
  '/harness.html',
  `/${RELAY_PAGE}`,
  `/${PHONE_WORKER_SCRIPT}`,
  `/${APP_CONFIG_FILE}`,
];

const isHarnessOwn = (urlPath: string) =>
  [...MOCK_PROXIED, ...HARNESS_OWN].some((prefix) => urlPath.startsWith(prefix));

/** `app-config.json` for the page at `origin`: the API beside it, through the proxy. */
function appConfigFor(origin: string): AppConfig {
  return {
    env: 'development',
    apiBase: { main: `${origin}/main/`, channel: `${origin}/channel/`, hk: `${origin}/hk/` },
    sentryDsn: null,
  };
}

export interface PhoneAppOptions {
  mode: PhoneBundleMode;
  /** The bundle's folder; null in `dev-server` mode, where Vite serves src/renderer/index.html. */
  bundleDir: string | null;
  /** The dev server's own origin, the config's fallback for a `Host` that is no page of it. */
  ownOrigin: string;
}

/** Serves the phone's app and its config; labels harness.html with where the app comes from. */
export function phoneAppPlugin({ mode, bundleDir, ownOrigin }: PhoneAppOptions): Plugin {
  const files =
    mode === 'dev-server' || !bundleDir
      ? null
      : express.static(bundleDir, {
          index: false,
          fallthrough: true,
          // A rebuilt bundle (--watch) is loaded by the next reload: revalidate everything.
          cacheControl: false,
          setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
        });
  return {
    name: 'direct-loan-phone-app',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
        if (urlPath === `/${APP_CONFIG_FILE}`) {
          // Vite's allowedHosts has already refused any Host that is not a loopback name.
          const origin = req.headers.host ? `http://${req.headers.host}` : ownOrigin;
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(appConfigFor(origin)));
          return;
        }
        if (!files || isHarnessOwn(urlPath)) return next();
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        files(req as never, res as never, () => {
          // Not a file of the bundle: an app route (no extension) is the app's page.
          if (path.extname(urlPath) === '') {
            req.url = '/index.html';
            files(req as never, res as never, next);
            return;
          }
          res.statusCode = 404;
          res.end();
        });
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.path.startsWith('/harness.html')) return html;
        return html.replace(
          /<head(\s[^>]*)?>/i,
          (tag) => `${tag}\n    <meta name="${PHONE_BUNDLE_META}" content="${mode}" />`,
        );
      },
    },
  };
}
