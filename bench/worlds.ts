/**
 * Team scale (`npm run bench -- --only worlds`): one mock server in its own process (node:crypto
 * fast path, as `npm run mock` runs it) holding 50 worlds (DESIGN.md §6), each set to its own
 * scenario through the admin API (the 16 fixtures in turn), and 20 encrypted clients per world
 * (1000 sessions) in a load process of their own. Every client logs in as its world's scenario
 * user and cycles user/userInfo, loan/loanInfo and user/unread; every answer is checked against
 * its world's fixture data (bench/lib/worldExpectations.ts), and afterwards every world's traffic
 * log must hold only its own clients' devices. Goals: 0 cross-world answers, 0 failures, heap per
 * idle world ≤ 2 MB. Bounded in count and time; loopback only.
 */
import { ADMIN_TOKEN_HEADER, WORLD_HEADER } from '@shared/simWorld';
import type { Figure } from './lib/report';
import { startServerProcess } from './lib/serverHandle';
import { quantile } from './lib/stats';
import { startWorldsLoad } from './lib/worldsLoadHandle';
import type { WorldSpec } from './lib/worldsLoadProcess';

const WORLDS = 50;
const CLIENTS_PER_WORLD = 20;
/** Calls per client after its login: userInfo, loanInfo, unread, twice. */
const REQUESTS_PER_CLIENT = 6;
/**
 * Calls in flight at once, across all worlds (a client never has two). 1000 phones of a QA team
 * do not all press at the same instant; 64 keeps the server saturated without queueing seconds.
 */
const CONCURRENCY = 64;
/** Nothing new starts after these (the section's run time stays bounded on a loaded machine). */
const LOGIN_DEADLINE_MS = 35_000;
const RUN_DEADLINE_MS = 30_000;
const HEAP_PER_WORLD_GOAL_MB = 2;

const MB = 1024 * 1024;
const WARM_WORLD = 'bench-warm';

interface LogEntryLike {
  request?: { userBaseInfo?: { deviceId?: unknown } | null };
}

/** Figures of the worlds section. */
export async function benchWorlds(): Promise<Figure[]> {
  const server = await startServerProcess('new-user');
  const admin = async <T>(method: string, route: string, world: string, body?: unknown) => {
    const res = await fetch(`${server.url}/__admin${route}`, {
      method,
      headers: {
        [ADMIN_TOKEN_HEADER]: server.adminToken,
        [WORLD_HEADER]: world,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} /__admin${route} (${world}): ${res.status}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  try {
    const { scenarios } = await admin<{ scenarios: { name: string }[] }>(
      'GET',
      '/scenarios',
      WARM_WORLD,
    );
    const names = scenarios.map((s) => s.name);
    // Warm-up: one throwaway world through every scenario (code, fixtures, JIT), then dropped,
    // so the heap before counts the server with its default world only.
    for (const name of names) await admin('PUT', '/scenario', WARM_WORLD, { name });
    await admin('DELETE', `/worlds/${WARM_WORLD}`, 'default');
    const base = await server.memory();

    const worlds: WorldSpec[] = Array.from({ length: WORLDS }, (_, i) => ({
      id: `bench-w${String(i).padStart(2, '0')}`,
      scenario: names[i % names.length] as string,
    }));
    for (const world of worlds) {
      const answer = await admin<{ current: string }>('PUT', '/scenario', world.id, {
        name: world.scenario,
      });
      if (answer.current !== world.scenario) throw new Error(`${world.id} is ${answer.current}`);
    }
    const idle = await server.memory();
    const perWorldKb = (idle.heapUsed - base.heapUsed) / WORLDS / 1024;

    const load = await startWorldsLoad({
      url: server.url,
      worlds,
      clientsPerWorld: CLIENTS_PER_WORLD,
      concurrency: CONCURRENCY,
      deadlineMs: LOGIN_DEADLINE_MS,
    });
    let handshakes = 0;
    let run: Awaited<ReturnType<typeof load.run>>;
    let serverCpuMs = 0;
    try {
      const cpuBefore = await server.cpuMs();
      run = await load.run(REQUESTS_PER_CLIENT, CONCURRENCY, RUN_DEADLINE_MS);
      serverCpuMs = (await server.cpuMs()) - cpuBefore;
    } finally {
      handshakes = (await load.stop()).handshakes;
    }
    const login = load.login;

    // Server side: each world's log holds only its own clients, and each world kept its scenario.
    let foreignEntries = 0;
    let checkedEntries = 0;
    for (const world of worlds) {
      const own = new Set(load.devices[world.id] ?? []);
      const entries = await admin<LogEntryLike[]>('GET', '/log?limit=500', world.id);
      for (const entry of entries) {
        const device = entry.request?.userBaseInfo?.deviceId;
        if (typeof device !== 'string') continue;
        checkedEntries++;
        if (!own.has(device)) foreignEntries++;
      }
    }
    const listed = await admin<{ worlds: { id: string; scenario: string }[] }>(
      'GET',
      '/worlds',
      'default',
    );
    const scenarioOf = new Map(listed.worlds.map((w) => [w.id, w.scenario]));
    const drifted = worlds.filter((w) => scenarioOf.get(w.id) !== w.scenario).length;
    const busy = await server.memory();

    const section = 'worlds';
    const clients = WORLDS * CLIENTS_PER_WORLD;
    const loggedIn = login.latencies.length;
    const seconds = run.durationMs / 1000;
    const calls = run.latencies.length;
    const crossWorld = run.crossWorld + foreignEntries + drifted;
    const failures = login.failures + run.failures;
    const samples = [...new Set([...login.failureSamples, ...run.failureSamples])]
      .slice(0, 2)
      .join(' | ');
    const crossSamples = run.crossWorldSamples.slice(0, 2).join(' | ');
    return [
      {
        section,
        name: `clients logged in (${WORLDS} worlds × ${CLIENTS_PER_WORLD})`,
        value: loggedIn,
        unit: '',
        goal: { op: '>=', limit: clients },
        note:
          `${(login.durationMs / 1000).toFixed(1)} s for ${handshakes} handshakes + logins ` +
          `(${Math.round(loggedIn / (login.durationMs / 1000))}/s), ${names.length} scenarios` +
          (login.notSent ? `, ${login.notSent} cut by the time bound` : ''),
      },
      {
        section,
        name: `encrypted throughput (${CONCURRENCY} calls in flight)`,
        value: calls / seconds,
        unit: 'req/s',
        note:
          `${calls} calls in ${seconds.toFixed(1)} s` +
          (run.notSent ? `, ${run.notSent} cut by the time bound` : '') +
          `; load process ${(run.clientCpuMs / Math.max(1, calls)).toFixed(2)} ms CPU/call`,
      },
      { section, name: 'latency p50', value: quantile(run.latencies, 0.5), unit: 'ms' },
      { section, name: 'latency p95', value: quantile(run.latencies, 0.95), unit: 'ms' },
      {
        section,
        name: 'server CPU per request',
        value: serverCpuMs / Math.max(1, calls),
        unit: 'ms',
      },
      {
        section,
        name: 'cross-world answers',
        value: crossWorld,
        unit: '',
        goal: { op: '<=', limit: 0 },
        note:
          `${run.crossWorld} answers with another world's data, ${foreignEntries} of ` +
          `${checkedEntries} logged exchanges from another world's device, ${drifted} worlds ` +
          `off their scenario${crossSamples ? `: ${crossSamples}` : ''}`,
      },
      {
        section,
        name: 'failed requests',
        value: failures,
        unit: '',
        goal: { op: '<=', limit: 0 },
        ...(samples ? { note: samples } : {}),
      },
      {
        section,
        name: 'server heap per idle world (after GC)',
        value: perWorldKb,
        unit: 'kB',
        goal: { op: '<=', limit: HEAP_PER_WORLD_GOAL_MB * 1024 },
        note:
          `default world only ${(base.heapUsed / MB).toFixed(1)} MB → ${WORLDS + 1} idle worlds ` +
          `${(idle.heapUsed / MB).toFixed(1)} MB`,
      },
      {
        section,
        name: `server heap, ${WORLDS} worlds after the load (after GC)`,
        value: busy.heapUsed / MB,
        unit: 'MB',
        note: `${handshakes} sessions, full logs; RSS ${Math.round(busy.rss / MB)} MB`,
      },
    ];
  } finally {
    await server.stop();
  }
}
