/**
 * Who may talk to the mock server (DESIGN.md §6 "Worlds and admin access"), after the dev servers
 * that face a browser (Vite's `server.allowedHosts`, CORS limited to the origins it serves):
 * - `Host` must be a loopback name or the configured host, so a DNS-rebound page cannot read the
 *   decrypted log or drive the admin API;
 * - CORS answers only the server's own origins, the ones it was started for and `app://simulator`;
 * - every `/__admin/*` call carries the admin token, and its writes are JSON (a cross-site
 *   "simple" request can carry neither the header nor that content type);
 * - each request is routed to its world by `x-sim-world` (admin calls also `?world=`).
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ADMIN_TOKEN_HEADER, DEFAULT_WORLD, isWorldId, WORLD_HEADER } from '@shared/simWorld';
import { isPhoneOriginOf } from '@shared/phoneOrigin';
import { type World, WorldLimitError, type WorldTable } from '../worlds';
import { refuseAdmin } from './adminError';

const ALLOWED_HEADERS = [
  'token',
  'deviceId',
  'crypt',
  'Content-Type',
  'sentry-trace',
  'baggage',
  WORLD_HEADER,
  ADMIN_TOKEN_HEADER,
].join(', ');

/** The Electron simulator's privileged scheme (src/main/appProtocol.ts). */
export const SIMULATOR_ORIGIN = 'app://simulator';

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that cannot be rebound to another host. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '::1'
  );
}

/**
 * `Host` as RFC 9110 §7.2 has it: uri-host [":" port], the host a name or an IP literal. A URL
 * parser reads more into it (`evil.com@localhost` is user info and the host `localhost`), so the
 * header is matched whole: no user info, path, query or spaces.
 */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** The host name of a `Host` header value (without port; IPv6 without brackets), or null. */
function hostnameOf(hostHeader: string): string | null {
  const match = HOST_HEADER.exec(hostHeader);
  return match ? (match[1] as string).replace(/^\[|\]$/g, '').toLowerCase() : null;
}

/** 403 unless `Host` is a loopback name or one of `extraHosts` (the configured `--host`). */
export function hostCheck(extraHosts: readonly string[]): RequestHandler {
  const extra = new Set(extraHosts.map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')));
  return (req, res, next) => {
    const name = hostnameOf(req.get('host') ?? '');
    if (name && (isLoopbackHost(name) || extra.has(name.toLowerCase()))) return next();
    res.status(403).json({
      code: 403,
      message: `Host "${req.get('host') ?? ''}" is not served here: use a loopback name or start the server with --host`,
    });
  };
}

/**
 * CORS for exactly `origins` (a live set: the server adds its own once it listens) and the
 * harness phones' own origins on their ports (`<world>-<profile>.localhost`, phoneOrigin.ts).
 */
export function cors(origins: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin && (origins.has(origin) || isPhoneOriginOf(origin, origins))) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Vary', 'Origin');
      res.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.set('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin token, and JSON for every admin write that has a body. */
export function adminGuard(adminToken: string): RequestHandler {
  return (req, res, next) => {
    const given = req.get(ADMIN_TOKEN_HEADER) ?? '';
    if (!sameSecret(given, adminToken)) {
      refuseAdmin(
        res,
        401,
        `The admin API needs the ${ADMIN_TOKEN_HEADER} header with the token the mock server printed at start`,
      );
      return;
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
    if (req.method !== 'GET' && hasBody && !req.is('application/json')) {
      refuseAdmin(res, 415, 'Admin writes take Content-Type: application/json');
      return;
    }
    next();
  };
}

/** The world a request acts in, set by `worldSelector` (admin) or created by the route. */
export function worldOf(res: Response): World {
  return res.locals.world as World;
}

/** The world a request names, if it exists (`worldSelector` in `existing` mode). */
export function existingWorldOf(res: Response): World | undefined {
  return res.locals.world as World | undefined;
}

/** The id of the world a request names (set by `worldSelector`). */
export function worldIdOf(res: Response): string {
  return res.locals.worldId as string;
}

/** Answers 503 for a full world table; other errors go on. */
export function refuseWhenFull(res: Response, error: unknown): void {
  if (!(error instanceof WorldLimitError)) throw error;
  refuseAdmin(res, 503, error.message);
}

/**
 * Routes the request to its world. `admin` (the token was checked): also `?world=`, and the
 * world is created when missing. `existing` (the API hosts, the Sentry sink): only the header,
 * and only a world that exists is set; the route decides what a missing one means (a handshake
 * creates it, anything else is answered without one), so no request without the token can fill
 * the table but a phone's handshake.
 */
export function worldSelector(worlds: WorldTable, mode: 'admin' | 'existing'): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const query =
      mode === 'admin' && typeof req.query.world === 'string' ? req.query.world : undefined;
    const id = req.get(WORLD_HEADER) ?? query ?? DEFAULT_WORLD;
    if (!isWorldId(id)) {
      res.status(400).json({
        code: 400,
        message: `${WORLD_HEADER} must be 1–64 characters of A–Z, a–z, 0–9, _ and -`,
      });
      return;
    }
    res.locals.worldId = id;
    if (mode === 'existing') {
      res.locals.world = worlds.use(id);
      return next();
    }
    try {
      res.locals.world = worlds.get(id, 'admin');
    } catch (error) {
      return refuseWhenFull(res, error);
    }
    next();
  };
}
