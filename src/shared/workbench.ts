/**
 * The QA workbench contract of the mock server (DESIGN.md §6 "Worlds and admin access"): the
 * world's clock, the fault lab and world snapshots, typed once for the server (mock-server/), the
 * admin client (src/host/adminClient.ts) and the control panel. Every call acts on the world its
 * request names (`x-sim-world` or `?world=`). Runs everywhere: no DOM, node or Electron imports.
 */
import { z } from './zod';

/** Where the admin API is mounted; every path below is relative to the server's origin. */
export const ADMIN_PREFIX = '/__admin';

/** The admin paths of the workbench (plus the older ones it works with). */
export const ADMIN_PATHS = {
  /** GET → ClockState · PUT ClockCommand → ClockState · DELETE → real time, → ClockState. */
  clock: `${ADMIN_PREFIX}/clock`,
  /** GET → {faults: ArmedFault[]} · POST FaultSpec → 201 {fault: ArmedFault} · DELETE → {cleared}. */
  faults: `${ADMIN_PREFIX}/faults`,
  /** DELETE → {cleared: 0 | 1} (404 for an unknown id). */
  fault: (id: string) => `${ADMIN_PREFIX}/faults/${encodeURIComponent(id)}`,
  /** POST → {identityKey}: the world's server presents a new identity (a key rotation). */
  rotateIdentity: `${ADMIN_PREFIX}/rotate-identity`,
  /** GET → WorldSnapshot · PUT WorldSnapshot → {world, scenario} (400 when malformed). */
  snapshot: (world: string) => `${ADMIN_PREFIX}/worlds/${encodeURIComponent(world)}/snapshot`,
  /** GET ?limit=N → TrafficEntry[], newest last · DELETE clears. */
  log: `${ADMIN_PREFIX}/log`,
  worlds: `${ADMIN_PREFIX}/worlds`,
  scenarios: `${ADMIN_PREFIX}/scenarios`,
  scenario: `${ADMIN_PREFIX}/scenario`,
  reset: `${ADMIN_PREFIX}/reset`,
} as const;

// ---------------------------------------------------------------------------------------------
// Clock

/**
 * The instants a world's clock may show: 2000 to 2100. Far enough for any due date QA wants to
 * reach, near enough that every date of the domain stays a date (`1e300` made every call 4081;
 * `toISOString` throws past year 275760).
 */
export const MIN_INSTANT_MS = Date.UTC(2000, 0, 1);
export const MAX_INSTANT_MS = Date.UTC(2100, 0, 1);
/** The largest move of a clock: from one end of the range to the other. */
export const MAX_CLOCK_SPAN_MS = MAX_INSTANT_MS - MIN_INSTANT_MS;

const instantNumber = z.number().check(z.gte(MIN_INSTANT_MS), z.lte(MAX_INSTANT_MS));
const spanNumber = z.number().check(z.gte(-MAX_CLOCK_SPAN_MS), z.lte(MAX_CLOCK_SPAN_MS));

/** Whether an instant (epoch ms) is one a world's clock may show. */
export function isClockInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/**
 * A world's clock. The world's domain (due dates, overdue days, event windows, SMS countdowns,
 * order numbers) and the transport's freshness window (4081) of that world's requests both read
 * it, so a phone whose Date follows the world clock is accepted.
 */
export const clockStateSchema = z.object({
  /** Simulated epoch ms at the moment of the answer. */
  now: instantNumber,
  /** Simulated minus real, ms (0 on real time). */
  offsetMs: spanNumber,
  /** false = frozen at `now`; true = runs at real speed from `now`. */
  running: z.boolean(),
});
export type ClockState = z.infer<typeof clockStateSchema>;

/** Epoch ms, or an ISO date (`2025-12-24` or `2025-12-24T10:00:00+08:00`). */
const clockInstantSchema = z.union([
  instantNumber,
  z.string().check(
    z.minLength(1),
    z.maxLength(40),
    z.refine((s) => isClockInstant(Date.parse(s)), 'not a date from 2000 to 2100 (ISO 8601)'),
  ),
]);

/**
 * A move of the clock: `at` first (jump to), then `advanceMs` (may be negative), then `running`
 * (freeze at, or run from, the resulting simulated time). An empty command changes nothing.
 */
export const clockCommandSchema = z.strictObject({
  at: z.optional(clockInstantSchema),
  advanceMs: z.optional(spanNumber),
  running: z.optional(z.boolean()),
});
export type ClockCommand = z.infer<typeof clockCommandSchema>;

/** Epoch ms of a clock instant (a validated one). */
export function instantMs(at: number | string): number {
  return typeof at === 'number' ? at : Date.parse(at);
}

// ---------------------------------------------------------------------------------------------
// Faults

/**
 * What an armed fault does to a matching call (every kind waits `delayMs` first when given):
 * - `code`: answers `code` + `message` (+ `data`) instead of the domain (encrypted as usual);
 * - `delay`: answers normally after `delayMs`;
 * - `timeout`: holds the call past the client's 10 s timeout (DESIGN.md §5), then closes it;
 * - `corrupt`: the answer's ciphertext is corrupted (encrypted endpoints);
 * - `session-lost`: answers 4011 SESSION_NOT_FOUND and forgets that session (one re-handshake);
 * - `replay`: answers 4091 REPLAY_OR_DUPLICATE;
 * - `identity-change`: the world's server rotates its identity before the next handshake, as a
 *   real key rotation would (the client's pinned identity refuses: 4012 / secure-connection dialog);
 * - `handshake-refused`: a handshake answers non-200 with `message` (PRODUCT.md §8);
 * - `drop`: the socket is destroyed without an answer (a network failure mid-request).
 */
export const FAULT_KINDS = [
  'code',
  'delay',
  'timeout',
  'corrupt',
  'session-lost',
  'replay',
  'identity-change',
  'handshake-refused',
  'drop',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
const faultKindSchema = z.enum(FAULT_KINDS);

/** How long a `timeout` fault holds the call before closing it (past the client's 10 s). */
export const FAULT_TIMEOUT_HOLD_MS = 15_000;

const faultFields = {
  /** Endpoint path without host prefix (e.g. `user/userInfo`), or `*` for every path. */
  path: z.string().check(z.minLength(1), z.maxLength(200)),
  /** Product code answered by a `code` fault (default 500); the code of `handshake-refused`. */
  code: z.optional(z.int()),
  message: z.optional(z.string().check(z.maxLength(500))),
  /** The answer's data with `code` (default null). */
  data: z.optional(z.unknown()),
  /** Wait before answering, ms (any kind; the point of `delay`). */
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(120_000))),
  /** How many calls it applies to; absent = every call until cleared. */
  times: z.optional(z.int().check(z.positive())),
};

/** A fault to arm (`POST /__admin/faults`). */
export const faultSpecSchema = z.strictObject({ ...faultFields, kind: faultKindSchema });
export type FaultSpec = z.infer<typeof faultSpecSchema>;

/** What `POST /__admin/faults` accepts, before defaults. */
export type FaultInput = z.input<typeof faultSpecSchema>;

/** Most faults armed at once in a world (and in a snapshot). */
export const MAX_ARMED_FAULTS = 200;

/** An armed fault: its spec, its id and the calls it still applies to (null = until cleared). */
export const armedFaultSchema = z.extend(faultSpecSchema, {
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  remaining: z.nullable(z.int().check(z.nonnegative())),
});
export type ArmedFault = z.infer<typeof armedFaultSchema>;

export const faultListSchema = z.object({ faults: z.array(armedFaultSchema) });

/** How a traffic log entry marks the fault that shaped it. */
export const faultMarkSchema = z.looseObject({
  id: z.string(),
  kind: faultKindSchema,
  path: z.optional(z.string()),
});
export type FaultMark = z.infer<typeof faultMarkSchema>;

// ---------------------------------------------------------------------------------------------
// Traffic log and snapshots

/**
 * One traffic log entry as the workbench reads it (DESIGN.md §6 `GET /__admin/log`), lenient:
 * `fault` marks an injected fault; `kind` is absent for an exchange, `fault-armed` /
 * `fault-cleared` / `clock` / `identity-rotated` for a workbench event on the timeline.
 */
const workbenchLogEntrySchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  at: z.union([z.string(), z.number()]),
  host: z.string(),
  path: z.string(),
  encrypted: z.boolean(),
  request: z.optional(z.unknown()),
  response: z.optional(z.unknown()),
  status: z.optional(z.number()),
  ms: z.optional(z.number()),
  fault: z.optional(faultMarkSchema),
  kind: z.optional(z.string()),
});
export type WorkbenchLogEntry = z.infer<typeof workbenchLogEntrySchema>;

/** Largest snapshot body the server takes, bytes. */
export const SNAPSHOT_BODY_LIMIT = '8mb';
/** Most log entries a snapshot carries: what a world's log keeps. */
export const MAX_SNAPSHOT_LOG_ENTRIES = 500;

/**
 * A log entry as a snapshot carries it: the lenient entry, with values a log can hold (a time
 * that is a date, short fields, sane numbers), so a restore cannot fail half-way on one.
 */
const snapshotLogEntrySchema = z.extend(workbenchLogEntrySchema, {
  id: z.union([z.string().check(z.maxLength(64)), z.int().check(z.gte(0), z.lte(2 ** 52))]),
  at: z.union([
    z.string().check(
      z.maxLength(40),
      z.refine((s) => isClockInstant(Date.parse(s)), 'not a date from 2000 to 2100'),
    ),
    instantNumber,
  ]),
  host: z.string().check(z.maxLength(20)),
  path: z.string().check(z.maxLength(1024)),
  status: z.optional(z.int().check(z.gte(0), z.lte(999))),
  ms: z.optional(z.number().check(z.gte(0), z.lte(24 * 3_600_000))),
  kind: z.optional(z.string().check(z.maxLength(40))),
});

/**
 * A whole world, to hand a bug to a colleague (`GET|PUT /__admin/worlds/:id/snapshot`): restoring
 * it into any world (created if missing) and continuing behaves as the original world did —
 * tokens, order numbers, drafts, faults, clock and log included.
 */
export const worldSnapshotSchema = z.object({
  version: z.literal(1),
  /** The world it was taken from. */
  world: z.string().check(z.maxLength(64)),
  /** Real epoch ms when it was taken. */
  takenAt: z.number().check(z.gte(0), z.lte(MAX_INSTANT_MS)),
  scenario: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The domain's serialised state (opaque to the panel; validated by the server on restore). */
  state: z.unknown(),
  faults: z.array(armedFaultSchema).check(z.maxLength(MAX_ARMED_FAULTS)),
  clock: clockStateSchema,
  log: z.array(snapshotLogEntrySchema).check(z.maxLength(MAX_SNAPSHOT_LOG_ENTRIES)),
});
export type WorldSnapshot = z.infer<typeof worldSnapshotSchema>;

/** What a restore answers. */
export const restoreAnswerSchema = z.object({ world: z.string(), scenario: z.string() });
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;

/** What a rotation answers: the new identity key (base64, 33 bytes). */
export const rotateAnswerSchema = z.object({ identityKey: z.string() });
