/**
 * A world's clock (DESIGN.md §6 "Worlds and admin access": a world is scenario + state + faults +
 * log + clock). Real time by default; QA may jump it, advance it, freeze it or let it run at real
 * speed from a simulated instant. The world's domain and the freshness window of the world's
 * requests (DESIGN.md §5, 4081) both read `now()`.
 */
import {
  type ClockCommand,
  type ClockState,
  instantMs,
  isClockInstant,
  MAX_INSTANT_MS,
  MIN_INSTANT_MS,
} from '@shared/workbench';

/** A move that would take the clock out of MIN_INSTANT_MS … MAX_INSTANT_MS; nothing changed. */
export class ClockRangeError extends Error {
  constructor(target: number) {
    super(
      `The clock would show ${Number.isFinite(target) ? target : String(target)} ms: a world's clock stays from ` +
        `${new Date(MIN_INSTANT_MS).toISOString()} to ${new Date(MAX_INSTANT_MS).toISOString()}`,
    );
  }
}

export class WorldClock {
  /** Simulated minus real, while running. */
  private offsetMs = 0;
  /** The simulated instant it is frozen at, or null while running. */
  private frozenAt: number | null = null;

  constructor(private readonly realNow: () => number = Date.now) {}

  /**
   * Simulated epoch ms. A running clock stops at MAX_INSTANT_MS: QA may set it there running,
   * and a world whose clock showed a moment later could not be restored (its snapshot, and its
   * file in the data dir, would be refused), so a restart would lose it.
   */
  now(): number {
    return this.frozenAt ?? Math.min(this.realNow() + this.offsetMs, MAX_INSTANT_MS);
  }

  /** True while it shows real time (never moved, or reset). */
  get isReal(): boolean {
    return this.frozenAt === null && this.offsetMs === 0;
  }

  state(): ClockState {
    const now = this.now();
    return { now, offsetMs: now - this.realNow(), running: this.frozenAt === null };
  }

  /**
   * `at` first, then `advanceMs`, then `running` (freeze at / run from the resulting time).
   * Throws ClockRangeError, changing nothing, when the result is out of range.
   */
  apply(command: ClockCommand): ClockState {
    let target = this.now();
    if (command.at !== undefined) target = instantMs(command.at);
    if (command.advanceMs !== undefined) target += command.advanceMs;
    if (!isClockInstant(target)) throw new ClockRangeError(target);
    const running = command.running ?? this.frozenAt === null;
    this.set(target, running);
    return this.state();
  }

  /** Back to real time, running. */
  reset(): ClockState {
    this.offsetMs = 0;
    this.frozenAt = null;
    return this.state();
  }

  /**
   * Takes over a saved state: frozen at its `now`, or running at its offset from real time (a
   * world on real time stays on real time, one a week ahead stays a week ahead).
   */
  restore(saved: ClockState): void {
    this.prepareRestore(saved)();
  }

  /**
   * Checks a saved state (ClockRangeError when it would show a time out of range, running at its
   * offset from real time; one that ran into the limit has stopped there) and answers the step
   * that takes it over, which cannot fail.
   */
  prepareRestore(saved: ClockState): () => void {
    const shown = saved.running
      ? Math.min(this.realNow() + saved.offsetMs, MAX_INSTANT_MS)
      : saved.now;
    if (!isClockInstant(shown)) throw new ClockRangeError(shown);
    return () => {
      this.frozenAt = saved.running ? null : saved.now;
      this.offsetMs = saved.running ? saved.offsetMs : saved.now - this.realNow();
    };
  }

  private set(simulated: number, running: boolean): void {
    this.frozenAt = running ? null : simulated;
    this.offsetMs = simulated - this.realNow();
  }
}
