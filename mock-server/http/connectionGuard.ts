/**
 * Keeps slow, stuck or greedy connections from locking honest clients out or taking the server's
 * memory (DESIGN.md §6 "Worlds and admin access"). Node's own `maxConnections` refuses the
 * newcomer once full, so a few hundred sockets that trickle their headers or bodies held every
 * slot; and Node runs the handler of every pipelined request at once, so 520 sockets that sent 30
 * `GET /assets/<entry>.js` each and never read held 30 file streams each (765 MB of buffers). Here:
 *
 * - **one request at a time per connection**: a pipelined request waits, unhandled (no file
 *   opened, no byte buffered), until the answer before it has gone out; more than `maxPipelined`
 *   waiting closes the connection (browsers and Node's fetch never pipeline);
 * - **answers must drain**: a connection whose unsent bytes have not drained for
 *   `drainTimeoutMs`, or that holds more than `maxUnsentBytes` unsent and is not draining, is
 *   closed (a reader that never reads would otherwise hold its answer forever);
 * - **a body must keep coming**: one arriving slower than `minBodyBytesPerSec` once
 *   `slowBodyGraceMs` have passed is cut;
 * - **the newcomer gets a slot**: at the total cap, or at the cap of its address, the connection
 *   that has made the server wait longest gives way (evictionOrder.ts): first one that never had
 *   an answer, whose answer is stuck or that pipelines, then one still sending a later request,
 *   then an idle keep-alive one; a connection whose answer is being made or flows out is never
 *   closed (a fault may hold one on purpose). When only such ones are left, the newcomer waits
 *   unread for a slot (at most `parkTimeoutMs`) instead of being reset: a reset honest client
 *   failed, one that waits a second is served.
 *
 * On loopback every client may be 127.0.0.1 (or any 127.x address), so the per-address cap
 * protects only a LAN server from one machine; what keeps honest local clients in is the
 * eviction order and the short timeouts.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type Candidate, victimOf } from './evictionOrder';

export interface ConnectionLimits {
  /** Most connections at once (default 512). */
  maxConnections: number;
  /** Most connections from one remote address (default 384: a LAN source cannot take all). */
  maxPerAddress: number;
  /** A body still arriving after this long must keep up `minBodyBytesPerSec` (default 2 s). */
  slowBodyGraceMs: number;
  /** Slowest body accepted past the grace, bytes per second (default 8 kB/s). */
  minBodyBytesPerSec: number;
  /** Requests that may wait behind the one being answered on one connection (default 8). */
  maxPipelined: number;
  /** Longest unsent bytes may sit without draining before the connection is closed (10 s). */
  drainTimeoutMs: number;
  /** Most bytes a connection may hold unsent once it stops draining (default 1 MB). */
  maxUnsentBytes: number;
  /** How long an answer must have stopped draining to count as stuck (default 1 s). */
  stuckAfterMs: number;
  /** Newcomers that may wait for a slot while nothing can give way (default 128). */
  maxParked: number;
  /** Longest a newcomer waits for a slot before it is closed (default 5 s). */
  parkTimeoutMs: number;
  /** How often the limits are checked (default 1 s). */
  checkEveryMs: number;
}

const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 512,
  maxPerAddress: 384,
  slowBodyGraceMs: 2_000,
  minBodyBytesPerSec: 8 * 1024,
  maxPipelined: 8,
  drainTimeoutMs: 10_000,
  maxUnsentBytes: 1024 * 1024,
  stuckAfterMs: 1_000,
  maxParked: 128,
  parkTimeoutMs: 5_000,
  checkEveryMs: 1_000,
};

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
}

interface Tracked {
  readonly socket: Socket;
  readonly address: string;
  /** Since when the socket has been waiting or receiving (connect, request, or last answer). */
  since: number;
  /** The request being answered, and the bytes the socket had read when it began. */
  active?: Exchange & { bytesAtStart: number };
  /** Pipelined requests waiting for the active one's answer to go out, unhandled. */
  readonly waiting: Exchange[];
  /** Answers sent on it. */
  answered: number;
  /** Since when its unsent bytes have not drained (undefined: nothing unsent, or it drained). */
  undrainedSince?: number;
}

export interface ConnectionGuard {
  /** Connections open now. */
  readonly count: number;
  /** Connections closed to make room, for a slow body, a stuck answer or too deep a pipeline. */
  readonly evicted: number;
  /** Newcomers waiting, unread, for a slot. */
  readonly parked: number;
  /** Bytes written and not yet sent, all connections together. */
  readonly unsentBytes: number;
  stop(): void;
}

/**
 * Guards `server` and hands it `handler`, one request per connection at a time (register no other
 * `request` listener; `maxConnections` must stay unset: the guard decides who gives way).
 */
export function guardConnections(
  server: Server,
  handler: RequestListener,
  limits: Partial<ConnectionLimits> = {},
  now: () => number = Date.now,
): ConnectionGuard {
  const opts = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  const open = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  let evicted = 0;

  const evict = (tracked: Tracked) => {
    evicted += 1;
    tracked.waiting.length = 0;
    tracked.socket.destroy();
  };

  /** Keeps `undrainedSince` in step with the socket (a 'drain' also clears it). */
  const noteUnsent = (tracked: Tracked, at: number) => {
    if (tracked.socket.writableLength === 0) tracked.undrainedSince = undefined;
    else tracked.undrainedSince ??= at;
  };

  const candidateOf = (tracked: Tracked, at: number): Candidate<Tracked> => {
    noteUnsent(tracked, at);
    const { active, undrainedSince } = tracked;
    const stuck = undrainedSince !== undefined && at - undrainedSince >= opts.stuckAfterMs;
    let tier: Candidate<Tracked>['tier'];
    let since = tracked.since;
    if (stuck) {
      // A reader that stopped reading: as much in the way as a socket that never sent a request.
      tier = 0;
      since = undrainedSince;
    } else if (tracked.waiting.length > 0) {
      // A pipeline (no browser sends one): a client that pipelines must be ready to send again
      // what a closed connection left unanswered (RFC 9112 §9.3.2), so it gives way mid-answer.
      tier = 0;
    } else if (active?.req.complete) {
      // Its answer is being made (or flowing out): never closed.
      tier = undefined;
    } else if (tracked.answered === 0) {
      tier = 0;
    } else {
      tier = active ? 1 : 2;
    }
    return {
      item: tracked,
      address: tracked.address,
      tier,
      since,
      addressCount: perAddress.get(tracked.address) ?? 0,
    };
  };

  const candidates = (address?: string): Candidate<Tracked>[] => {
    const at = now();
    const found: Candidate<Tracked>[] = [];
    for (const tracked of open.values()) {
      if (tracked.socket.destroyed) continue;
      if (address !== undefined && tracked.address !== address) continue;
      found.push(candidateOf(tracked, at));
    }
    return found;
  };

  const makeRoom = (address: string): boolean => {
    if ((perAddress.get(address) ?? 0) >= opts.maxPerAddress) {
      const victim = victimOf(candidates(address), opts.maxConnections);
      if (!victim) return false;
      evict(victim);
    }
    if (open.size >= opts.maxConnections) {
      const victim = victimOf(candidates(), opts.maxConnections);
      if (!victim) return false;
      evict(victim);
    }
    return true;
  };

  /** Newcomers waiting, unread, for a slot (oldest first). */
  const parked: { socket: Socket; address: string; at: number }[] = [];

  const track = (socket: Socket, address: string, since: number) => {
    const tracked: Tracked = { socket, address, since, answered: 0, waiting: [] };
    open.set(socket, tracked);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.on('drain', () => {
      tracked.undrainedSince = undefined;
    });
    socket.once('close', () => {
      open.delete(socket);
      tracked.waiting.length = 0;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      scheduleAdmit();
    });
  };

  /** Lets parked newcomers in, oldest first, as slots free up; closes those that waited too long. */
  const admitParked = () => {
    const at = now();
    for (const entry of parked) {
      if (at - entry.at > opts.parkTimeoutMs) entry.socket.destroy();
    }
    while (parked.length) {
      const entry = parked[0] as (typeof parked)[number];
      if (entry.socket.destroyed) {
        parked.shift();
        continue;
      }
      if (!makeRoom(entry.address)) break;
      parked.shift();
      track(entry.socket, entry.address, entry.at);
      entry.socket.resume();
    }
  };
  let admitSoon = false;
  /** One admission pass after the closes of this turn of the event loop. */
  const scheduleAdmit = () => {
    if (admitSoon || !parked.length) return;
    admitSoon = true;
    setImmediate(() => {
      admitSoon = false;
      admitParked();
    });
  };

  const onConnection = (socket: Socket) => {
    const address = socket.remoteAddress ?? '?';
    if (makeRoom(address)) {
      track(socket, address, now());
      return;
    }
    // Nothing can give way yet (every slot is being answered): rather than refuse the newcomer,
    // leave it unread until a slot frees up or an answer gets stuck (at most parkTimeoutMs).
    if (parked.length >= opts.maxParked) {
      socket.destroy();
      return;
    }
    socket.pause();
    parked.push({ socket, address, at: now() });
  };

  const begin = (tracked: Tracked, { req, res }: Exchange) => {
    tracked.since = now();
    tracked.active = { req, res, bytesAtStart: req.socket.bytesRead };
    const done = () => {
      if (tracked.active?.res !== res) return;
      tracked.active = undefined;
      tracked.answered += 1;
      tracked.since = now();
      const next = tracked.waiting.shift();
      if (next && !tracked.socket.destroyed) begin(tracked, next);
    };
    res.once('finish', done);
    res.once('close', done);
    handler(req, res);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const tracked = open.get(req.socket);
    if (!tracked) {
      // Only a socket refused at connect is untracked, and it is destroyed: nothing to answer.
      if (!req.socket.destroyed) handler(req, res);
      return;
    }
    if (tracked.socket.destroyed) return;
    if (!tracked.active) {
      begin(tracked, { req, res });
      return;
    }
    // Node has already parsed it: it waits, unhandled, for the answer before it to go out.
    if (tracked.waiting.length >= opts.maxPipelined) {
      evict(tracked);
      return;
    }
    tracked.waiting.push({ req, res });
  };

  const check = () => {
    const at = now();
    for (const tracked of open.values()) {
      if (tracked.socket.destroyed) continue;
      noteUnsent(tracked, at);
      const { active, undrainedSince } = tracked;
      if (undrainedSince !== undefined) {
        const stalled = at - undrainedSince;
        const heavy = tracked.socket.writableLength > opts.maxUnsentBytes;
        if (stalled >= opts.drainTimeoutMs || (heavy && stalled >= opts.stuckAfterMs)) {
          evict(tracked);
          continue;
        }
      }
      if (!active || active.req.complete) continue;
      const elapsed = at - tracked.since;
      if (elapsed < opts.slowBodyGraceMs) continue;
      const rate = ((tracked.socket.bytesRead - active.bytesAtStart) * 1000) / elapsed;
      if (rate < opts.minBodyBytesPerSec) evict(tracked);
    }
    if (parked.length) admitParked();
  };

  server.on('connection', onConnection);
  server.on('request', onRequest);
  const timer = setInterval(check, opts.checkEveryMs);
  timer.unref();
  return {
    get count() {
      return open.size;
    },
    get evicted() {
      return evicted;
    },
    get parked() {
      return parked.length;
    },
    get unsentBytes() {
      let sum = 0;
      for (const tracked of open.values()) sum += tracked.socket.writableLength;
      return sum;
    },
    stop() {
      clearInterval(timer);
      for (const entry of parked.splice(0)) entry.socket.destroy();
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
  };
}
