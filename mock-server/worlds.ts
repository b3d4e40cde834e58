/**
 * Independent worlds of one mock server (DESIGN.md §6 "Worlds and admin access"): each holds a
 * scenario's whole state, its injected faults and its traffic log, so two harness tabs, two QA
 * testers or two test workers on one server never see each other. A world is created only by
 * what a tester or a phone really does: an admin call with the token, or a phone's handshake
 * (any other request naming an unknown world is answered without one). Idle worlds expire, and
 * a cap keeps a shared server from growing without limit; when it is full, a new phone gets its
 * world by evicting the idlest world that only ever had a handshake, and an admin call by evicting
 * that or else the idlest world no admin call has used (one only phones made).
 * With a data dir, worlds outlive a restart (persistence/worldStore.ts, fed by `changed`).
 */
import type { LocalIdentity } from '@shared/transport/codec';
import type { EndedToken } from './domain/types';
import type { MockDomain } from './domain/types';
import { FaultTable } from './http/faults';
import { LogBudget } from './http/logBudget';
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
  /** An admin call (with the token) made or used it: never evicted to make room. */
  adminUsed: boolean;
  /**
   * A call beyond the handshake reached its domain. A world that only ever had a handshake holds
   * nothing but the starting scenario: the first to give way when a new phone needs room.
   */
  called: boolean;
}

/** Who asks for a world: an admin call with the token, or a phone's handshake. */
type WorldUser = 'admin' | 'phone';

/** What `GET /__admin/worlds` shows of a world. */
interface WorldSummary {
  id: string;
  scenario: string;
  lastUsed: string;
  logEntries: number;
  /** Bytes its traffic log holds. */
  logBytes: number;
  faults: number;
}

interface WorldTableOptions {
  /**
   * A fresh domain for a new world (the server's starting scenario) on the world's clock; it
   * tells `onTokenEnded` of each session it ends to make room (the world's log says so).
   */
  createDomain(now: () => number, onTokenEnded: (ended: EndedToken) => void): MockDomain;
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
  /** What all worlds' traffic logs may hold together, bytes (default DEFAULT_TOTAL_LOG_BYTES). */
  logBudgetBytes?: number;
  /** Told when a world is dropped (its sessions go with it, and its file in the data dir). */
  onDrop?(id: string): void;
  /** Told of each session a world's domain ended to make room (its log should say so). */
  onTokenEnded?(world: World, ended: EndedToken): void;
  /** Told when a request may have changed a world's state, faults or clock (`changed`). */
  onChange?(world: World): void;
}

/** What the data dir keeps of a world besides its snapshot. */
export interface WorldUse {
  lastUsed: number;
  adminUsed: boolean;
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
  /** Shared by every world's log. */
  readonly logBudget: LogBudget;

  constructor(
    private readonly options: WorldTableOptions,
    readonly defaultId: string,
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.cap = options.cap ?? DEFAULT_WORLD_CAP;
    this.now = options.now ?? Date.now;
    this.logBudget = new LogBudget(options.logBudgetBytes);
    if (options.defaultDomain) this.add(defaultId, options.defaultDomain);
    else this.add(defaultId);
  }

  /**
   * The world `id`, created when missing for an admin call or a phone's handshake. Throws
   * WorldLimitError when the table is full (for an admin call: full of worlds admin calls use).
   */
  get(id: string, user: WorldUser): World {
    const now = this.now();
    const known = this.use(id);
    if (known) {
      if (user === 'admin') known.adminUsed = true;
      return known;
    }
    this.sweep(now);
    if (this.worlds.size >= this.cap && !this.evictFor(user)) {
      throw new WorldLimitError(
        `The mock server holds ${this.cap} worlds, its limit: delete one (DELETE /__admin/worlds/:id) ` +
          `or wait until idle ones expire (after ${Math.round(this.idleMs / 60_000)} min)`,
      );
    }
    const world = this.add(id);
    world.adminUsed = user === 'admin';
    return world;
  }

  /**
   * A request handled by the world's domain, an admin write or a clock move may have changed it:
   * tells `onChange` (which keeps the data dir in step), unless the world has been dropped since.
   */
  changed(world: World): void {
    if (this.worlds.get(world.id) === world) this.options.onChange?.(world);
  }

  /**
   * Brings back a world kept in the data dir: `apply` fills it (restoreSnapshot, all or nothing)
   * before it joins the table, so a world that cannot be restored never appears (the default
   * world, which always exists, is left as it was). Throws what `apply` throws.
   */
  restore(id: string, use: WorldUse, apply: (world: World) => void): World {
    const known = this.worlds.get(id);
    const world = known ?? this.build(id);
    try {
      apply(world);
    } catch (error) {
      if (!known) world.log.dispose();
      throw error;
    }
    world.lastUsed = use.lastUsed;
    world.adminUsed = use.adminUsed;
    // Only a world some call changed was kept: more than a handshake.
    world.called = true;
    this.worlds.set(id, world);
    return world;
  }

  /** The world if it exists, marked as used now; never creates one. */
  use(id: string): World | undefined {
    const known = this.worlds.get(id);
    if (known) known.lastUsed = this.now();
    return known;
  }

  /** The world if it exists, without creating or touching it. */
  peek(id: string): World | undefined {
    return this.worlds.get(id);
  }

  delete(id: string): boolean {
    const world = this.worlds.get(id);
    if (!world || id === this.defaultId) return false;
    this.worlds.delete(id);
    world.log.dispose();
    this.options.onDrop?.(id);
    return true;
  }

  list(): WorldSummary[] {
    this.sweep(this.now());
    return [...this.worlds.values()].map((world) => ({
      id: world.id,
      scenario: world.domain.currentScenario(),
      lastUsed: new Date(world.lastUsed).toISOString(),
      logEntries: world.log.size,
      logBytes: world.log.heldBytes,
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
      if (now - world.lastUsed > this.idleMs && this.delete(id)) dropped += 1;
    }
    return dropped;
  }

  /**
   * Makes room for a new world: drops the idlest world that only ever had a handshake (it holds
   * nothing: without this, 200 handshakes without a token locked new phones out for 30 minutes);
   * for an admin call, else the idlest world only phones used. False when there is none.
   */
  private evictFor(user: WorldUser): boolean {
    const handshakeOnly = (world: World) => !world.adminUsed && !world.called;
    const victim =
      this.idlest(handshakeOnly) ??
      (user === 'admin' ? this.idlest((world) => !world.adminUsed) : undefined);
    return victim !== undefined && this.delete(victim.id);
  }

  private idlest(eligible: (world: World) => boolean): World | undefined {
    let idlest: World | undefined;
    for (const world of this.worlds.values()) {
      if (world.id === this.defaultId || !eligible(world)) continue;
      if (!idlest || world.lastUsed < idlest.lastUsed) idlest = world;
    }
    return idlest;
  }

  private add(id: string, domain?: MockDomain): World {
    const world = this.build(id, domain);
    this.worlds.set(id, world);
    return world;
  }

  private build(id: string, domain?: MockDomain): World {
    const clock = new WorldClock(this.options.realNow);
    const onTokenEnded = (ended: EndedToken) => this.options.onTokenEnded?.(world, ended);
    const world: World = {
      id,
      domain: domain ?? this.options.createDomain(() => clock.now(), onTokenEnded),
      log: new TrafficLog(undefined, undefined, this.logBudget),
      faults: new FaultTable(),
      clock,
      identity: undefined,
      lastUsed: this.now(),
      adminUsed: false,
      called: false,
    };
    anchorClock(world);
    return world;
  }
}

/**
 * A world on a recorded scenario runs its clock from the recording's anchor (src/shared/recording.ts),
 * so its dates read as they did: when it is made, and whenever its scenario is selected or reset.
 */
export function anchorClock(world: World): void {
  const anchor = world.domain.clockAnchor();
  if (anchor !== null) world.clock.apply({ at: anchor, running: true });
}
