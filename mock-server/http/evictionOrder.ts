/**
 * Who gives way when a newcomer needs a connection slot (connectionGuard.ts). Lower tier first:
 *
 * - 0: a connection that has never had an answer (a trickled first request, or a socket that
 *   sends nothing), or whose answer stopped draining (a reader that stopped reading);
 * - 1: one still sending a later request;
 * - 2: an idle keep-alive one (an honest client's, most likely, about to be reused);
 * - none: one whose answer is being made or flows out.
 *
 * Within a tier, an address that holds a crowd of connections (more than a quarter of the cap)
 * gives way first, so one machine on the LAN cannot starve the others; then the connection that
 * has made the server wait longest. Address counts alone are not the rule: with 600 slow sockets
 * from 600 loopback addresses (127.0.0.x), the honest client with two connections would be "the
 * busiest address" and lose its fresh connection to sockets that had waited for seconds.
 */

export interface Candidate<T> {
  item: T;
  address: string;
  /** Eviction tier (see above); undefined = never evicted. */
  tier: 0 | 1 | 2 | undefined;
  /** Since when it has made the server wait (epoch ms): the older, the sooner it goes. */
  since: number;
  /** Connections its address holds in all. */
  addressCount: number;
}

/** The candidate to close first, or undefined when none may be closed. */
export function victimOf<T>(
  candidates: readonly Candidate<T>[],
  maxConnections: number,
): T | undefined {
  const crowd = maxConnections / 4;
  let best: Candidate<T> | undefined;
  let bestKey: [number, number, number] | undefined;
  for (const candidate of candidates) {
    if (candidate.tier === undefined) continue;
    const key: [number, number, number] = [
      candidate.tier,
      candidate.addressCount > crowd ? 0 : 1,
      candidate.since,
    ];
    if (!bestKey || before(key, bestKey)) {
      best = candidate;
      bestKey = key;
    }
  }
  return best?.item;
}

function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}
