/**
 * What a world's contract check has found so far (`GET /__admin/contract-report`): per path the
 * answers checked and each distinct breach (kind and field) with how often and when it was seen.
 * Bounded: at most as many paths as the endpoint table has hosts × paths, and MAX_BREACHES_PER_PATH
 * distinct breaches each.
 */
import type { ApiHost } from '@shared/api/endpoints';
import type { Breach, ContractPath, ContractReport } from '@shared/upstream';

const MAX_BREACHES_PER_PATH = 100;

interface Seen extends Breach {
  count: number;
  firstAt: string;
  lastAt: string;
}

interface PathRecord {
  host: ApiHost;
  path: string;
  checked: number;
  breaches: Map<string, Seen>;
}

export class ContractLedger {
  private readonly paths = new Map<string, PathRecord>();

  /**
   * Counts one checked answer and its breaches; answers the breaches never seen before on this
   * path (what `--check-contract` prints as it finds them).
   */
  add(host: ApiHost, path: string, breaches: readonly Breach[], at = new Date()): Breach[] {
    const key = `${host} ${path}`;
    let record = this.paths.get(key);
    if (!record) {
      record = { host, path, checked: 0, breaches: new Map() };
      this.paths.set(key, record);
    }
    record.checked += 1;
    const when = at.toISOString();
    const fresh: Breach[] = [];
    for (const breach of breaches) {
      const id = `${breach.kind} ${breach.field}`;
      const seen = record.breaches.get(id);
      if (seen) {
        seen.count += 1;
        seen.lastAt = when;
      } else if (record.breaches.size < MAX_BREACHES_PER_PATH) {
        record.breaches.set(id, { ...breach, count: 1, firstAt: when, lastAt: when });
        fresh.push(breach);
      }
    }
    return fresh;
  }

  /** Distinct breaches in all. */
  get breachCount(): number {
    let count = 0;
    for (const record of this.paths.values()) count += record.breaches.size;
    return count;
  }

  report(upstream: string | null): ContractReport {
    const paths: ContractPath[] = [...this.paths.values()]
      .map((record) => ({
        host: record.host,
        path: record.path,
        checked: record.checked,
        breaches: [...record.breaches.values()].map((seen) => ({ ...seen })),
      }))
      .sort(
        (a, b) =>
          Number(b.breaches.length > 0) - Number(a.breaches.length > 0) ||
          a.path.localeCompare(b.path),
      );
    let checked = 0;
    for (const record of this.paths.values()) checked += record.checked;
    return { upstream, checked, breaches: this.breachCount, paths };
  }

  clear(): void {
    this.paths.clear();
  }
}
