/**
 * Fixture pictures (channel icons and logos, banners, popup ads) served by the mock server at
 * `/media/`, so every picture of every scenario shows on a machine without the production CDN.
 * Fixtures name them origin-relative (`/media/ads/…`); answers carry them absolute, against the
 * server's own origin, because the SPA may be served from another origin (Vite in dev:web).
 */
import path from 'node:path';
import express, { Router } from 'express';
import { isPhoneOriginOf } from '@shared/phoneOrigin';

/** The folder of fixture pictures. */
export const MEDIA_DIR = path.resolve(import.meta.dirname, '../../fixtures/assets');
const MEDIA_PREFIX = '/media/';

/**
 * Headers of every `/media/` answer. An SVG opened on its own is a document of the server's
 * origin: scripts in it, or a file sniffed as HTML, would run next to the admin API. So no
 * sniffing, and a policy that lets a picture draw (inline styles, data: images) and nothing else.
 */
const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox",
} as const;

/** `GET /media/*` from fixtures/assets; cacheable for a day (fixtures change with the code). */
export function mediaRouter(dir = MEDIA_DIR): Router {
  const router = Router();
  router.use(
    MEDIA_PREFIX,
    (_req, res, next) => {
      res.set(MEDIA_HEADERS);
      next();
    },
    express.static(dir, { index: false, fallthrough: false, maxAge: '1d', dotfiles: 'deny' }),
  );
  return router;
}

/**
 * The origin an answer names its pictures against, for a request that came with `Host: host`:
 * the page's own origin when that is one of this server's (or of the dev server that proxies to
 * it, `served`) or a harness phone's on their ports (src/shared/phoneOrigin.ts), so the pictures
 * are same-origin for the app and the web build's CSP (`img-src 'self' … https:`) lets them show;
 * otherwise the server's `own` origin. `Host` has passed the loopback check already.
 */
export function mediaOriginFor(
  host: string | undefined,
  own: string,
  served: ReadonlySet<string>,
): string {
  const claimed = `http://${host ?? ''}`;
  return served.has(claimed) || isPhoneOriginOf(claimed, served) ? claimed : own;
}

/**
 * A copy of an answer's data with every origin-relative media URL made absolute. Answers are
 * small JSON trees; strings elsewhere are left alone.
 */
export function withMediaOrigin<T>(value: T, origin: string): T {
  if (typeof value === 'string') {
    return (value.startsWith(MEDIA_PREFIX) ? `${origin}${value}` : value) as T;
  }
  if (Array.isArray(value)) return value.map((item) => withMediaOrigin(item, origin)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withMediaOrigin(item, origin);
    return out as T;
  }
  return value;
}
