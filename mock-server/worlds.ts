/**
 * Independent worlds of one mock server (DESIGN.md §6 "Worlds and admin access"): each holds a
 * scenario's whole state, its injected faults and its traffic log, so two harness tabs, two QA
 * testers or two test workers on one server never see each other. A world is created on first
 * use; idle ones expire, and a cap keeps a shared server from growing without limit.
 */
import type { LocalIdentity } from '../src/shared/transport/codec';
import type { MockDomain } from './domain/types';
import { FaultTable } from './http/faults';
import { TrafficLog } from './http/trafficLog';
import { WorldClock } from './workbench/worldClock';

export interface World {
  readonly id: string;
  readonly domain: MockDomain;
  readonly log: TrafficLog;
  readonly faults: FaultTable;
  /** The world's time: its domain and the freshness of its requests follow it. */
  readonly clock: WorldClock;
  /**
   * The server identity this world presents after a rotation (`POST /__admin/rotate-identity`);
   * undefined = the server's own. Per world, so rotating in one world never breaks another.
   */
  identity: LocalIdentity | undefined;
  /** Epoch ms of the last request that used it. */
  lastUsed: number;
}

/** What `GET /__admin/worlds` shows of a world. */
export interface WorldSummary {
  id: string;
  scenario: string;
  lastUsed: string;
  logEntries: number;
  faults: number;
}

export interface WorldTableOptions {
  /** A fresh domain for a new world (the server's starting scenario) on the world's clock. */
  createDomain(now: () => number): MockDomain;
  /** Worlds unused this long are dropped (default 30 minutes). */
  idleMs?: number;
  /** Most worlds at once (default 200); one more is refused with WorldLimitError. */
  cap?: number;
  now?: () => number;
  /**
   * The default world's domain, when the caller built it (tests, the bench): it keeps its own
   * clock, so moving the default world's clock reaches only its transport freshness window.
   */
  defaultDomain?: MockDomain;
  /** The real clock under every world's clock (default Date.now). */
  realNow?: () => number;
}

export const DEFAULT_IDLE_MS = 30 * 60_000;
export const DEFAULT_WORLD_CAP = 200;

/** A new world was asked for while the table is full of worlds in use. */
export class WorldLimitError extends Error {}

export class WorldTable {
  private readonly worlds = new Map<string, World>();
  private readonly idleMs: number;
  private readonly cap: number;
  private readonly now: () => number;

  constructor(
    private readonly options: WorldTableOptions,
    readonly defaultId: string,
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.cap = options.cap ?? DEFAULT_WORLD_CAP;
    this.now = options.now ?? Date.now;
    if (options.defaultDomain) this.add(defaultId, options.defaultDomain);
    else this.add(defaultId);
  }

  /** The world `id`, created on first use. Throws WorldLimitError when the table is full. */
  get(id: string): World {
    const now = this.now();
    const known = this.worlds.get(id);
    if (known) {
      known.lastUsed = now;
      return known;
    }
    this.sweep(now);
    if (this.worlds.size >= this.cap) {
      throw new WorldLimitError(
        `The mock server holds ${this.cap} worlds, its limit: delete one (DELETE /__admin/worlds/:id) ` +
          `or wait until idle ones expire (after ${Math.round(this.idleMs / 60_000)} min)`,
      );
    }
    return this.add(id);
  }

  /** The world if it exists, without creating or touching it. */
  peek(id: string): World | undefined {
    return this.worlds.get(id);
  }

  delete(id: string): boolean {
    return this.worlds.delete(id);
  }

  list(): WorldSummary[] {
    this.sweep(this.now());
    return [...this.worlds.values()].map((world) => ({
      id: world.id,
      scenario: world.domain.currentScenario(),
      lastUsed: new Date(world.lastUsed).toISOString(),
      logEntries: world.log.size,
      faults: world.faults.list().length,
    }));
  }

  get size(): number {
    return this.worlds.size;
  }

  /** Drops worlds idle for longer than idleMs; the default world stays (a real phone's). */
  sweep(now = this.now()): number {
    let dropped = 0;
    for (const [id, world] of this.worlds) {
      if (id !== this.defaultId && now - world.lastUsed > this.idleMs) {
        this.worlds.delete(id);
        dropped += 1;
      }
    }
    return dropped;
  }

  private add(id: string, domain?: MockDomain): World {
    const clock = new WorldClock(this.options.realNow);
    const world: World = {
      id,
      domain: domain ?? this.options.createDomain(() => clock.now()),
      log: new TrafficLog(),
      faults: new FaultTable(),
      clock,
      identity: undefined,
      lastUsed: this.now(),
    };
    this.worlds.set(id, world);
    return world;
  }
}
