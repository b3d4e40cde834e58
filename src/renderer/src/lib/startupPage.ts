/**
 * What crosses from index.html's inline scripts (src/renderer/inline) to the app, typed once:
 * one global, `window.__dlStartup`, that the inline scripts fill and the app reads. Nothing else
 * of the page's startup is a global. The web build writes the inline scripts
 * (scripts/preloadFirstNeedsPlugin.ts); a page without them (the simulator's own build, the dev
 * server, unit tests) has an empty record, and the app then decides and starts by itself.
 */
import type { EndpointName, ProductAnswer } from '@shared/api/endpoints';
import type { AppConfig } from '@shared/appConfig';
import type { UserBaseInfo } from '@shared/envelope';
import type { ApiClient } from '@shared/transport/client';
import type { HomeFrame } from './bootShapes';

/**
 * How the page starts (PRODUCT.md §2 "Startup and access"), decided once from what the page
 * has before asking anyone (services/startupDecision.ts): whether a host injected its bridge,
 * whether a login was saved, where the page opened, which first frame index.html may paint.
 */
export interface StartupDecision {
  /** A native host injected a working bridge (DESIGN.md §4); else the web profile. */
  inHost: boolean;
  /** In a host (its token decides), or a saved login on the web: the first page calls the API. */
  signedIn: boolean;
  /** At the entry URL (the deployment base or its index.html): the Home tab. */
  atEntry: boolean;
  /** At /login. */
  atLogin: boolean;
  /** A first frame index.html may paint: Home signed in at the entry URL, Login signed out. */
  frame: 'home' | 'login' | null;
}

/** index.html's request for app-config.json, started before any module runs. */
interface AppConfigFetch {
  url: string;
  response: Promise<Response>;
  /** A copy of its JSON for the early session (read before the app reads the response). */
  config?: Promise<unknown>;
}

/** The host's getBaseInfo answer, asked once per page (native/nativeBridgeHost.ts takes it). */
interface EarlyBaseInfo {
  bridge: unknown;
  answer: Promise<unknown>;
}

/**
 * The encrypted session started before the boot chunk ran (services/earlySession.ts), as the
 * app's transport finds it.
 */
export interface EarlySession {
  /** The token, device and API hosts it was started for. */
  readonly token: string;
  readonly deviceId: string;
  readonly apiBase: AppConfig['apiBase'];
  /**
   * Home's headline, amount and main button from the first calls' answers (user info and loan
   * info, both answered): at the entry URL of a first open, index.html paints it before the boot
   * chunk has run (src/renderer/inline/firstFrame.ts), as it paints a kept one on a second open.
   * Undefined elsewhere, or when either call failed.
   */
  readonly homeFrame: Promise<HomeFrame | undefined>;
  /** Hands the client over: its calls then read the app's base info and token. */
  adopt(baseInfo: () => UserBaseInfo, token: () => string): AdoptedSession;
}

/** The early client with the answers of the first calls it made for the app. */
export interface AdoptedSession {
  client: ApiClient;
  /**
   * The answer of a call made ahead of the app with this name and data, once, and only for a
   * call of the session they were made for (`token`, the app's when it calls) while they are
   * fresh; a later call of the app asks the server. Once the app calls for another session (the
   * early one ended: a session code, a logout, a new login) every answer made ahead is dropped:
   * they are that session's (DESIGN.md §6), and a new session's screen must never act on them.
   */
  takeAnswer(name: EndpointName, data: unknown, token: string): Promise<ProductAnswer> | undefined;
}

export type FirstFrameKind = 'home' | 'login';
/** A press made on the painted frame before the app ran. */
export type FirstFramePress = 'main' | 'code' | 'login';

/** A field or button of the painted frame, as far as a take-over reads it. */
interface PaintedPart {
  value?: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
}

/** The first frame the inline script painted (src/renderer/inline/firstFrame.ts, lib/firstFrame.ts). */
export interface PaintedFrame {
  kind: FirstFrameKind;
  press: FirstFramePress | null;
  /**
   * Removes the frame and gives the page under it back: while the frame shows, that page (the
   * Loading page, then React's) is inert and hidden from assistive technology.
   */
  end(): void;
  /**
   * The frame's fields and buttons by name — Login: areaCode, phone, code, getCode, submit;
   * Home: main —, the names the screens give their own (a focus in one goes to the other).
   */
  parts: Record<string, PaintedPart>;
  /** Login: the names of the parts whose typed values are handed over. */
  fields?: readonly string[];
  /** Home: the headline, amount and main button it shows. */
  figures?: HomeFrame;
}

/** Everything the inline scripts leave for the app, in one place. */
export interface StartupPage {
  /** The startup decision, made once by the first inline script (or by the app without one). */
  decision?: StartupDecision;
  appConfig?: AppConfigFetch;
  /** The early session, started by the inline script for a signed-in page; taken once. */
  earlySession?: Promise<EarlySession | undefined>;
  earlyBaseInfo?: EarlyBaseInfo;
  /**
   * Whether the saved user record carries this browser's seal (services/userRecordSeal.ts),
   * asked once at the page's start: the first frame and the app read the same answer.
   */
  recordSealed?: Promise<boolean>;
  /** The frame painted (until a screen takes it over), or `done` once no frame may paint. */
  firstFrame?: PaintedFrame | { done: true };
  /** Settles once a frame painted or the script decided not to (tests wait for it). */
  firstFramePaint?: Promise<void>;
  /** Resolves once a frame the inline script paints is on screen (bounded); absent: none. */
  firstFrameShown?: () => Promise<void>;
}

declare global {
  /** index.html's startup record (./startupPage.ts), on `window`. */
  var __dlStartup: StartupPage | undefined;
}

/** The page's startup record, made empty when no inline script made it. */
export function startupPage(
  win: { __dlStartup?: StartupPage | undefined } = globalThis,
): StartupPage {
  win.__dlStartup ??= {};
  return win.__dlStartup;
}
