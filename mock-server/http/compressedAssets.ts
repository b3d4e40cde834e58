/**
 * Brotli, else gzip, for the built SPA's text assets (`--web DIR`), as the client accepts: what
 * production hosts and CDNs do. Without compression a phone on a slow network downloads ~3× the
 * bytes (bench/README.md: the boot chunk alone went from ~550 kB to ~170 kB on the wire); brotli takes
 * another ≈ 15 % off gzip's. Compressed once per file version and encoding, kept in memory.
 * Like express.static beside it, it answers a conditional request for an unchanged file with 304
 * (an ETag of the compressed bytes, and Last-Modified), and sends the cache policy the caller
 * gives for the path. Anything it does not handle falls through to express.static.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, RequestHandler } from 'express';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when accepted, else gzip, else none (identity). */
export function encodingFor(req: Request): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (req.get('accept-encoding') ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

/** The bytes of `raw` in an encoding, at the smallest setting (done once per file version). */
export function compress(raw: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
        },
      })
    : gzipAsync(raw, { level: 9 });
}

/** Extensions worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map']);

/** Whether a served file has compressed variants (so its answer varies by Accept-Encoding). */
export function isCompressible(filePath: string): boolean {
  return COMPRESSIBLE.has(path.extname(filePath).toLowerCase());
}

/** Compressed bodies by absolute path, valid while size and mtime match. */
interface Entry {
  mtimeMs: number;
  size: number;
  body: Buffer;
  /** Strong ETag of this variant (never equal to another encoding's or the identity's). */
  etag: string;
}

interface CompressedAssetsOptions {
  /** `Cache-Control` for a served path (e.g. `/assets/x.js`); none sends no such header. */
  cacheControl?: (urlPath: string) => string;
}

export function compressedAssets(
  root: string,
  options: CompressedAssetsOptions = {},
): RequestHandler {
  const cache = new Map<string, Promise<Entry>>();
  const compressed = async (
    file: string,
    encoding: ContentEncoding,
    mtimeMs: number,
    size: number,
  ): Promise<Entry> => {
    const key = `${encoding}:${file}`;
    const known = cache.get(key);
    if (known) {
      const entry = await known;
      if (entry.mtimeMs === mtimeMs && entry.size === size) return entry;
    }
    const next = readFile(file)
      .then((raw) => compress(raw, encoding))
      .then((body) => ({
        mtimeMs,
        size,
        body,
        etag: `"${encoding}-${createHash('sha1').update(body).digest('base64url')}"`,
      }));
    cache.set(key, next);
    next.catch(() => cache.delete(key));
    return next;
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoding = encodingFor(req);
    if (!encoding) return next();
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
      const entry = await compressed(file, encoding, info.mtimeMs, info.size);
      res.type(ext);
      res.set({
        'Content-Encoding': encoding,
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
