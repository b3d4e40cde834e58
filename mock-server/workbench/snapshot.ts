/**
 * World snapshots (src/shared/workbench.ts `worldSnapshotSchema`): a world's scenario, full domain
 * state, armed faults, clock and traffic log, to hand a bug to a colleague. The server identity and
 * the live Signal sessions are not in it: a phone on the restored world re-handshakes once (4011),
 * as after a server restart, and its token keeps working.
 */
import {
  MAX_ARMED_FAULTS,
  MAX_SNAPSHOT_LOG_ENTRIES,
  type WorkbenchLogEntry,
  type WorldSnapshot,
  worldSnapshotSchema,
} from '@shared/workbench';
import { SnapshotError } from '../domain/types';
import type { LogEntry, LogHost } from '../http/trafficLog';
import type { World } from '../worlds';
import { ClockRangeError } from './worldClock';
import { describeIssues } from '@shared/zodIssues';

/**
 * The world as a snapshot; without its log when `withLog` is false (what the data dir keeps: the
 * log is the most expensive part to take, and a restart may lose it).
 */
export function takeSnapshot(world: World, withLog = true): WorldSnapshot {
  return {
    version: 1,
    world: world.id,
    takenAt: Date.now(),
    scenario: world.domain.currentScenario(),
    state: world.domain.exportState(),
    faults: world.faults.list(),
    clock: world.clock.state(),
    log: withLog ? world.log.list().map((entry) => ({ ...entry })) : [],
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A log entry of a snapshot as the log keeps it (numbered in order when ids are not). Its `at`
 * was checked to be a date from 2000 to 2100 (snapshotLogEntrySchema), so it has an ISO form.
 */
function logEntryOf(entry: WorkbenchLogEntry, index: number): LogEntry {
  const request = isRecord(entry.request) ? entry.request : {};
  const response = isRecord(entry.response) ? entry.response : {};
  return {
    id: typeof entry.id === 'number' && Number.isSafeInteger(entry.id) ? entry.id : index + 1,
    at: new Date(typeof entry.at === 'number' ? entry.at : Date.parse(entry.at)).toISOString(),
    host: entry.host as LogHost,
    path: entry.path,
    encrypted: entry.encrypted,
    request: {
      headers: isRecord(request.headers) ? (request.headers as Record<string, string>) : {},
      data: request.data ?? null,
      userBaseInfo: request.userBaseInfo ?? null,
    },
    response: {
      code: typeof response.code === 'number' ? response.code : 0,
      message: typeof response.message === 'string' ? response.message : '',
      data: response.data ?? null,
    },
    status: entry.status ?? 0,
    ms: entry.ms ?? 0,
    ...(entry.fault ? { fault: entry.fault } : {}),
    ...(entry.kind ? { kind: entry.kind as NonNullable<LogEntry['kind']> } : {}),
  };
}

/** The snapshot a body describes, or the reason it is not one (for a 400). */
export function parseSnapshot(
  body: unknown,
): { ok: true; snapshot: WorldSnapshot } | { ok: false; error: string } {
  // Counts first: 90,000 log entries were checked one by one before the cap was looked at.
  const counted = body as { log?: unknown; faults?: unknown } | null;
  for (const [field, max] of [
    ['log', MAX_SNAPSHOT_LOG_ENTRIES],
    ['faults', MAX_ARMED_FAULTS],
  ] as const) {
    const list = counted?.[field];
    if (Array.isArray(list) && list.length > max) {
      return {
        ok: false,
        error: `Not a world snapshot: ${field} has ${list.length} items, at most ${max}`,
      };
    }
  }
  const parsed = worldSnapshotSchema.safeParse(body);
  if (parsed.success) return { ok: true, snapshot: parsed.data };
  const issues = describeIssues(parsed.error, { limit: 5 });
  return { ok: false, error: `Not a world snapshot (version 1): ${issues}` };
}

/**
 * Restores a snapshot into a world, all or nothing: the log and the clock are prepared and the
 * domain state checked and swapped in (SnapshotError, world unchanged); then the steps that
 * cannot fail take over clock, faults and log.
 */
export function restoreSnapshot(world: World, snapshot: WorldSnapshot): void {
  const takeLog = world.log.prepareRestore(snapshot.log.map(logEntryOf));
  let takeClock: () => void;
  try {
    takeClock = world.clock.prepareRestore(snapshot.clock);
  } catch (error) {
    if (error instanceof ClockRangeError) throw new SnapshotError(`clock: ${error.message}`);
    throw error;
  }
  world.domain.importState(snapshot.scenario, snapshot.state);
  takeClock();
  world.faults.restore(snapshot.faults);
  takeLog();
}
