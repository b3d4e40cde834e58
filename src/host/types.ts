/**
 * Types of the simulated native host (runs in Electron main and in the browser harness).
 * Pure TS: no Electron, DOM or node imports.
 */
import type { BridgeEvent, BridgeMethod, BridgeResult } from '@shared/bridge';
import type { PhoneClock } from './phoneClock';

/** Who hosts the SPA: the lender app, the FastPay wallet, or nobody (plain web, no bridge). */
export const HOST_PROFILES = ['lender', 'fastpay', 'web'] as const;
export type HostProfile = (typeof HOST_PROFILES)[number];

export type HostSystem = 'android' | 'ios';

/** Preset ids of the simulated devices (see devices.ts). */
export const DEVICE_IDS = ['android', 'iphone', 'tablet'] as const;
export type DeviceId = (typeof DEVICE_IDS)[number];

/** What the developer answers to an interactive request. */
type InteractiveAnswer = 'ok' | 'cancel' | 'fail';
/** Per-method auto-answer: `ask` leaves the request pending until the panel answers it. */
export type AutoAnswer = 'ask' | InteractiveAnswer;

/** The bridge methods that wait for the borrower's (here: the developer's) decision. */
export const INTERACTIVE_METHODS = [
  'pickAccount',
  'gcashPayment',
  'fastPayPayment',
  'showNotice',
  'showLogin',
] as const satisfies readonly BridgeMethod[];
export type InteractiveMethod = (typeof INTERACTIVE_METHODS)[number];

/** A payee account the host offers in pickAccount. */
export interface PayeeAccount {
  payeeId: string;
  payeeLabel: string;
}

/** Settings the developer changes in the panel or the menu. */
export interface HostSettings {
  profile: HostProfile;
  system: HostSystem;
  /** Host app version (semver, or anything to test the SPA's invalid-version path). */
  version: string;
  device: DeviceId;
  online: boolean;
  /** Whether a user is signed in to the native app (its token goes out in getBaseInfo). */
  signedIn: boolean;
  /** Mobile number of the native user; '' means the current scenario's user. */
  msisdn: string;
  autoAnswer: Record<InteractiveMethod, AutoAnswer>;
}

/** A "native" surface the host shows over the app: a toast or a sheet describing a side effect. */
export interface NativeSurface {
  id: string;
  method: BridgeMethod;
  /** Short title, e.g. "Browser opened". */
  title: string;
  /** Details, e.g. the URL or the phone number. */
  detail: string;
  at: number;
}

/** A request that waits for an answer from the panel. */
export interface PendingRequest {
  id: string;
  method: InteractiveMethod;
  params: unknown;
  at: number;
}

/** What the page inside the host shows: the app, the closed-page screen or the kicked-out screen. */
export type HostView = { kind: 'app' } | { kind: 'closed' } | { kind: 'kicked-out'; tip: boolean };

/** One row of the bridge call log. */
export interface CallLogEntry {
  id: string;
  /** Epoch ms when the call arrived. */
  at: number;
  /** The app page (appGeneration) that made the call, when known. */
  generation?: number;
  method: string;
  params: unknown;
  /** Undefined while the call is pending. */
  result?: BridgeResult;
  durationMs?: number;
}

/** What a host note records (the timeline's rows that are not bridge calls or API exchanges). */
export type HostNoteKind = 'event' | 'reload' | 'scenario' | 'reset' | 'settings' | 'app-error';

/** Something the host saw or did besides answering a call, for the panel's timeline. */
export interface HostNote {
  id: string;
  /** Epoch ms. */
  at: number;
  kind: HostNoteKind;
  /** The app page (appGeneration) it belongs to. */
  generation: number;
  /** One line, e.g. "pageResume → 1 listener", "Scenario repaying", "TypeError: …". */
  text: string;
  detail?: unknown;
}

/** A snapshot of the whole host, handed to the panel (immutable; replaced on every change). */
export interface HostSnapshot {
  settings: HostSettings;
  /** Token the host hands out in getBaseInfo ('' when signed out). */
  tokenValue: string;
  deviceId: string;
  scenario: string | null;
  view: HostView;
  surfaces: readonly NativeSurface[];
  pending: readonly PendingRequest[];
  calls: readonly CallLogEntry[];
  /** Host events sent, reloads, scenario and settings changes, the app's errors (newest last). */
  notes: readonly HostNote[];
  accounts: readonly PayeeAccount[];
  /** Bumped whenever the app must reload (profile, scenario, reset, reopen). */
  appGeneration: number;
  /** Last error of a host operation (admin API down, unknown scenario), for the panel. */
  error: string | null;
  /** The phone's Date: its world's clock (null = real time). */
  clock: PhoneClock | null;
}

/** Host → web event as delivered to the page. */
/** Which app page made a bridge call (the harness tags each page it bridges). */
export interface CallOrigin {
  /** `appGeneration` of the snapshot when the page was given its bridge. */
  appGeneration: number;
}

/** The answer to a call from a page that has since been replaced. */
export const STALE_PAGE_MESSAGE = 'The page that called was replaced (app reloaded)';

export interface HostEventMessage {
  event: BridgeEvent;
  payload: unknown;
}
