/**
 * Which worlds relay to an upstream (src/shared/upstream.ts). `--upstream URL` makes it every
 * world's default; the panel and `PUT|DELETE /__admin/upstream` set or turn it off per world. Each
 * world has a link of its own (its own upstream sessions, identity pin and contract report), made
 * when the world first needs it. Kept in memory only: a restart starts from `--upstream` again.
 */
import type { ApiHost } from '@shared/api/endpoints';
import type { Breach, UpstreamStatus } from '@shared/upstream';
import { UpstreamLink } from './upstreamLink';
import { parseUpstreamUrl, type UpstreamBases, upstreamBases, upstreamLabel } from './upstreamUrl';

interface UpstreamTableOptions {
  /** `--upstream`: every world relays here unless told otherwise. */
  defaultUpstream?: { label: string; bases: UpstreamBases };
  fetch?: typeof fetch;
  timeoutMs?: number;
  onBreach?(world: string, host: ApiHost, path: string, breach: Breach): void;
  onStatus?(world: string, status: UpstreamStatus): void;
}

/** What `GET /__admin/upstream` answers for a world without one. */
function offStatus(): UpstreamStatus {
  return {
    url: null,
    state: 'off',
    identityKey: null,
    message: 'Off: this world answers from its own scenario',
    calls: 0,
    phones: 0,
  };
}

/** The label and bases of an upstream URL (reads an app-config.json); UpstreamUrlError. */
export async function resolveUpstream(
  text: string,
  self: readonly string[] = [],
  fetchImpl: typeof fetch = fetch,
): Promise<{ label: string; bases: UpstreamBases }> {
  const url = parseUpstreamUrl(text, self);
  return { label: upstreamLabel(url), bases: await upstreamBases(url, fetchImpl) };
}

export class UpstreamTable {
  /** Per world: its link, or null when it was turned off. */
  private readonly links = new Map<string, UpstreamLink | null>();

  constructor(private readonly options: UpstreamTableOptions = {}) {}

  /** The default every world starts with (`--upstream`), if any. */
  get defaultLabel(): string | undefined {
    return this.options.defaultUpstream?.label;
  }

  /** The world's link; undefined when it answers from its own scenario. */
  linkOf(world: string): UpstreamLink | undefined {
    const known = this.links.get(world);
    if (known !== undefined) return known ?? undefined;
    const fallback = this.options.defaultUpstream;
    if (!fallback) return undefined;
    const link = this.make(world, fallback);
    this.links.set(world, link);
    return link;
  }

  status(world: string): UpstreamStatus {
    return this.linkOf(world)?.status() ?? offStatus();
  }

  /** Relays the world's calls to a resolved upstream (a fresh link: new sessions, new pin). */
  set(world: string, upstream: { label: string; bases: UpstreamBases }): UpstreamStatus {
    const link = this.make(world, upstream);
    this.links.set(world, link);
    return link.status();
  }

  /** The world answers from its own scenario again. */
  off(world: string): UpstreamStatus {
    this.links.set(world, null);
    return offStatus();
  }

  /** The world is gone. */
  drop(world: string): void {
    this.links.delete(world);
  }

  private make(world: string, upstream: { label: string; bases: UpstreamBases }): UpstreamLink {
    const { onBreach, onStatus } = this.options;
    return new UpstreamLink({
      ...upstream,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(onBreach
        ? { onBreach: (host, path, breach) => onBreach(world, host, path, breach) }
        : {}),
      ...(onStatus ? { onStatus: (status) => onStatus(world, status) } : {}),
    });
  }
}
