/**
 * What all the worlds' traffic logs may hold together, in bytes (DESIGN.md §6 "Worlds and admin
 * access"): each world's log is bounded on its own, but 200 worlds of full logs would still be
 * hundreds of megabytes a stranger could make the server keep. Past the total, the log holding
 * the most gives up its oldest entries first, so a flood pays for itself before a quiet world
 * loses anything.
 */

/** What the budget needs of a log. */
export interface BudgetedLog {
  /** Bytes the log holds now. */
  readonly heldBytes: number;
  /** Drops the log's oldest entry; the bytes it freed (0 when it was empty). */
  evictOldest(): number;
}

/** Total bytes all logs of a server keep by default. */
const DEFAULT_TOTAL_LOG_BYTES = 32 * 1024 * 1024;

export class LogBudget {
  private readonly logs = new Set<BudgetedLog>();
  private held = 0;

  constructor(readonly totalBytes = DEFAULT_TOTAL_LOG_BYTES) {}

  attach(log: BudgetedLog): void {
    this.logs.add(log);
  }

  /** Forgets a log (its world is gone) and the bytes it held. */
  detach(log: BudgetedLog): void {
    if (this.logs.delete(log)) this.held -= log.heldBytes;
  }

  /** A log took (positive) or freed (negative) bytes. */
  charge(bytes: number): void {
    this.held += bytes;
  }

  /** Bytes held by all attached logs. */
  get heldBytes(): number {
    return this.held;
  }

  /** Evicts the oldest entries of the largest logs until the total fits the budget. */
  enforce(): void {
    while (this.held > this.totalBytes) {
      let largest: BudgetedLog | undefined;
      for (const log of this.logs) {
        if (!largest || log.heldBytes > largest.heldBytes) largest = log;
      }
      // The log charges its own eviction; an empty largest log means nothing is left to free.
      if (!largest || largest.evictOldest() === 0) return;
    }
  }
}
