/**
 * Serves a built SPA (`--web DIR`) at `/` with history fallback to index.html, and
 * `GET /app-config.json` pointing the SPA at this server's own API prefixes and Sentry sink, so
 * app and API share one origin (DESIGN.md §2, §3).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Response, Router } from 'express';
import { inlineScriptHashes } from '../../src/main/inlineScripts';
import { webCsp } from '../../src/shared/csp';
import type { AppConfig } from '../../src/shared/appConfig';
import { APP_CONFIG_FILE } from '../../src/shared/appConfig';
import { gzipAssets } from './gzipAssets';

/** The app config for an origin. */
export function appConfigFor(origin: string): AppConfig {
  const url = new URL(origin);
  return {
    env: 'development',
    apiBase: { main: `${origin}/main/`, channel: `${origin}/channel/`, hk: `${origin}/hk/` },
    sentryDsn: `${url.protocol}//public@${url.host}/sentry/1`,
  };
}

/**
 * Prefixes that never fall back to index.html. The channel host's API paths all start with
 * `app` (DESIGN.md §5), so `/channel/admin` stays an SPA route (partner invite links).
 */
const NOT_APP = /^\/(main|hk|__admin|sentry)(\/|$)|^\/channel\/app(\/|$)/;

/**
 * index.html with `<base href="/">` first in <head>: the SPA is served at this server's root, and
 * the browser's preload scanner fetches `./assets/…` before index.html's inline base script runs,
 * so without it a deep link such as /kyc/apply first asks for /kyc/assets/… (404s, wasted trips).
 */
export function withRootBase(html: string): string {
  const base = '<base href="/" />';
  const head = /<head(\s[^>]*)?>/i;
  if (head.test(html)) return html.replace(head, (tag) => `${tag}${base}`);
  const doctype = /^\s*<!doctype[^>]*>/i;
  return doctype.test(html) ? html.replace(doctype, (tag) => `${tag}${base}`) : `${base}${html}`;
}

/**
 * `origin()` is the server's configured origin: the app config never echoes the request's `Host`
 * (a DNS-rebound name would otherwise point the SPA, and its crash reports, at the attacker).
 */
/**
 * How long a browser keeps what `--web` serves: hashed assets never change under their name, so
 * a year, immutable (a returning borrower loads none of them again); everything else — the
 * page, the config, unhashed files — is revalidated on every open. Deployers do the same on
 * their CDN (README "Deploying").
 */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Headers of every response of the served app (OWASP secure headers for a static SPA). */
function secureHeaders(res: Response): void {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The browser harness frames the app from this same origin; nobody else may.
    'X-Frame-Options': 'SAMEORIGIN',
  });
}

/**
 * `origin()` is the server's configured origin: the app config never echoes the request's `Host`
 * (a DNS-rebound name would otherwise point the SPA, and its crash reports, at the attacker).
 */
export function webRouter(webDir: string | undefined, origin: () => string): Router {
  const router = Router();
  router.get(`/${APP_CONFIG_FILE}`, (_req, res) => {
    secureHeaders(res);
    res.set('Cache-Control', 'no-cache').json(appConfigFor(origin()));
  });
  if (!webDir) return router;
  const root = path.resolve(webDir);
  const sendIndex = (res: Response, next: (error: unknown) => void) => {
    readFile(path.join(root, 'index.html'), 'utf8').then((html) => {
      const page = withRootBase(html);
      secureHeaders(res);
      res
        .type('html')
        .set('Cache-Control', 'no-cache')
        .set(
          'Content-Security-Policy',
          webCsp({
            scriptHashes: inlineScriptHashes(page),
            connectSrc: ["'self'"],
            frameAncestors: "'self'",
          }),
        )
        .send(page);
    }, next);
  };
  router.get(['/', '/index.html'], (_req, res, next) => sendIndex(res, next));
  router.use((req, res, next) => {
    secureHeaders(res);
    res.set('Cache-Control', cacheControlFor(req.path));
    next();
  });
  router.use(gzipAssets(root));
  router.use(
    express.static(root, {
      index: false,
      cacheControl: false,
    }),
  );
  router.get('/{*rest}', (req, res, next) => {
    // Routes of the SPA have no file extension; a missing asset stays a 404.
    if (NOT_APP.test(req.path) || path.extname(req.path)) return next();
    sendIndex(res, next);
  });
  return router;
}
