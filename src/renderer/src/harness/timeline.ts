/**
 * One chronological timeline per phone: the host's bridge calls and notes (events sent, reloads,
 * scenario and settings changes, the app's errors) merged with the world's decrypted API traffic
 * and workbench events (faults armed, clock moves). Pure, so the merge, the page tags, the error
 * marks, the filter and the curl text read off the tests.
 */
import type { TrafficEntry } from '@host/adminClient';
import type { CallLogEntry, HostNote } from '@host/types';
import { upstreamTag } from './upstreamLabels';

export type TimelineKind = 'bridge' | 'api' | 'workbench' | HostNote['kind'];

interface TimelineRow {
  key: string;
  /** Epoch ms. */
  at: number;
  kind: TimelineKind;
  /** The app page it belongs to (appGeneration); null when not known. */
  generation: number | null;
  title: string;
  /** A short result: a bridge resultCode, an API code, a fault mark. */
  outcome: string;
  error: boolean;
  /** What an expanded row shows. */
  detail: unknown;
  /** Lower-case text the filter searches: title, params, results and bodies. */
  haystack: string;
  /** The API exchange it shows, for Copy as curl. */
  exchange?: TrafficEntry;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

function epoch(at: number | string): number {
  return typeof at === 'number' ? at : Date.parse(at);
}

function callRow(call: CallLogEntry): TimelineRow {
  const result = call.result;
  const outcome = result ? `resultCode ${result.resultCode}` : 'pending';
  return {
    key: `call:${call.id}`,
    at: call.at,
    kind: 'bridge',
    generation: call.generation ?? null,
    title: call.method,
    outcome,
    error: result?.resultCode === 3,
    detail: { params: call.params, result: call.result, durationMs: call.durationMs },
    haystack: `${call.method} ${json(call.params)} ${json(result)}`.toLowerCase(),
  };
}

function noteRow(note: HostNote): TimelineRow {
  return {
    key: `note:${note.id}`,
    at: note.at,
    kind: note.kind,
    generation: note.generation,
    title: note.text,
    outcome: '',
    error: note.kind === 'app-error',
    detail: note.detail,
    haystack: `${note.kind} ${note.text} ${json(note.detail)}`.toLowerCase(),
  };
}

/**
 * A workbench move's title: its kind and what the server said it did ("clock · Clock set to …"),
 * never the kind twice (the server logs the kind as the entry's path too).
 */
function workbenchTitle(entry: TrafficEntry): string {
  const kind = entry.kind ?? 'workbench';
  const message = entry.response?.message;
  if (typeof message === 'string' && message) return `${kind} · ${message}`;
  return entry.path && entry.path !== kind ? `${kind} · ${entry.path}` : kind;
}

function trafficRow(entry: TrafficEntry, generation: number | null): TimelineRow {
  const code = entry.response?.code;
  const status = entry.status ?? 0;
  const workbench = entry.host === 'workbench' || Boolean(entry.kind);
  const fault = entry.fault ? `fault: ${entry.fault.kind}` : '';
  // Which answers came from the world's upstream, and how they kept the contract.
  const upstream = entry.upstream ? upstreamTag(entry.upstream) : '';
  const answered = code === undefined ? `HTTP ${status}` : `code ${String(code)}`;
  return {
    key: `api:${String(entry.id)}`,
    at: epoch(entry.at),
    kind: workbench ? 'workbench' : 'api',
    generation: workbench ? null : generation,
    title: workbench ? workbenchTitle(entry) : `${entry.host}/${entry.path}`,
    outcome: workbench ? '' : [answered, upstream, fault].filter(Boolean).join(' · '),
    error:
      !workbench &&
      (Boolean(entry.fault) ||
        status >= 400 ||
        status === 0 ||
        (code !== undefined && code !== 200)),
    detail: {
      request: entry.request,
      response: entry.response,
      status,
      ms: entry.ms,
      fault: entry.fault,
      ...(entry.upstream ? { upstream: entry.upstream } : {}),
    },
    haystack:
      `${entry.host} ${entry.path} ${json(entry.request?.data)} ${json(entry.response)} ${fault} ${upstream} ${json(entry.upstream?.breaches ?? [])}`.toLowerCase(),
    ...(workbench ? {} : { exchange: entry }),
  };
}

/** The app page loaded at `at`: the last reload note at or before it. */
function generationAt(reloads: readonly HostNote[], at: number): number | null {
  let generation: number | null = null;
  for (const note of reloads) {
    if (note.at > at) break;
    generation = note.generation;
  }
  return generation;
}

interface TimelineView {
  /** Rows at or after this epoch ms only (Clear). */
  since: number;
  /** Text searched across titles, params, results and bodies. */
  filter: string;
  errorsOnly: boolean;
}

/** The merged rows, oldest first. */
export function buildTimeline(
  calls: readonly CallLogEntry[],
  notes: readonly HostNote[],
  traffic: readonly TrafficEntry[],
  view: TimelineView,
): TimelineRow[] {
  const reloads = notes.filter((n) => n.kind === 'reload');
  const rows = [
    ...calls.map(callRow),
    ...notes.map(noteRow),
    ...traffic.map((entry) => trafficRow(entry, generationAt(reloads, epoch(entry.at)))),
  ];
  const needle = view.filter.trim().toLowerCase();
  return rows
    .filter((row) => row.at >= view.since)
    .filter((row) => !view.errorsOnly || row.error)
    .filter(
      (row) => !needle || row.haystack.includes(needle) || row.title.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.at - b.at);
}

/** A shell word in single quotes. */
function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/**
 * The environment variable the copied command reads the admin token from (docs/simulator.md "QA
 * workbench").
 */
const ADMIN_TOKEN_ENV = 'DL_ADMIN_TOKEN';

/** The token header the exchange was made with, if it had one. */
function tokenOf(entry: TrafficEntry): string | null {
  const headers = entry.request?.headers;
  if (!headers || typeof headers !== 'object') return null;
  const token = (headers as Record<string, unknown>).token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/**
 * One exchange as a curl command that runs: every app exchange is end-to-end encrypted on the
 * wire (DESIGN.md §5), so its logged plaintext cannot be replayed to the API hosts. The command
 * asks the mock server's admin API to run it (`POST /__admin/call`) in the phone's world with the
 * exchange's token, and gets the decrypted answer `{code, message, data}`. The admin token is
 * read from the shell's environment, never written into the command.
 */
export function curlOf(entry: TrafficEntry, server: string, world: string | null): string {
  const token = tokenOf(entry);
  const body = {
    host: entry.host,
    path: entry.path,
    data: entry.request?.data ?? null,
    ...(entry.request?.userBaseInfo ? { userBaseInfo: entry.request.userBaseInfo } : {}),
    ...(token ? { token } : {}),
  };
  const lines = [
    `# ${entry.encrypted ? 'Sent end-to-end encrypted; the' : 'The'} mock server runs it in the phone's world and answers it decrypted.`,
    `# Needs the admin token: export ${ADMIN_TOKEN_ENV}=<the token the mock server printed>`,
    `curl -sS -X POST ${quote(`${server.replace(/\/+$/, '')}/__admin/call`)} \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H "x-admin-token: $${ADMIN_TOKEN_ENV}" \\`,
    ...(world ? [`  -H ${quote(`x-sim-world: ${world}`)} \\`] : []),
    `  --data-raw ${quote(JSON.stringify(body))}`,
  ];
  return lines.join('\n');
}
