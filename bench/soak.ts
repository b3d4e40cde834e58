/**
 * Soak (bench/README.md "Soak"): 50 sessions × 200 encrypted requests against the mock server in
 * its own process, restarted half-way (same port, same data dir: the identity is kept, the sessions
 * are lost). The calls need no login (see encryptedAnonymousCall). Every request must succeed: a
 * client whose session is gone gets 4011, shakes hands once more and retries. Reports failures,
 * extra handshakes, and the server heap (after a full GC) before and after.
 */

import { DEFAULT_LOG_CAPACITY } from '../mock-server/http/trafficLog';
import {
  type BenchClient,
  benchClient,
  describeError,
  encryptedAnonymousCall,
  type Traffic,
} from './lib/apiClients';
import type { Figure } from './lib/report';
import { startServerProcess } from './lib/serverHandle';

const SESSIONS = 50;
const REQUESTS_PER_SESSION = 200;
/** Memory after must be within this fraction of memory before. */
const MEMORY_GOAL = 0.2;

const MB = 1024 * 1024;

/** Runs `count` requests on each client, counting failures instead of stopping. */
async function phase(clients: BenchClient[], count: number): Promise<{ failures: string[] }> {
  const failures: string[] = [];
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < count; i++) {
        try {
          await encryptedAnonymousCall(client);
        } catch (error) {
          failures.push(describeError(error));
        }
      }
    }),
  );
  return { failures };
}

/** Figures of the soak section. */
export async function benchSoak(): Promise<Figure[]> {
  const server = await startServerProcess('can-borrow');
  try {
    // Warm the server (modules, JIT, one session) so "before" is a ready server, not a cold one,
    // and one in use: its traffic log (a ring of DEFAULT_LOG_CAPACITY entries) already full, so
    // the growth is what the soak adds (sessions, and whatever leaks), not a bounded buffer
    // filling up (≈ 4 MB, more than 20 % of the heap of a ready server).
    const warmTraffic: Traffic = { handshakes: 0, requests: 0 };
    const warm = benchClient(server.url, warmTraffic, -1);
    await phase([warm], DEFAULT_LOG_CAPACITY + 20);
    const before = await server.memory();

    const traffic: Traffic = { handshakes: 0, requests: 0 };
    const clients = Array.from({ length: SESSIONS }, (_, i) => benchClient(server.url, traffic, i));
    const started = performance.now();
    const failures: string[] = [];
    const half = Math.floor(REQUESTS_PER_SESSION / 2);
    failures.push(...(await phase(clients, half)).failures);
    const handshakesBeforeRestart = traffic.handshakes;
    await server.restart();
    failures.push(...(await phase(clients, REQUESTS_PER_SESSION - half)).failures);
    const seconds = (performance.now() - started) / 1000;
    const after = await server.memory();

    const section = 'soak';
    const growth = (after.heapUsed - before.heapUsed) / before.heapUsed;
    return [
      {
        section,
        name: `failed requests (${SESSIONS} sessions × ${REQUESTS_PER_SESSION}, restart mid-way)`,
        value: failures.length,
        unit: '',
        goal: { op: '<=', limit: 0 },
        ...(failures.length ? { note: [...new Set(failures)].slice(0, 2).join(' | ') } : {}),
      },
      {
        section,
        name: 'extra handshakes (one per session after the restart)',
        value: traffic.handshakes - SESSIONS,
        unit: '',
        goal: { op: '<=', limit: SESSIONS },
        note: `${handshakesBeforeRestart} before the restart, ${traffic.handshakes} in all`,
      },
      {
        section,
        name: 'encrypted requests per second over the soak',
        value: (SESSIONS * REQUESTS_PER_SESSION) / seconds,
        unit: 'req/s',
      },
      { section, name: 'server heap before (after GC)', value: before.heapUsed / MB, unit: 'MB' },
      { section, name: 'server heap after (after GC)', value: after.heapUsed / MB, unit: 'MB' },
      {
        section,
        name: 'server heap growth',
        value: growth * 100,
        unit: '%',
        goal: { op: '<=', limit: MEMORY_GOAL * 100 },
        note: `RSS ${Math.round(before.rss / MB)} → ${Math.round(after.rss / MB)} MB (RSS rarely shrinks)`,
      },
    ];
  } finally {
    await server.stop();
  }
}
