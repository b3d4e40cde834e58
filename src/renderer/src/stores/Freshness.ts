/**
 * The one "kept fresh" rule (PRODUCT.md §2: the tabs are kept alive): what a kept-alive screen
 * loaded is taken as current for `KEPT_FRESH_MS` when the screen is shown again, so switching tabs
 * asks the server nothing; pull-to-refresh, the host resuming the page and a change on the server
 * always reload. Read on the injected clock, and owned by the session scope with the store that
 * holds it, so nothing is ever "fresh" across a change of borrower (DESIGN.md §6).
 */
import type { Clock } from '@renderer/services/clock';

/** How long what a kept-alive screen loaded stays current when it is shown again. */
export const KEPT_FRESH_MS = 60_000;

export class Freshness {
  /** When the data last arrived (clock ms); null: never, or invalidated since. */
  private loadedAt: number | null = null;

  constructor(private readonly clock: Clock) {}

  /** The data arrived now. */
  markLoaded(): void {
    this.loadedAt = this.clock.now();
  }

  /** The data changed on the server: the next show reloads it. */
  invalidate(): void {
    this.loadedAt = null;
  }

  /** Loaded within `maxAgeMs` (0: never fresh; pull-to-refresh and resume ask with 0). */
  isFresh(maxAgeMs: number = KEPT_FRESH_MS): boolean {
    return this.loadedAt !== null && this.clock.now() - this.loadedAt < maxAgeMs;
  }
}
