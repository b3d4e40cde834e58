/**
 * Keeps slow or idle connections from locking honest clients out (DESIGN.md §6 "Worlds and admin
 * access"). Node's own `maxConnections` refuses the newcomer once full, so a few hundred sockets
 * that trickle their headers or bodies held every slot; here the newcomer gets a slot and the
 * connection that has made the server wait longest gives it up instead:
 *
 * - a socket is *waiting* (no request yet, or idle between keep-alive requests), *receiving* (its
 *   request's headers came, its body is still arriving) or *serving* (the request is whole and
 *   the server is answering; never evicted: a fault may hold it on purpose);
 * - at the total cap, or at the cap of the newcomer's address, one waiting or receiving socket
 *   (of the address holding most connections) is closed: first one that has never had an answer
 *   (a trickled first request), then one still sending a later request, then an idle keep-alive
 *   one (an honest client's, most likely, about to be reused); within each, the longest so;
 * - a body arriving slower than `minBodyBytesPerSec` once `slowBodyGraceMs` have passed is cut.
 *
 * On loopback every client is 127.0.0.1, so the per-address cap protects only a LAN server from
 * one machine; what keeps honest local clients in is the eviction and the short timeouts.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Most connections at once (default 512). */
  maxConnections: number;
  /** Most connections from one remote address (default 384: a LAN source cannot take all). */
  maxPerAddress: number;
  /** A body still arriving after this long must keep up `minBodyBytesPerSec` (default 2 s). */
  slowBodyGraceMs: number;
  /** Slowest body accepted past the grace, bytes per second (default 8 kB/s). */
  minBodyBytesPerSec: number;
  /** How often slow bodies are looked for (default 1 s). */
  checkEveryMs: number;
}

const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 512,
  maxPerAddress: 384,
  slowBodyGraceMs: 2_000,
  minBodyBytesPerSec: 8 * 1024,
  checkEveryMs: 1_000,
};

interface Tracked {
  readonly socket: Socket;
  readonly address: string;
  /** Since when the socket has been waiting or receiving (connect, request, or last answer). */
  since: number;
  /** The request in progress, and the bytes the socket had read when it began. */
  request?: { req: IncomingMessage; bytesAtStart: number };
  /** Answers sent on it. */
  answered: number;
}

type Phase = 'waiting' | 'receiving' | 'serving';

function phaseOf(tracked: Tracked): Phase {
  const { request } = tracked;
  if (!request) return 'waiting';
  return request.req.complete ? 'serving' : 'receiving';
}

export interface ConnectionGuard {
  /** Connections open now. */
  readonly count: number;
  /** Connections closed to make room or for a slow body, since start. */
  readonly evicted: number;
  stop(): void;
}

/** Guards `server` (its `maxConnections` must stay unset: the guard decides who gives way). */
export function guardConnections(
  server: Server,
  limits: Partial<ConnectionLimits> = {},
  now: () => number = Date.now,
): ConnectionGuard {
  const opts = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  const open = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  let evicted = 0;

  const evict = (tracked: Tracked) => {
    evicted += 1;
    tracked.socket.destroy();
  };

  /** Who gives way first (lower first): never answered, then mid-request, then idle. */
  const tierOf = (tracked: Tracked): number => {
    if (tracked.answered === 0) return 0;
    return phaseOf(tracked) === 'receiving' ? 1 : 2;
  };

  /** The socket of `address` (any when undefined) to close first for a newcomer. */
  const stalest = (address: string | undefined): Tracked | undefined => {
    let found: Tracked | undefined;
    let foundTier = 3;
    for (const tracked of open.values()) {
      if (address !== undefined && tracked.address !== address) continue;
      if (phaseOf(tracked) === 'serving' || tracked.socket.destroyed) continue;
      const tier = tierOf(tracked);
      if (tier < foundTier || (tier === foundTier && found && tracked.since < found.since)) {
        found = tracked;
        foundTier = tier;
      }
    }
    return found;
  };

  const busiestAddress = (): string | undefined => {
    let busiest: string | undefined;
    let most = 0;
    for (const [address, count] of perAddress) {
      if (count > most) {
        most = count;
        busiest = address;
      }
    }
    return busiest;
  };

  const makeRoom = (address: string): boolean => {
    if ((perAddress.get(address) ?? 0) >= opts.maxPerAddress) {
      const victim = stalest(address);
      if (!victim) return false;
      evict(victim);
    }
    if (open.size >= opts.maxConnections) {
      const victim = stalest(busiestAddress()) ?? stalest(undefined);
      if (!victim) return false;
      evict(victim);
    }
    return true;
  };

  const onConnection = (socket: Socket) => {
    const address = socket.remoteAddress ?? '?';
    if (!makeRoom(address)) {
      socket.destroy();
      return;
    }
    const tracked: Tracked = { socket, address, since: now(), answered: 0 };
    open.set(socket, tracked);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => {
      open.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const tracked = open.get(req.socket);
    if (!tracked) return;
    tracked.since = now();
    tracked.request = { req, bytesAtStart: req.socket.bytesRead };
    const done = () => {
      if (tracked.request?.req !== req) return;
      tracked.request = undefined;
      tracked.answered += 1;
      tracked.since = now();
    };
    res.once('finish', done);
    res.once('close', done);
  };

  const cutSlowBodies = () => {
    const at = now();
    for (const tracked of open.values()) {
      const { request } = tracked;
      if (!request || phaseOf(tracked) !== 'receiving') continue;
      const elapsed = at - tracked.since;
      if (elapsed < opts.slowBodyGraceMs) continue;
      const rate = ((tracked.socket.bytesRead - request.bytesAtStart) * 1000) / elapsed;
      if (rate < opts.minBodyBytesPerSec) evict(tracked);
    }
  };

  server.on('connection', onConnection);
  // Before the app's own listener, so an answer sent at once still finds the request tracked.
  server.prependListener('request', onRequest);
  const timer = setInterval(cutSlowBodies, opts.checkEveryMs);
  timer.unref();
  return {
    get count() {
      return open.size;
    },
    get evicted() {
      return evicted;
    },
    stop() {
      clearInterval(timer);
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
  };
}
