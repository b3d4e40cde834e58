/**
 * Serves a built SPA (`--web DIR`) at `/` with history fallback to index.html, and
 * `GET /app-config.json` pointing the SPA at this server's own API prefixes and Sentry sink, so
 * app and API share one origin (DESIGN.md §2, §3).
 */
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Request, type Response, Router } from 'express';
import type { AppConfig } from '@shared/appConfig';
import { APP_CONFIG_FILE } from '@shared/appConfig';
import { inlineScriptHashes, webCsp } from '@shared/csp';
import { harnessOriginsOf, isPhoneOriginOf } from '@shared/phoneOrigin';
import { compress, compressedAssets, encodingFor, isCompressible } from './compressedAssets';

/** The app config for an origin. */
function appConfigFor(origin: string): AppConfig {
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
function withRootBase(html: string): string {
  const base = '<base href="/" />';
  const head = /<head(\s[^>]*)?>/i;
  if (head.test(html)) return html.replace(head, (tag) => `${tag}${base}`);
  const doctype = /^\s*<!doctype[^>]*>/i;
  return doctype.test(html) ? html.replace(doctype, (tag) => `${tag}${base}`) : `${base}${html}`;
}

/** `Cache-Control` of hashed assets: their name changes whenever their bytes do. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files of the web root (favicon, icons): kept an hour, then revalidated. */
export const SHORT_CACHE = 'public, max-age=3600';
/** The page and the config: stored, but revalidated (ETag / Last-Modified → 304) on every use. */
export const REVALIDATE = 'no-cache';

/**
 * How long a browser keeps a file `--web` serves: hashed assets never change under their name,
 * so a year, immutable (a returning borrower loads none of them again); unhashed files of the
 * web root an hour. index.html, the history fallback and app-config.json get REVALIDATE from
 * their own routes. Only files actually served get these (a 404 of a missing asset must not be
 * kept for a year). Deployers do the same on their CDN (docs/deployment.md).
 */
function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT_CACHE;
}

/** Adds `field` to the response's Vary (CORS may have put `Origin` there already). */
function addVary(res: ServerResponse, field: string): void {
  const prior = String(res.getHeader('Vary') ?? '');
  const fields = prior
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  res.setHeader('Vary', fields.join(', '));
}

/**
 * Who may frame a page of `req`'s host. The app's own origin: only itself. A phone origin
 * (`<world>-<profile>.localhost` or `….harness.localhost`, src/shared/phoneOrigin.ts): also the
 * browser harness of that arrangement on the same loopback port, whose phone relay (phone.html)
 * and app live on that origin — nobody else.
 */
function frameAncestorsFor(req: Request): string {
  const harnesses = harnessOriginsOf(`http://${req.headers.host ?? ''}`);
  return harnesses.length > 0 ? `'self' ${harnesses.join(' ')}` : "'self'";
}

/**
 * The phone origin `req` was sent to (`http://<world>-<profile>.localhost:<this port>`), or null.
 * Browsers resolve every `*.localhost` name to loopback themselves, so such a Host names this
 * server and no DNS-rebound site: the app served there may use it as its API origin.
 */
function phoneOriginOfRequest(req: Request, served: string): string | null {
  const claimed = `http://${req.headers.host ?? ''}`;
  return isPhoneOriginOf(claimed, [served]) ? claimed : null;
}

/** Headers of every response of the served app (OWASP secure headers for a static SPA). */
function secureHeaders(req: Request, res: Response): void {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });
  const ancestors = frameAncestorsFor(req);
  // The browser harness frames the app from this same origin; nobody else may. A phone origin's
  // pages are framed by the harness on another origin, which X-Frame-Options cannot name: there
  // CSP frame-ancestors alone says who may (it overrides X-Frame-Options anyway).
  if (ancestors === "'self'") res.set('X-Frame-Options', 'SAMEORIGIN');
  else res.set('Content-Security-Policy', `frame-ancestors ${ancestors}`);
}

/**
 * `origin()` is the server's configured origin: the app config never echoes the request's `Host`
 * (a DNS-rebound name would otherwise point the SPA, and its crash reports, at the attacker).
 */
export function webRouter(webDir: string | undefined, origin: () => string): Router {
  const router = Router();
  router.get(`/${APP_CONFIG_FILE}`, (req, res) => {
    secureHeaders(req, res);
    // A phone of the browser harness, on its own origin, calls the API there too: same-origin,
    // as the app is deployed, and its cookies stay that phone's (src/shared/phoneOrigin.ts).
    const apiOrigin = phoneOriginOfRequest(req, origin()) ?? origin();
    // express.send adds a weak ETag of the body and answers a matching If-None-Match with 304.
    res.set('Cache-Control', REVALIDATE).json(appConfigFor(apiOrigin));
  });
  if (!webDir) return router;
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');
  /** The page compressed as the client accepts, by page text (it changes only with a rebuild). */
  const compressedPages = new Map<string, Promise<Buffer>>();
  const sendIndex = (req: Request, res: Response, next: (error: unknown) => void) => {
    Promise.all([readFile(indexFile, 'utf8'), stat(indexFile)])
      .then(async ([html, info]) => {
        const page = withRootBase(html);
        const encoding = encodingFor(req);
        let body: string | Buffer = page;
        if (encoding) {
          const key = `${encoding}:${page}`;
          if (!compressedPages.has(key)) {
            if (compressedPages.size > 8) compressedPages.clear();
            compressedPages.set(key, compress(Buffer.from(page), encoding));
          }
          body = await (compressedPages.get(key) as Promise<Buffer>);
          res.set('Content-Encoding', encoding);
        }
        secureHeaders(req, res);
        res.vary('Accept-Encoding');
        // express.send adds the ETag (of the bytes sent) and answers 304 when If-None-Match /
        // If-Modified-Since match.
        res
          .type('html')
          .set('Cache-Control', REVALIDATE)
          .set('Last-Modified', info.mtime.toUTCString())
          .set(
            'Content-Security-Policy',
            webCsp({
              scriptHashes: inlineScriptHashes(page),
              connectSrc: ["'self'"],
              frameAncestors: frameAncestorsFor(req),
            }),
          )
          .send(body);
      })
      .catch(next);
  };
  router.get(['/', '/index.html'], (req, res, next) => sendIndex(req, res, next));
  router.use((req, res, next) => {
    secureHeaders(req, res);
    next();
  });
  router.use(compressedAssets(root, { cacheControl: cacheControlFor }));
  router.use(
    express.static(root, {
      index: false,
      cacheControl: false,
      // ETag and Last-Modified stay on (conditional requests get 304).
      setHeaders: (res, file) => {
        const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
        res.setHeader('Cache-Control', cacheControlFor(urlPath));
        if (isCompressible(file)) addVary(res, 'Accept-Encoding');
      },
    }),
  );
  router.get('/{*rest}', (req, res, next) => {
    // Routes of the SPA have no file extension; a missing asset stays a 404.
    if (NOT_APP.test(req.path) || path.extname(req.path)) return next();
    sendIndex(req, res, next);
  });
  return router;
}
