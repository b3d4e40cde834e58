/**
 * A world's clock (DESIGN.md §6 "Worlds and admin access": a world is scenario + state + faults +
 * log + clock). Real time by default; QA may jump it, advance it, freeze it or let it run at real
 * speed from a simulated instant. The world's domain and the freshness window of the world's
 * requests (DESIGN.md §5, 4081) both read `now()`.
 */
import { type ClockCommand, type ClockState, instantMs } from '../../src/shared/workbench';

export class WorldClock {
  /** Simulated minus real, while running. */
  private offsetMs = 0;
  /** The simulated instant it is frozen at, or null while running. */
  private frozenAt: number | null = null;

  constructor(private readonly realNow: () => number = Date.now) {}

  /** Simulated epoch ms. */
  now(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }

  /** True while it shows real time (never moved, or reset). */
  get isReal(): boolean {
    return this.frozenAt === null && this.offsetMs === 0;
  }

  state(): ClockState {
    const now = this.now();
    return { now, offsetMs: now - this.realNow(), running: this.frozenAt === null };
  }

  /** `at` first, then `advanceMs`, then `running` (freeze at / run from the resulting time). */
  apply(command: ClockCommand): ClockState {
    let target = this.now();
    if (command.at !== undefined) target = instantMs(command.at);
    if (command.advanceMs !== undefined) target += command.advanceMs;
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
    this.frozenAt = saved.running ? null : saved.now;
    this.offsetMs = saved.running ? saved.offsetMs : saved.now - this.realNow();
  }

  private set(simulated: number, running: boolean): void {
    this.frozenAt = running ? null : simulated;
    this.offsetMs = simulated - this.realNow();
  }
}
