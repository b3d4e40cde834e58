/**
 * Server load (issue 8 §4): the mock server in its own process, 20 concurrent clients, each with
 * its own session, a fixed number of requests: encrypted (user info) and plain (repayment plan)
 * throughput, p50/p95 latency as the client sees it, and the encrypted/plain ratio.
 */
import type { Figure } from './lib/report';
import {
  type BenchClient,
  benchClient,
  describeError,
  encryptedCall,
  logIn,
  plainCall,
  type Traffic,
} from './lib/apiClients';
import { startServerProcess } from './lib/serverHandle';
import { quantile } from './lib/stats';

export const CLIENTS = 20;
/**
 * Requests per client per round; five short rounds of each kind, alternating, so a change in the
 * machine's load hits both kinds alike.
 */
export const REQUESTS_PER_ROUND = 20;
const ROUNDS = 5;
export const RATIO_GOAL = 0.25;

interface Round {
  durationMs: number;
  latencies: number[];
  /** Messages of failed calls (with their cause), counted instead of aborting the bench. */
  failures: string[];
}

async function round(
  clients: BenchClient[],
  call: (c: BenchClient) => Promise<void>,
): Promise<Round> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
        const t = performance.now();
        try {
          await call(client);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures.push(describeError(error));
        }
      }
    }),
  );
  return { durationMs: performance.now() - started, latencies, failures };
}

/** Figures of the server section. */
export async function benchServer(): Promise<Figure[]> {
  const server = await startServerProcess('can-borrow');
  try {
    const traffic: Traffic = { handshakes: 0, requests: 0 };
    const clients = Array.from({ length: CLIENTS }, (_, i) => benchClient(server.url, traffic, i));
    await Promise.all(clients.map(logIn));
    // Warm-up (JIT, connections, first ratchet steps), not measured.
    await round(clients, encryptedCall);
    await round(clients, plainCall);
    const plain: Round[] = [];
    const encrypted: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      plain.push(await round(clients, plainCall));
      encrypted.push(await round(clients, encryptedCall));
    }
    const summary = (rounds: Round[]) => {
      const latencies = rounds.flatMap((r) => r.latencies);
      const seconds = rounds.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
      return {
        rps: latencies.length / seconds,
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
