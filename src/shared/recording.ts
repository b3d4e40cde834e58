/**
 * Recordings of the mock server (mock-server/recording), typed once for the server, the admin
 * client and the control panel. A recording is a scenario file (src/shared/scenario.ts) with a
 * `replay` part: per path the answers the app got, in order (the n-th call gets the n-th answer,
 * then the last repeats), the exchanges in the order and at the times they happened, and a clock
 * anchor so dates read as they did. Everything in it was redacted before it was written. After
 * WireMock's record/playback (`/__admin/recordings/start`, `…/stop`) and Mockoon's proxy record
 * (STYLE.md "Record and replay"). Runs everywhere.
 */
import type { ApiHost } from './api/endpoints';
import { ADMIN_PREFIX, MAX_INSTANT_MS, MIN_INSTANT_MS } from './workbench';
import { z } from './zod';

/** The admin paths of recordings; start and stop act on the world the request names. */
export const RECORDING_PATHS = {
  /** GET → RecordingList (the world's active recording and every saved one). */
  recordings: `${ADMIN_PREFIX}/recordings`,
  /** POST RecordingStart → 201 ActiveRecording. */
  start: `${ADMIN_PREFIX}/recordings/start`,
  /** POST → RecordingSummary: redacts, saves and makes it a scenario. */
  stop: `${ADMIN_PREFIX}/recordings/stop`,
  /** GET → the recording's scenario file. */
  recording: (name: string) => `${ADMIN_PREFIX}/recordings/${encodeURIComponent(name)}`,
  /** POST → {file}: writes it into fixtures/recordings/ to commit. */
  export: (name: string) => `${ADMIN_PREFIX}/recordings/${encodeURIComponent(name)}/export`,
} as const;

/** Scenario and recording names: lower-case words joined by dashes (DESIGN.md §6). */
export const kebabNameSchema = z
  .string()
  .check(z.maxLength(64), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case name'));

/** Most exchanges one recording keeps; past it the recording stops taking more (`full`). */
export const MAX_RECORDED_EXCHANGES = 2000;

/**
 * The key of a path in `replay.answers`: the app's own notation (DESIGN.md §5 host routing),
 * `user/userInfo`, `app/channel/userLogin/v1` (channel: starts with `app`), `user/login?hk`.
 */
export function replayKeyOf(host: ApiHost, path: string): string {
  return host === 'hk' ? `${path}?hk` : path;
}

/** A product answer as the app got it. */
const replayAnswerSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.unknown(),
});
export type ReplayAnswer = z.infer<typeof replayAnswerSchema>;

/** Where a recorded answer came from. */
export const RECORDED_SOURCES = ['upstream', 'mock', 'fault'] as const;

/** One exchange of the recording, in the order it happened. */
const replayExchangeSchema = z.object({
  /** Milliseconds since the recording started. */
  at: z.number().check(z.gte(0)),
  /** Its path (`replayKeyOf`) and which of that path's answers it got. */
  key: z.string().check(z.minLength(1), z.maxLength(300)),
  n: z.int().check(z.nonnegative()),
  /** Milliseconds the answer took. */
  ms: z.number().check(z.gte(0)),
  source: z.enum(RECORDED_SOURCES),
  /** The request's data, redacted. */
  request: z.unknown(),
});
export type ReplayExchange = z.infer<typeof replayExchangeSchema>;

/** The `replay` part of a recorded scenario. */
export const replaySchema = z
  .object({
    version: z.literal(1),
    /** ISO time the recording started. */
    recordedAt: z.string().check(z.minLength(1), z.maxLength(40)),
    /**
     * The recording world's clock when it started (epoch ms): a world selecting the recording
     * runs its clock from here, so "3 Day(s) Left" and due dates read as they did.
     */
    clockAnchor: z.number().check(z.gte(MIN_INSTANT_MS), z.lte(MAX_INSTANT_MS)),
    /** What answered: `upstream http://…` or `mock scenario repaying`. */
    source: z.string().check(z.maxLength(300)),
    /** Per path the answers in order; the last one repeats. */
    answers: z.record(
      z.string().check(z.minLength(1), z.maxLength(300)),
      z.array(replayAnswerSchema).check(z.minLength(1)),
    ),
    exchanges: z.array(replayExchangeSchema).check(z.maxLength(MAX_RECORDED_EXCHANGES)),
    /** How many distinct values of each kind (token, phone, name…) were replaced by stand-ins. */
    redacted: z.record(z.string(), z.int().check(z.nonnegative())),
  })
  .check(
    z.superRefine((replay, ctx) => {
      for (const [i, exchange] of replay.exchanges.entries()) {
        if (exchange.n >= (replay.answers[exchange.key]?.length ?? 0)) {
          ctx.addIssue({
            code: 'custom',
            path: ['exchanges', i],
            message: `names answer ${exchange.n} of ${exchange.key}, which has no such answer`,
          });
        }
      }
    }),
  );
export type Replay = z.infer<typeof replaySchema>;

/** `POST /__admin/recordings/start`. */
export const recordingStartSchema = z.strictObject({
  name: kebabNameSchema,
  title: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** The scenario the recording extends for what it does not replay (default `new-user`). */
  base: z.optional(kebabNameSchema),
});
export type RecordingStart = z.infer<typeof recordingStartSchema>;

/** A recording in progress. */
export const activeRecordingSchema = z.object({
  name: z.string(),
  world: z.string(),
  startedAt: z.string(),
  exchanges: z.int().check(z.nonnegative()),
  /** It reached MAX_RECORDED_EXCHANGES and takes no more. */
  full: z.boolean(),
});
export type ActiveRecording = z.infer<typeof activeRecordingSchema>;

/** A saved recording, loadable as a scenario by its name. */
export const recordingSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  recordedAt: z.string(),
  source: z.string(),
  exchanges: z.int().check(z.nonnegative()),
  paths: z.int().check(z.nonnegative()),
  /** Where it is kept: the server's data dir, fixtures/recordings (committed), or memory only. */
  kept: z.enum(['data-dir', 'fixtures', 'memory']),
});
export type RecordingSummary = z.infer<typeof recordingSummarySchema>;

/** `GET /__admin/recordings`. */
export const recordingListSchema = z.object({
  active: z.nullable(activeRecordingSchema),
  recordings: z.array(recordingSummarySchema),
});
export type RecordingList = z.infer<typeof recordingListSchema>;

/** `POST /__admin/recordings/:name/export`. */
export const recordingExportSchema = z.object({ file: z.string() });
