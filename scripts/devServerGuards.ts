/**
 * What the harness's dev server (scripts/dev-web.ts) may serve and to whom. Vite's defaults answer
 * CORS for any localhost page and serve every file of the repository through `/@fs/`, the mock's
 * data dir included (`server-identity.json` holds the server's private key): a page on another
 * local port could read it. docs/mock-server.md "Admin access".
 *
 * - CORS: only the dev server's own origins (the harness and the SPA are served from it, so
 *   nothing else needs it) and the harness phones' own origins on its port
 *   (src/shared/phoneOrigin.ts);
 * - `Host`: loopback names only (IP addresses are always accepted by Vite: they cannot be
 *   DNS-rebound);
 * - files: only what the harness and the SPA import (src/renderer, src/host, src/shared and the
 *   dependencies), never the mock's data dirs, identity files, keys, `.env` or `.git`;
 * - framing (`framingGuard`): the harness page, which holds the admin token, only by itself (the
 *   matrix's cells); a phone's relay and app only by that phone's harness — never by a page on
 *   another port, which could overlay the panel's buttons (clickjacking).
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ServerOptions } from 'vite';
import { harnessOriginsOf, PHONE_HOSTNAME } from '../src/shared/phoneOrigin.ts';

/** The source folders the dev server's pages import from. */
const SERVED_SOURCES = ['src/renderer', 'src/host', 'src/shared'];

/** Files never served, wherever they are (Vite's own default list first). */
const ALWAYS_DENIED = [
  '.env',
  '.env.*',
  '*.{crt,pem,key}',
  '**/.git/**',
  '**/.ssh/**',
  '**/.mock-data/**',
  '**/.cache/direct-loan-mock/**',
  '**/server-identity*.json',
];

/** `dir` and, when it is a link (a worktree's node_modules), where it really is. */
function withRealPath(dir: string): string[] {
  const real = existsSync(dir) ? realpathSync(dir) : dir;
  return real === dir ? [dir] : [dir, real];
}

const toGlobPath = (dir: string) => dir.split(path.sep).join('/');

export interface DevServerGuardOptions {
  /** The repository. */
  root: string;
  /** The port the dev server listens on. */
  port: number;
  /** The mock server's data dir (identity, worlds): never served. */
  dataDir: string;
}

/** Exactly the phone origins on `port`: `http://<world>-<profile>.localhost:<port>`. */
function phoneOriginPattern(port: number): RegExp {
  return new RegExp(`^http://${PHONE_HOSTNAME.source.slice(1, -1)}:${port}$`);
}

/** The dev server's `server.cors`, `server.allowedHosts` and `server.fs`. */
export function devServerGuards({
  root,
  port,
  dataDir,
}: DevServerGuardOptions): Pick<ServerOptions, 'cors' | 'allowedHosts' | 'fs'> {
  const own = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  return {
    // Its own origins, and the harness phones' (`<world>-<profile>.localhost` on this port).
    cors: { origin: [...own, phoneOriginPattern(port)] },
    allowedHosts: ['localhost', '.localhost'],
    fs: {
      strict: true,
      allow: [
        ...SERVED_SOURCES.map((dir) => path.join(root, dir)),
        ...withRealPath(path.join(root, 'node_modules')),
      ],
      deny: [...ALWAYS_DENIED, ...withRealPath(dataDir).map((dir) => `${toGlobPath(dir)}/**`)],
    },
  };
}

/**
 * The framing headers of a page asked for with `Host: host`: on a phone's host (phoneOrigin.ts)
 * its own origin and its harness may frame it — CSP `frame-ancestors` alone, which can name
 * another origin (and overrides X-Frame-Options anyway); anywhere else (the harness, the app
 * alone) only the page's own origin.
 */
export function framingHeaders(host: string | undefined): Record<string, string> {
  const harnesses = harnessOriginsOf(`http://${host ?? ''}`);
  if (harnesses.length > 0) {
    return { 'Content-Security-Policy': `frame-ancestors 'self' ${harnesses.join(' ')}` };
  }
  return { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };
}

/**
 * Sends `framingHeaders` with every answer of the dev server (browsers read them on documents
 * only), so no page of it — harness.html, phone.html, the app — can be framed by another site.
 */
export function framingGuard(): Plugin {
  return {
    name: 'dev-server-framing-guard',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(framingHeaders(req.headers.host))) {
          res.setHeader(name, value);
        }
        next();
      });
    },
  };
}
