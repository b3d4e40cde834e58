/**
 * Window and session hardening: secure webPreferences, CSP, navigation limited to the app, new
 * windows routed to the openBrowser surface, every permission denied. Each takes the Electron
 * objects as parameters so tests pass fakes.
 */
import type { Session, WebContents, WebPreferences } from 'electron';

/** Content-Security-Policy of the app and panel pages. Dev adds what Vite's HMR client needs. */
export function contentSecurityPolicy(options: {
  dev: boolean;
  devOrigin?: string;
  /** CSP sources ('sha256-…', 'unsafe-hashes') allowing the page's own inline scripts. */
  scriptHashes?: readonly string[];
  /**
   * The embedded mock server's origin: its answers carry fixture pictures as absolute URLs on it
   * (mock-server/http/media.ts), so exactly that origin may serve images.
   */
  mediaOrigin?: string;
}): string {
  const devConnect =
    options.dev && options.devOrigin
      ? ` ${options.devOrigin} ${options.devOrigin.replace(/^http/, 'ws')}`
      : '';
  const hashes = options.scriptHashes?.length ? ` ${options.scriptHashes.join(' ')}` : '';
  const devScript = options.dev ? " 'unsafe-inline'" : hashes;
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${devScript}`,
    // antd-mobile sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${options.mediaOrigin ? ` ${options.mediaOrigin}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${devConnect}${options.dev ? ' http://127.0.0.1:* http://localhost:*' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** webPreferences of every simulator window: the secure defaults, spelled out. */
export function secureWebPreferences(preload: string, args: string[]): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    additionalArguments: args,
  };
}

/** True when `url` belongs to one of the allowed origins (app:// or the dev server). */
export function isAllowedUrl(url: string, allowedOrigins: readonly string[]): boolean {
  try {
    // URL#origin is "null" for schemes the URL parser does not know as special (app:),
    // so compare scheme and host directly.
    const parsed = new URL(url);
    return allowedOrigins.includes(`${parsed.protocol}//${parsed.host}`);
  } catch {
    return false;
  }
}

/** What a frame inside the app may show besides the app itself: an empty document. */
const EMPTY_DOCUMENTS = new Set(['about:blank', 'about:srcdoc']);

/**
 * Keeps a window inside the app: navigation elsewhere, of the page or of any frame in it, is
 * blocked, `window.open` and target=_blank links are denied and shown as the openBrowser surface,
 * <webview> is refused.
 */
export function limitNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  allowedOrigins: readonly string[],
  onExternalUrl: (url: string) => void,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedUrl(url, allowedOrigins)) {
      event.preventDefault();
      onExternalUrl(url);
    }
  });
  // will-navigate covers the main frame only; an iframe leaving the app is stopped here.
  contents.on('will-frame-navigate', (details) => {
    if (details.isMainFrame || EMPTY_DOCUMENTS.has(details.url)) return;
    if (!isAllowedUrl(details.url, allowedOrigins)) {
      details.preventDefault();
      onExternalUrl(details.url);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedUrl(url, allowedOrigins)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    onExternalUrl(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check (camera, geolocation, notifications, …). */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Adds the CSP header to the dev server's HTML (app:// answers carry it already). */
export function applyCspHeader(
  session: Pick<Session, 'webRequest'>,
  csp: string,
  allowedOrigins: readonly string[],
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAllowedUrl(details.url, allowedOrigins)) return callback({});
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
    });
  });
}
