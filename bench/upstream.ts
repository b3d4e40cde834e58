/**
 * Upstream mode (bench/README.md "Upstream"): what relaying through the mock server costs a call.
 * B, a mock server in its own process, plays the backend; A, another, relays to it
 * (`npm run mock -- --upstream B`). Two clients call user info, one call at a time, alternately
 * directly on B and through A (a change in the machine's load hits both alike): p50 and p95 of
 * each, what upstream mode adds, and the ratio through / direct. The goal is on p50: on a shared
 * machine p95 is mostly other jobs.
 */
import { benchClient, encryptedCall, logIn, type Traffic } from './lib/apiClients';
import type { Figure } from './lib/report';
import { startServerProcess } from './lib/serverHandle';
import { quantile } from './lib/stats';

const CALLS = 200;
/**
 * A relayed call is two encrypted legs and the relay's own decrypt and encrypt of each: about
 * twice a direct one's crypto plus a loopback hop. Goal: at most three times a direct call.
 */
const RATIO_GOAL = 3;

async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

export async function benchUpstream(): Promise<Figure[]> {
  const backend = await startServerProcess('repaying');
  try {
    const relay = await startServerProcess('new-user', { upstream: backend.url });
    try {
      const traffic: Traffic = { handshakes: 0, requests: 0 };
      const direct = benchClient(backend.url, traffic, 'direct');
      const relayed = benchClient(relay.url, traffic, 'relayed');
      await logIn(direct);
      await logIn(relayed);
      // Warm-up (JIT, connections, the relay's own upstream session), not measured.
      for (let i = 0; i < 10; i++) {
        await encryptedCall(direct);
        await encryptedCall(relayed);
      }
      const directMs: number[] = [];
      const relayedMs: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        directMs.push(await timed(() => encryptedCall(direct)));
        relayedMs.push(await timed(() => encryptedCall(relayed)));
      }
      const section = 'upstream';
      const figures: Figure[] = [];
      for (const [label, q] of [
        ['p50', 0.5],
        ['p95', 0.95],
      ] as const) {
        const d = quantile(directMs, q);
        const r = quantile(relayedMs, q);
        figures.push(
          { section, name: `direct call ${label}`, value: d, unit: 'ms' },
          { section, name: `through upstream mode ${label}`, value: r, unit: 'ms' },
          { section, name: `added by upstream mode ${label}`, value: r - d, unit: 'ms' },
          {
            section,
            name: `through / direct ${label}`,
            value: r / d,
            unit: '',
            ...(q === 0.5 ? { goal: { op: '<=' as const, limit: RATIO_GOAL } } : {}),
            note: `${CALLS} user info calls each, alternating, one at a time`,
          },
        );
      }
      return figures;
    } finally {
      await relay.stop();
    }
  } finally {
    await backend.stop();
  }
}
