/**
 * The decrypted traffic log of the admin API (DESIGN.md §6): a bounded ring buffer, so a long QA
 * session or garbage traffic cannot grow memory. `list` returns the newest `limit` entries, oldest
 * first (newest last), the order a reader scrolls in.
 */
import type { ApiHost } from '../../src/shared/api/endpoints';
import type { FaultMark } from '../../src/shared/workbench';

/**
 * Where an entry came from: one of the three API hosts, the local Sentry sink, or the workbench
 * itself (a fault armed or cleared, the clock moved, the identity rotated: `kind` says which).
 */
export type LogHost = ApiHost | 'sentry' | 'workbench';

/** What a workbench entry records (src/shared/workbench.ts `workbenchLogEntrySchema`). */
export type WorkbenchEventKind =
  | 'fault-armed'
  | 'fault-cleared'
  | 'clock'
  | 'identity-rotated'
  | 'restored';

/** One exchange as QA sees it: plaintext request and answer, whatever the wire format was. */
export interface LogEntry {
  /** Increasing number, unique per server run. */
  id: number;
  /** ISO time of the request. */
  at: string;
  host: LogHost;
  path: string;
  encrypted: boolean;
  request: { headers: Record<string, string>; data: unknown; userBaseInfo: unknown };
  /** The product answer, or the protocol error `{code, message, data: null}`. */
  response: { code: number; message: string; data: unknown };
  /** HTTP status sent; 0 when no answer was sent (a dropped or held connection). */
  status: number;
  /** Milliseconds spent answering (including injected delays). */
  ms: number;
  /** The injected fault that shaped this exchange, with what it did (`effect`). */
  fault?: FaultMark;
  /** Set on workbench entries only (host `workbench`). */
  kind?: WorkbenchEventKind;
}

export const DEFAULT_LOG_CAPACITY = 500;
/** Largest request or answer `data` kept as is, in JSON characters; bigger ones are summarized. */
export const MAX_LOGGED_CHARS = 64 * 1024;
/** What one world's log may hold in all, in JSON characters: the oldest entries go first. */
export const DEFAULT_LOG_BUDGET_CHARS = 4 * 1024 * 1024;

/**
 * A copy of the first `n` characters that shares no memory with `text`. V8 keeps a short slice of
 * a long string as a view into it, so `slice(0, 200)` of a 1 MB body kept the whole megabyte alive
 * (600 large requests pinned ≈ 480 MB); a round trip through a Buffer makes a flat new string.
 */
export function detachedHead(text: string, n: number): string {
  return Buffer.from(text.slice(0, n), 'utf8').toString('utf8');
}

/**
 * A logged value and its size: 500 entries of 1 MB garbage bodies must not keep 500 MB. A kept
 * value is a fresh parse of its JSON, never a reference into the request.
 */
function bounded(value: unknown): { value: unknown; chars: number } {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return { value: { unloggable: true }, chars: 20 };
  }
  if (json === undefined) return { value: null, chars: 4 };
  if (json.length <= MAX_LOGGED_CHARS) return { value: JSON.parse(json), chars: json.length };
  const head = detachedHead(json, 200);
  return { value: { truncated: true, chars: json.length, head }, chars: head.length + 48 };
}

export class TrafficLog {
  private readonly entries: LogEntry[] = [];
  private readonly sizes: number[] = [];
  private chars = 0;
  private nextId = 1;

  constructor(
    private readonly capacity = DEFAULT_LOG_CAPACITY,
    private readonly budgetChars = DEFAULT_LOG_BUDGET_CHARS,
  ) {}

  /** Adds an entry (id assigned here), dropping the oldest beyond capacity or the budget. */
  add(entry: Omit<LogEntry, 'id'>): LogEntry {
    const request = bounded(entry.request.data);
    const response = bounded(entry.response.data);
    const full: LogEntry = {
      id: this.nextId++,
      ...entry,
      request: { ...entry.request, data: request.value },
      response: { ...entry.response, data: response.value },
    };
    const size = request.chars + response.chars + 512;
    this.entries.push(full);
    this.sizes.push(size);
    this.chars += size;
    while (
      this.entries.length > 1 &&
      (this.entries.length > this.capacity || this.chars > this.budgetChars)
    ) {
      this.entries.shift();
      this.chars -= this.sizes.shift() ?? 0;
    }
    return full;
  }

  /** Approximate JSON characters held. */
  get heldChars(): number {
    return this.chars;
  }

  /** The newest `limit` entries, newest last. */
  list(limit = this.capacity): LogEntry[] {
    return limit <= 0 ? [] : this.entries.slice(-limit);
  }

  /** Takes over the entries of a snapshot (their ids kept; new ones continue after them). */
  restore(entries: readonly LogEntry[]): void {
    this.clear();
    for (const entry of entries) {
      const { id, ...rest } = entry;
      this.add(rest);
      const added = this.entries.at(-1);
      if (added) added.id = id;
    }
    this.nextId = Math.max(1, ...entries.map((e) => e.id + 1));
  }

  clear(): void {
    this.entries.length = 0;
    this.sizes.length = 0;
    this.chars = 0;
  }

  get size(): number {
    return this.entries.length;
  }
}
