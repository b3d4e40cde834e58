/**
 * Server load (bench/README.md "Server"): the mock server in its own process, 20 concurrent
 * clients, each with its own session, a fixed number of requests: encrypted (user info) and plain
 * (repayment plan) throughput, p50/p95 latency as the client sees it, and the encrypted/plain
 * ratio.
 */
import type { Figure } from './lib/report';
import { startLoadProcess } from './lib/loadHandle';
import type { LoadKind, LoadRound } from './lib/loadProcess';
import { startServerProcess } from './lib/serverHandle';
import { quantile } from './lib/stats';

const CLIENTS = 20;
/**
 * Requests per client per round; five short rounds of each kind, alternating, so a change in the
 * machine's load hits both kinds alike.
 */
const REQUESTS_PER_ROUND = 20;
const ROUNDS = 5;
const RATIO_GOAL = 0.25;

interface Round extends LoadRound {
  /** CPU time the server process spent during the round, ms. */
  serverCpuMs: number;
}

/** Figures of the server section. */
export async function benchServer(): Promise<Figure[]> {
  const server = await startServerProcess('can-borrow');
  try {
    // The clients run in a process of their own (loadProcess.ts), not in this one.
    const load = await startLoadProcess(server.url, CLIENTS);
    let traffic = { handshakes: 0, requests: 0 };
    const plain: Round[] = [];
    const encrypted: Round[] = [];
    try {
      const round = async (kind: LoadKind): Promise<Round> => {
        const cpuBefore = await server.cpuMs();
        const result = await load.round(kind, REQUESTS_PER_ROUND);
        return { ...result, serverCpuMs: (await server.cpuMs()) - cpuBefore };
      };
      // Warm-up (JIT, connections, first ratchet steps), not measured.
      await round('encrypted');
      await round('plain');
      for (let r = 0; r < ROUNDS; r++) {
        plain.push(await round('plain'));
        encrypted.push(await round('encrypted'));
      }
    } finally {
      traffic = await load.stop();
    }
    const summary = (rounds: Round[]) => {
      const latencies = rounds.flatMap((r) => r.latencies);
      const seconds = rounds.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
      const cpuMs = rounds.reduce((sum, r) => sum + r.serverCpuMs, 0);
      const clientCpuMs = rounds.reduce((sum, r) => sum + r.clientCpuMs, 0);
      return {
        rps: latencies.length / seconds,
        cpuPerRequest: cpuMs / latencies.length,
        clientCpuPerRequest: clientCpuMs / latencies.length,
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
      };
    };
    const p = summary(plain);
    const e = summary(encrypted);
    const failures = [...plain, ...encrypted].flatMap((r) => r.failures);
    const section = 'server';
    const per = `${CLIENTS} clients × ${ROUNDS * REQUESTS_PER_ROUND} req`;
    return [
      { section, name: `plain throughput (${per})`, value: p.rps, unit: 'req/s' },
      { section, name: `encrypted throughput (${per})`, value: e.rps, unit: 'req/s' },
      {
        section,
        name: 'encrypted / plain throughput',
        value: e.rps / p.rps,
        unit: '',
        goal: { op: '>=', limit: RATIO_GOAL },
      },
      {
        section,
        name: 'server CPU per request, plain',
        value: p.cpuPerRequest,
        unit: 'ms',
        note: `load process CPU per request ${p.clientCpuPerRequest.toFixed(2)} ms`,
      },
      {
        section,
        name: 'server CPU per request, encrypted',
        value: e.cpuPerRequest,
        unit: 'ms',
        note:
          `plain ÷ encrypted ${(p.cpuPerRequest / e.cpuPerRequest).toFixed(2)}; load process ` +
          `${e.clientCpuPerRequest.toFixed(2)} ms/request on ${load.crypto} crypto`,
      },
      { section, name: 'plain latency p50', value: p.p50, unit: 'ms' },
      { section, name: 'plain latency p95', value: p.p95, unit: 'ms' },
      { section, name: 'encrypted latency p50', value: e.p50, unit: 'ms' },
      { section, name: 'encrypted latency p95', value: e.p95, unit: 'ms' },
      {
        section,
        name: 'failed requests',
        value: failures.length,
        unit: '',
        goal: { op: '<=', limit: 0 },
        ...(failures.length ? { note: [...new Set(failures)].slice(0, 2).join(' | ') } : {}),
      },
      {
        section,
        name: 'handshakes (one per client expected)',
        value: traffic.handshakes,
        unit: '',
        goal: { op: '<=', limit: CLIENTS },
      },
    ];
  } finally {
    await server.stop();
  }
}
