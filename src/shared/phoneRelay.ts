/**
 * What the browser harness page and its phone relay say to each other over postMessage
 * (docs/simulator.md "Browser harness", DESIGN.md §6 "Worlds and admin access"). The relay
 * (phone.html) runs on the phone's own origin (phoneOrigin.ts), so the browser itself keeps each
 * profile's storage, cookies and IndexedDB apart; everything the harness used to hand the phone
 * frame directly (the bridge, its events, network, insets, clock) crosses the origin boundary as
 * these messages.
 *
 * Both sides check the sender's origin and window and parse every payload with these schemas;
 * neither ever posts with `*` as target origin. The admin token never crosses: nothing here
 * carries it, and the phone needs none. No electron, node: or DOM imports.
 */
import { bridgeResultSchema } from './bridge';
import { harnessOriginsOf } from './phoneOrigin';
import { z } from './zod';

/** Marks the relay's messages among whatever else a window receives. */
export const RELAY_CHANNEL = 'dl-phone-relay';

/** The relay page, at the app's base on the phone origin. */
export const RELAY_PAGE = 'phone.html';

const insetsSchema = z.object({
  top: z.number(),
  right: z.number(),
  bottom: z.number(),
  left: z.number(),
});

const clockSchema = z.nullable(
  z.object({ offsetMs: z.number(), frozenAt: z.nullable(z.number()) }),
);

/** A path of the app (`/loans?x=1`), never a URL of its own (`//host`, `https:`). */
const appPath = z.string().check(z.maxLength(4096), z.regex(/^\/(?![/\\])/));
const shortText = z.string().check(z.maxLength(4096));

/** Harness → relay. */
const toRelaySchema = z.discriminatedUnion('type', [
  /** Loads the app at `path` in the relay's frame, prepared as a webview of this phone. */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('open'),
    world: z.string().check(z.maxLength(200)),
    path: appPath,
    /** False in the web profile: the page gets no `window.nativeBridge`. */
    bridge: z.boolean(),
    mockOrigin: z.optional(z.string().check(z.maxLength(2048))),
    insets: insetsSchema,
    online: z.boolean(),
    clock: clockSchema,
    /** The app's localStorage to start from (a repro bundle's), replacing what the origin has. */
    storage: z.optional(z.record(z.string(), z.string())),
  }),
  /** Asks for the app's localStorage (the workbench's capture). */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('read-storage'),
    id: z.number().check(z.int()),
  }),
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('online'), online: z.boolean() }),
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('insets'), insets: insetsSchema }),
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('clock'), clock: clockSchema }),
  /** The host's answer to the relay's call `id`. */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('answer'),
    id: z.number().check(z.int()),
    result: bridgeResultSchema,
  }),
  /** A host event for the page's listeners of `event`. */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('event'),
    event: shortText,
    payload: z.unknown(),
  }),
]);
export type ToRelay = z.infer<typeof toRelaySchema>;

/** Relay → harness. */
const fromRelaySchema = z.discriminatedUnion('type', [
  /**
   * The relay page has loaded and waits for `open`; `storage` says whether the browser gives this
   * origin's documents storage in this frame (a browser that blocks third-party storage refuses a
   * cross-site phone: the harness then moves to the same-site arrangement, phoneOrigin.ts).
   */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('ready'),
    storage: z.object({ allowed: z.boolean(), detail: shortText }),
  }),
  /** The app's localStorage, answering `read-storage` `id`. */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('storage'),
    id: z.number().check(z.int()),
    entries: z.record(z.string(), z.string()),
  }),
  /** The page called `window.nativeBridge.call`. */
  z.object({
    channel: z.literal(RELAY_CHANNEL),
    type: z.literal('call'),
    id: z.number().check(z.int()),
    method: shortText,
    params: z.optional(z.unknown()),
  }),
  /** The page listens to (or stops listening to) a host event. */
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('listen'), event: shortText }),
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('unlisten'), event: shortText }),
  /** The app's route changed. */
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('path'), path: appPath }),
  /** The page logged or threw an error. */
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('app-error'), text: shortText }),
  /** The page tried to leave the app for `url`: the host opens its surface for it. */
  z.object({ channel: z.literal(RELAY_CHANNEL), type: z.literal('external'), url: shortText }),
]);
export type FromRelay = z.infer<typeof fromRelaySchema>;

/** The parts of a MessageEvent the checks read. */
export interface RelayEnvelope {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

/**
 * The message when it comes from exactly `origin` and the window `source` and parses; otherwise
 * null (another frame, another origin, or a malformed payload: ignored, never acted on).
 */
export function readToRelay(
  event: RelayEnvelope,
  expected: { origin: string; source: unknown },
): ToRelay | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const parsed = toRelaySchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

export function readFromRelay(
  event: RelayEnvelope,
  expected: { origin: string; source: unknown },
): FromRelay | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const parsed = fromRelaySchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * True when `claimed` (the harness origin the relay's URL names) may drive the relay on
 * `relayOrigin`: the harness of that phone's arrangement on the same port (phoneOrigin.ts) —
 * never another site that framed phone.html.
 */
export function isHarnessOriginFor(claimed: string, relayOrigin: string): boolean {
  return harnessOriginsOf(relayOrigin).includes(claimed);
}
