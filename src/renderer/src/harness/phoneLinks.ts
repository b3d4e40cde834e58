/**
 * Keeps the phone frame on the app, as the Electron simulator's navigation handlers do (a webview
 * has no tabs and no address bar): `window.open` is denied, and a link or navigation that leaves
 * the app opens the host's surface for it (showExternalUrl: dialer, SMS, mail, browser) while the
 * app stays. Without this a `window.open` opened a real tab, and a navigation away sent the frame
 * to a cross-origin page (`chrome-error://`) where the phone stayed dead.
 * Installed by prepareFrameWindow before the SPA's first line.
 */

type FrameWindow = Window & typeof globalThis;

export interface PhoneLinkOptions {
  /** True for a URL of the app itself (the phone's origin and base). */
  isAppUrl(url: string): boolean;
  /** A URL the phone does not open in the app. */
  onExternalUrl(url: string): void;
}

/** The part of the Navigation API the guard uses (Chromium's; absent elsewhere). */
interface NavigateEventLike extends Event {
  readonly cancelable: boolean;
  readonly downloadRequest: string | null;
  readonly destination: { readonly url: string };
}

/** Schemes the browser handles in place: downloads of the app's own pictures, nothing leaves. */
const IN_PLACE = /^(blob|data|javascript|about):/i;

export function installPhoneLinks(frame: FrameWindow, options: PhoneLinkOptions): void {
  const resolve = (raw: unknown): string | null => {
    try {
      return new URL(String(raw), frame.location.href).href;
    } catch {
      return null;
    }
  };
  const leave = (url: string | null) => {
    if (url && !IN_PLACE.test(url)) options.onExternalUrl(url);
  };
  Object.defineProperty(frame, 'open', {
    configurable: true,
    writable: true,
    value: (url?: string | URL) => {
      if (url !== undefined && String(url) !== '') leave(resolve(url));
      return null;
    },
  });
  // Links with a target of their own open no window: they go where window.open would. Bubble
  // phase, after the app's own handlers, so a link the app handles itself is left to it.
  frame.addEventListener('click', (event) => {
    if (event.defaultPrevented) return;
    const start = event.target as { closest?: (selector: string) => unknown } | null;
    const anchor = start?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
    if (!anchor || anchor.hasAttribute('download')) return;
    const href = anchor.href;
    if (IN_PLACE.test(href)) return;
    const target = anchor.target.toLowerCase();
    const newWindow = target !== '' && target !== '_self';
    if (newWindow || !options.isAppUrl(href)) {
      event.preventDefault();
      leave(href);
    }
  });
  // Any other navigation of the frame away from the app (location.href = …, a form, a redirect
  // the page starts) is stopped before it leaves.
  const navigation = (frame as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (raw) => {
    const event = raw as NavigateEventLike;
    if (!event.cancelable || event.downloadRequest !== null) return;
    const url = event.destination.url;
    if (options.isAppUrl(url) || IN_PLACE.test(url)) return;
    event.preventDefault();
    leave(url);
  });
}
