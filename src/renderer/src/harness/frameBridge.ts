/**
 * Puts the SPA into the phone frame the way a native webview does: `window.nativeBridge` and the
 * network state exist before the SPA's first line runs. prepareFrameWindow installs all of it in
 * a frame window; it is called at the start of every document of the phone:
 * - with the phone service worker (phoneWorker/), the frame navigates to the app for real and the
 *   worker's prepare script, first in <head>, calls the harness page (PhoneStage) synchronously;
 * - without one (an insecure origin), mountApp prepares an about:blank frame: it fetches the
 *   SPA's index.html, opens the frame's document, moves its URL to the app URL
 *   (history.replaceState, so routing and relative URLs behave as in a real load), prepares the
 *   window, then writes the HTML. A later full navigation inside the frame (reload, location
 *   change) is caught on `load` and bootstrapped again.
 */

import type { SafeAreaInsets } from '@host/devices';
import type { HostCore } from '@host/HostCore';
import { installPhoneClock, type PhoneClock } from '@host/phoneClock';
import type { BridgeResult, NativeBridge } from '@shared/bridge';
import { installPhoneLinks, type PhoneLinkOptions } from './phoneLinks';
import { installPhoneNetwork, installStorageNamespace, storagePrefix } from './phoneRealm';

/** Marks a frame window the harness has prepared. */
const INSTALLED = '__directLoanSimulator';

type FrameWindow = Window & typeof globalThis & { [INSTALLED]?: FrameControl };

/** What the harness keeps of a prepared frame. */
export interface FrameControl {
  setOnline(online: boolean): void;
  /** The device's safe-area insets, as a host without env() support provides them. */
  setInsets(insets: SafeAreaInsets): void;
  /** The phone's Date follows its world's clock (null = real time). */
  setClock(clock: PhoneClock | null): void;
}

/**
 * Sets the host-provided inset variables the SPA reads when env() gives nothing (src/renderer
 * styles: `var(--dl-safe-area-inset-top, env(safe-area-inset-top, 0px))`). An iframe has no notch
 * of its own, so this is how a notched preset reaches the app.
 */
function applyInsets(doc: Document, insets: SafeAreaInsets): void {
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    doc.documentElement.style.setProperty(`--dl-safe-area-inset-${side}`, `${insets[side]}px`);
  }
}

/**
 * The host as a phone window's bridge reaches it: the harness page's HostCore directly
 * (hostBridge), or, from the phone relay on the phone's own origin, over postMessage.
 */
export interface BridgeHost {
  call(method: string, params?: object): Promise<BridgeResult>;
  /** Hears the host's `event`; returns the stop. */
  onEvent(event: string, listener: (payload: unknown) => void): () => void;
}

/** `host` as the bridge of the page being prepared now (its app generation). */
export function hostBridge(host: HostCore): BridgeHost {
  // The page belongs to the app generation it was bridged in; once replaced, it is not answered.
  const origin = { appGeneration: host.getSnapshot().appGeneration };
  return {
    call: (method, params) => host.call(method, params, origin),
    onEvent: (event, listener) =>
      host.onEvent((message) => {
        if (message.event === event) listener(message.payload);
      }, event),
  };
}

/**
 * The bridge as the page sees it. Results are cloned into the frame's own realm so the SPA gets
 * plain objects of its own realm (instanceof and prototype checks behave as in a webview).
 */
export function createFrameBridge(host: BridgeHost, frame: FrameWindow): NativeBridge {
  const bridge: NativeBridge = {
    call(method: string, params?: object) {
      const answer = host.call(method, params);
      return new frame.Promise((resolve) => {
        void answer.then((result) => resolve(frame.structuredClone(result)));
      });
    },
    on(event: string, listener: (payload: unknown) => void) {
      if (typeof listener !== 'function') return () => undefined;
      return host.onEvent(event, (payload) => listener(frame.structuredClone(payload)));
    },
  };
  return Object.freeze(bridge);
}

/** What a phone window is prepared with. */
export interface PrepareOptions {
  /** null in the web profile: no bridge at all. */
  bridge: BridgeHost | null;
  /** The phone's world: every request of the app carries it. */
  world: string;
  /**
   * The storage namespace of a phone sharing the harness page's origin (world and profile); null
   * on the phone's own origin, where the browser keeps its storage apart (phoneOrigin.ts).
   */
  storageNamespace: { world: string; profile: string } | null;
  /** `?mock=`: the origin of another mock server the app must use too. */
  mockOrigin?: string;
  /** The device's safe-area insets. */
  insets: SafeAreaInsets;
  online: boolean;
  /** The world's clock the phone's Date follows (null = real time). */
  clock: PhoneClock | null;
  /** Hears the page's console errors, uncaught errors and unhandled rejections. */
  onAppError?(text: string): void;
  /** Keeps the frame on the app: window.open and links away open native surfaces instead. */
  links?: PhoneLinkOptions;
}

/** A short text of whatever the page threw, logged or rejected with. */
function describeError(value: unknown): string {
  if (value && typeof value === 'object' && 'message' in value) {
    const { name, message } = value as { name?: unknown; message?: unknown };
    return `${typeof name === 'string' ? `${name}: ` : ''}${String(message)}`;
  }
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Reports the page's errors as a webview's console would show them, without changing them. */
function watchAppErrors(frame: FrameWindow, report: (text: string) => void): void {
  frame.addEventListener('error', (event) => {
    report(`Uncaught ${describeError(event.error ?? event.message)}`);
  });
  frame.addEventListener('unhandledrejection', (event) => {
    report(`Unhandled rejection: ${describeError(event.reason)}`);
  });
  const original = frame.console.error.bind(frame.console);
  frame.console.error = (...args: unknown[]) => {
    report(`console.error: ${args.map(describeError).join(' ')}`);
    original(...args);
  };
}

/**
 * Prepares a phone window before the SPA's first script: the bridge, the storage namespace, the
 * network patch and the insets (once its document has an element to carry them).
 */
export function prepareFrameWindow(frame: FrameWindow, options: PrepareOptions): FrameControl {
  if (options.bridge) {
    Object.defineProperty(frame, 'nativeBridge', {
      value: createFrameBridge(options.bridge, frame),
      enumerable: true,
    });
  }
  const namespace = options.storageNamespace;
  if (namespace) installStorageNamespace(frame, storagePrefix(namespace.world, namespace.profile));
  if (options.links) installPhoneLinks(frame, options.links);
  if (options.onAppError) watchAppErrors(frame, options.onAppError);
  const network = installPhoneNetwork(frame, options.world, options.online, options.mockOrigin);
  const control: FrameControl = {
    setOnline: (online) => network.setOnline(online),
    setInsets: (insets) => {
      if (frame.document.documentElement) applyInsets(frame.document, insets);
    },
    setClock: (clock) => installPhoneClock(frame, clock),
  };
  control.setClock(options.clock);
  control.setInsets(options.insets);
  frame[INSTALLED] = control;
  return control;
}

interface MountOptions extends PrepareOptions {
  /** Fetches the SPA's HTML (index.html of the app base). */
  fetchHtml(): Promise<string>;
}

/**
 * Without a phone service worker: bootstraps `appUrl` into the (freshly attached) about:blank
 * iframe; resolves the frame's control.
 */
export async function mountApp(
  iframe: HTMLIFrameElement,
  appUrl: string,
  options: MountOptions,
): Promise<FrameControl> {
  const html = await options.fetchHtml();
  const frame = iframe.contentWindow as FrameWindow | null;
  const doc = iframe.contentDocument;
  if (!frame || !doc) throw new Error('The phone frame is not attached');
  doc.open();
  frame.history.replaceState(null, '', appUrl);
  const control = prepareFrameWindow(frame, options);
  doc.write(html);
  control.setInsets(options.insets);
  doc.close();
  return control;
}

/** True when the frame's current document was prepared (not a fresh, unprepared navigation). */
export function isPrepared(iframe: HTMLIFrameElement): boolean {
  try {
    return Boolean((iframe.contentWindow as FrameWindow | null)?.[INSTALLED]);
  } catch {
    // A cross-origin document (the app navigated away): nothing to prepare there.
    return true;
  }
}

/**
 * The frame's URL, or null when this page may not read it: the frame left the app for another
 * origin (or an error page, `chrome-error://`), where reading its location throws.
 */
export function readableHref(iframe: HTMLIFrameElement): string | null {
  try {
    return iframe.contentWindow?.location.href ?? null;
  } catch {
    return null;
  }
}
