/**
 * The decrypted traffic log of the admin API (DESIGN.md §6): a bounded ring buffer, so a long QA
 * session or garbage traffic cannot grow memory. `list` returns the newest `limit` entries, oldest
 * first (newest last), the order a reader scrolls in.
 */
import type { ApiHost } from '../../src/shared/api/endpoints';

/** Where an entry came from: one of the three API hosts, or the local Sentry sink. */
export type LogHost = ApiHost | 'sentry';

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
  /** HTTP status sent. */
  status: number;
  /** Milliseconds spent answering (including injected delays). */
  ms: number;
}

export const DEFAULT_LOG_CAPACITY = 500;
/** Largest request or answer `data` kept as is, in JSON characters; bigger ones are summarized. */
export const MAX_LOGGED_CHARS = 64 * 1024;

/** Keeps a logged value small: 500 entries of 1 MB garbage bodies must not pin 500 MB. */
function bounded(value: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return { unloggable: true };
  }
  if (json === undefined || json.length <= MAX_LOGGED_CHARS) return value;
  return { truncated: true, chars: json.length, head: json.slice(0, 200) };
}

export class TrafficLog {
  private readonly entries: LogEntry[] = [];
  private nextId = 1;

  constructor(private readonly capacity = DEFAULT_LOG_CAPACITY) {}

  /** Adds an entry (id assigned here), dropping the oldest beyond capacity. */
  add(entry: Omit<LogEntry, 'id'>): LogEntry {
    const full: LogEntry = {
      id: this.nextId++,
      ...entry,
      request: { ...entry.request, data: bounded(entry.request.data) },
      response: { ...entry.response, data: bounded(entry.response.data) },
    };
    this.entries.push(full);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
    return full;
  }

  /** The newest `limit` entries, newest last. */
  list(limit = this.capacity): LogEntry[] {
    return limit <= 0 ? [] : this.entries.slice(-limit);
  }

  clear(): void {
    this.entries.length = 0;
  }

  get size(): number {
    return this.entries.length;
  }
}
