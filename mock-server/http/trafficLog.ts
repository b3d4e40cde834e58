/**
 * The decrypted traffic log of the admin API (DESIGN.md §6): a bounded ring buffer, so a long QA
 * session or garbage traffic cannot grow memory. `list` returns the newest `limit` entries, oldest
 * first (newest last), the order a reader scrolls in.
 *
 * What it keeps is counted in bytes held, not in entries or characters: each entry is kept as its
 * JSON text (a parsed copy of `[{},{},…]` costs about fifteen times its text in heap; a string
 * costs its length, twice that when it has characters beyond Latin-1), bounded per entry, per
 * world, and across all worlds by a shared LogBudget.
 */
import type { ApiHost } from '@shared/api/endpoints';
import type { UpstreamMark } from '@shared/upstream';
import type { FaultMark } from '@shared/workbench';
import type { BudgetedLog, LogBudget } from './logBudget';

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
  | 'restored'
  | 'upstream'
  | 'recording'
  | 'token-ended';

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
  /** The answer came from the world's upstream (src/shared/upstream.ts), with its contract check. */
  upstream?: UpstreamMark;
  /** Set on workbench entries only (host `workbench`). */
  kind?: WorkbenchEventKind;
}

export const DEFAULT_LOG_CAPACITY = 500;
/** Largest request or answer `data` kept as is, in JSON characters; bigger ones are summarized. */
const MAX_LOGGED_CHARS = 64 * 1024;
/** What one world's log may hold in all, in bytes: the oldest entries go first. */
const DEFAULT_LOG_BUDGET_BYTES = 4 * 1024 * 1024;
/** Characters of a body kept when only a preview of it is (see `bodyPreview`). */
const PREVIEW_CHARS = 256;
/** Longest logged header value or path; longer ones are cut (a header may be 16 kB). */
const MAX_LOGGED_FIELD_CHARS = 256;
/** Longest logged answer message (an unknown path's message quotes the path). */
const MAX_LOGGED_MESSAGE_CHARS = 1024;
/** Bytes an entry costs besides its text (the record, its slot, the string's header). */
const ENTRY_OVERHEAD_BYTES = 64;

/**
 * A copy of the first `n` characters that shares no memory with `text`. V8 keeps a short slice of
 * a long string as a view into it, so `slice(0, 200)` of a 1 MB body kept the whole megabyte alive
 * (600 large requests pinned ≈ 480 MB); a round trip through a Buffer makes a flat new string.
 */
export function detachedHead(text: string, n: number): string {
  return Buffer.from(text.slice(0, n), 'utf8').toString('utf8');
}

/** The JSON text of a value, or undefined when it has none (a cycle, a BigInt, undefined). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * What the log keeps of a body the server did not accept (an unknown path, a refused envelope, a
 * call dropped by a fault): the body when its JSON is short, else the head of that text and its
 * size. A stranger's body never costs the log more than a few hundred bytes.
 */
export function bodyPreview(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const json = jsonOf(body) ?? String(body);
  if (json.length <= PREVIEW_CHARS) return body;
  return { truncated: true, chars: json.length, head: detachedHead(json, PREVIEW_CHARS) };
}

/** The JSON text a value is logged as: itself when small, else a summary of it. */
function boundedJson(value: unknown): string {
  const json = jsonOf(value);
  if (json === undefined) return value === undefined ? 'null' : '{"unloggable":true}';
  if (json.length <= MAX_LOGGED_CHARS) return json;
  return JSON.stringify({ truncated: true, chars: json.length, head: detachedHead(json, 200) });
}

function cut(text: string, max = MAX_LOGGED_FIELD_CHARS): string {
  return text.length <= max ? text : detachedHead(text, max);
}

function cutHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[cut(name)] = cut(String(value));
  return out;
}

/** Heap bytes of a string: one per character in Latin-1, two otherwise (V8's two layouts). */
function bytesOf(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the Latin-1 range itself
  return (/[^\u0000-\u00ff]/.test(text) ? 2 : 1) * text.length + ENTRY_OVERHEAD_BYTES;
}

/** An entry as kept: its JSON text and what that costs. */
interface KeptEntry {
  readonly text: string;
  readonly bytes: number;
}

/**
 * The kept form of an entry (bounded data, cut fields), written field by field so each `data` is
 * serialized once; every value goes through JSON.stringify.
 */
function keep(entry: LogEntry): KeptEntry {
  const j = JSON.stringify;
  const { request, response } = entry;
  const text =
    `{"id":${j(entry.id)},"at":${j(cut(entry.at))},"host":${j(entry.host)},"path":${j(cut(entry.path))}` +
    `,"encrypted":${j(entry.encrypted)}` +
    `,"request":{"headers":${j(cutHeaders(request.headers))},"data":${boundedJson(request.data)}` +
    `,"userBaseInfo":${boundedJson(request.userBaseInfo)}}` +
    `,"response":{"code":${j(response.code)},"message":${j(cut(response.message, MAX_LOGGED_MESSAGE_CHARS))}` +
    `,"data":${boundedJson(response.data)}}` +
    `,"status":${j(entry.status)},"ms":${j(entry.ms)}` +
    `${entry.fault ? `,"fault":${boundedJson(entry.fault)}` : ''}` +
    `${entry.upstream ? `,"upstream":${boundedJson(entry.upstream)}` : ''}` +
    `${entry.kind ? `,"kind":${j(entry.kind)}` : ''}}`;
  return { text, bytes: bytesOf(text) };
}

export class TrafficLog implements BudgetedLog {
  private entries: KeptEntry[] = [];
  private held = 0;
  private nextId = 1;

  constructor(
    private readonly capacity = DEFAULT_LOG_CAPACITY,
    private readonly budgetBytes = DEFAULT_LOG_BUDGET_BYTES,
    private readonly shared?: LogBudget,
  ) {
    shared?.attach(this);
  }

  /**
   * Adds an entry, dropping the oldest beyond capacity or the budgets; answers the id assigned
   * (the kept entry is text: read it back with `list`).
   */
  add(entry: Omit<LogEntry, 'id'>): number {
    const full: LogEntry = { id: this.nextId++, ...entry };
    const kept = keep(full);
    this.entries.push(kept);
    this.take(kept.bytes);
    while (
      this.entries.length > 1 &&
      (this.entries.length > this.capacity || this.held > this.budgetBytes)
    ) {
      this.evictOldest();
    }
    this.shared?.enforce();
    return full.id;
  }

  /** Bytes held (the entries' text and their bookkeeping). */
  get heldBytes(): number {
    return this.held;
  }

  evictOldest(): number {
    const oldest = this.entries.shift();
    if (!oldest) return 0;
    this.take(-oldest.bytes);
    return oldest.bytes;
  }

  /** The newest `limit` entries, newest last. */
  list(limit = this.capacity): LogEntry[] {
    return this.newest(limit).map((kept) => JSON.parse(kept.text) as LogEntry);
  }

  /** The same as `list`, as the JSON text of the array (no parse and stringify per read). */
  listJson(limit = this.capacity): string {
    return `[${this.newest(limit)
      .map((kept) => kept.text)
      .join(',')}]`;
  }

  /** Takes over the entries of a snapshot (their ids kept; new ones continue after them). */
  restore(entries: readonly LogEntry[]): void {
    this.prepareRestore(entries)();
  }

  /**
   * Prepares taking over the entries of a snapshot (the newest that fit capacity and budget) and
   * answers the step that does it, which cannot fail: a restore checks everything first, then
   * replaces everything (all or nothing).
   */
  prepareRestore(entries: readonly LogEntry[]): () => void {
    const kept = entries.map(keep);
    let bytes = 0;
    let first = kept.length;
    for (let i = kept.length - 1; i >= 0; i -= 1) {
      const size = (kept[i] as KeptEntry).bytes;
      if (kept.length - i > this.capacity || bytes + size > this.budgetBytes) break;
      bytes += size;
      first = i;
    }
    const taken = kept.slice(first);
    const nextId = entries.reduce((next, e) => Math.max(next, e.id + 1), 1);
    return () => {
      this.clear();
      this.entries = taken;
      this.take(bytes);
      this.nextId = nextId;
      this.shared?.enforce();
    };
  }

  clear(): void {
    this.take(-this.held);
    this.entries = [];
  }

  /** Lets go of everything and leaves the shared budget (the world is gone). */
  dispose(): void {
    this.clear();
    this.shared?.detach(this);
  }

  get size(): number {
    return this.entries.length;
  }

  private newest(limit: number): KeptEntry[] {
    return limit <= 0 ? [] : this.entries.slice(-limit);
  }

  private take(bytes: number): void {
    this.held += bytes;
    this.shared?.charge(bytes);
  }
}
