/**
 * Serves a built SPA (`--web DIR`) at `/` with history fallback to index.html, and
 * `GET /app-config.json` pointing the SPA at this server's own API prefixes and Sentry sink, so
 * app and API share one origin (DESIGN.md §2, §3).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
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
export function webRouter(webDir: string | undefined, origin: () => string): Router {
  const router = Router();
  router.get(`/${APP_CONFIG_FILE}`, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(appConfigFor(origin()));
  });
  if (!webDir) return router;
  const root = path.resolve(webDir);
  router.use(gzipAssets(root));
  router.use(express.static(root, { index: 'index.html' }));
  router.get('/{*rest}', (req, res, next) => {
    // Routes of the SPA have no file extension; a missing asset stays a 404.
    if (NOT_APP.test(req.path) || path.extname(req.path)) return next();
    readFile(path.join(root, 'index.html'), 'utf8').then(
      (html) => res.type('html').set('Cache-Control', 'no-cache').send(withRootBase(html)),
      next,
    );
  });
  return router;
}
