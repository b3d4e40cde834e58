/**
 * Gzip for the built SPA's text assets (`--web DIR`): what any production host or CDN does, and
 * without it a phone on a slow network downloads ~3× the bytes (issue 8: the boot chunk alone
 * went from ~550 kB to ~170 kB on the wire). Compressed once per file version, kept in memory.
 * Like express.static beside it, it answers a conditional request for an unchanged file with 304
 * (an ETag of the compressed bytes, and Last-Modified), and sends the cache policy the caller
 * gives for the path. Anything it does not handle falls through to express.static.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

const gzipAsync = promisify(gzip);

/** Extensions worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map']);

/** Whether a served file has a gzip variant (so its answer varies by Accept-Encoding). */
export function isCompressible(filePath: string): boolean {
  return COMPRESSIBLE.has(path.extname(filePath).toLowerCase());
}

/** Compressed bodies by absolute path, valid while size and mtime match. */
interface Entry {
  mtimeMs: number;
  size: number;
  body: Buffer;
  /** Strong ETag of the gzip variant (never equal to the identity variant's). */
  etag: string;
}

export interface GzipAssetsOptions {
  /** `Cache-Control` for a served path (e.g. `/assets/x.js`); none sends no such header. */
  cacheControl?: (urlPath: string) => string;
}

export function gzipAssets(root: string, options: GzipAssetsOptions = {}): RequestHandler {
  const cache = new Map<string, Promise<Entry>>();
  const compressed = async (file: string, mtimeMs: number, size: number): Promise<Entry> => {
    const known = cache.get(file);
    if (known) {
      const entry = await known;
      if (entry.mtimeMs === mtimeMs && entry.size === size) return entry;
    }
    const next = readFile(file)
      .then((raw) => gzipAsync(raw, { level: 9 }))
      .then((body) => ({
        mtimeMs,
        size,
        body,
        etag: `"gz-${createHash('sha1').update(body).digest('base64url')}"`,
      }));
    cache.set(file, next);
    next.catch(() => cache.delete(file));
    return next;
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!/\bgzip\b/.test(req.get('accept-encoding') ?? '')) return next();
    const ext = path.extname(req.path).toLowerCase();
    if (!COMPRESSIBLE.has(ext)) return next();
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    try {
      const info = await stat(file);
      if (!info.isFile()) return next();
      const entry = await compressed(file, info.mtimeMs, info.size);
      res.type(ext);
      res.set({
        'Content-Encoding': 'gzip',
        ETag: entry.etag,
        'Last-Modified': info.mtime.toUTCString(),
      });
      res.vary('Accept-Encoding');
      if (options.cacheControl) res.set('Cache-Control', options.cacheControl(req.path));
      // If-None-Match / If-Modified-Since against the headers just set (express's req.fresh).
      if (req.fresh) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        res.status(304).end();
        return;
      }
      res.set('Content-Length', String(entry.body.byteLength));
      if (req.method === 'HEAD') res.end();
      else res.end(entry.body);
    } catch {
      next();
    }
  };
}
