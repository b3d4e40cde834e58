import { describe, expect, it, vi } from 'vitest';
import {
  contentSecurityPolicy,
  denyAllPermissions,
  isAllowedUrl,
  limitNavigation,
  secureWebPreferences,
} from './security';

vi.mock('electron', () => ({}));

type Listener = (
  event: { preventDefault(): void; url?: string; isMainFrame?: boolean },
  url: string,
) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url: string) => {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    listeners.get(name)?.(event, url);
    return event.prevented;
  };
  /** A frame's navigation as `will-frame-navigate` reports it (one details object). */
  const fireFrame = (url: string, isMainFrame: boolean) => {
    const details = {
      url,
      isMainFrame,
      prevented: false,
      preventDefault: () => (details.prevented = true),
    };
    listeners.get('will-frame-navigate')?.(details, url);
    return details.prevented;
  };
  return { contents, fire, fireFrame, open: (url: string) => openHandler?.({ url }) };
}

describe('window security', () => {
  it('keeps the secure webPreferences', () => {
    expect(secureWebPreferences('/p.cjs', ['--dl-role=app'])).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      additionalArguments: ['--dl-role=app'],
    });
  });

  it('allows navigation inside the app only and routes the rest to the openBrowser surface', () => {
    const { contents, fire, open } = fakeContents();
    const external: string[] = [];
    limitNavigation(contents as never, ['app://simulator'], (url) => external.push(url));
    expect(fire('will-navigate', 'app://simulator/bill')).toBe(false);
    expect(fire('will-navigate', 'https://phish.example/login')).toBe(true);
    expect(fire('will-attach-webview', 'x')).toBe(true);
    expect(open('https://www.directloan.ph/terms')).toEqual({ action: 'deny' });
    expect(external).toEqual(['https://phish.example/login', 'https://www.directloan.ph/terms']);
  });

  it('keeps every frame of the page inside the app, not only the main frame', () => {
    const { contents, fireFrame } = fakeContents();
    const external: string[] = [];
    limitNavigation(contents as never, ['app://simulator'], (url) => external.push(url));
    expect(fireFrame('https://phish.example/frame', false)).toBe(true);
    expect(fireFrame('app://simulator/terms', false)).toBe(false);
    expect(fireFrame('about:blank', false)).toBe(false);
    // The main frame is will-navigate's: one surface per navigation.
    expect(fireFrame('https://phish.example/top', true)).toBe(false);
    expect(external).toEqual(['https://phish.example/frame']);
  });

  it('denies every permission request and check', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
    } as never);
    const answers: boolean[] = [];
    request?.({}, 'media', (ok) => answers.push(ok));
    expect(answers).toEqual([false]);
    expect(check?.()).toBe(false);
  });

  it('compares origins, also of the app: scheme', () => {
    expect(isAllowedUrl('app://simulator/x', ['app://simulator'])).toBe(true);
    expect(isAllowedUrl('app://other/x', ['app://simulator'])).toBe(false);
    expect(isAllowedUrl('not a url', ['app://simulator'])).toBe(false);
  });

  it('lets exactly the embedded server show its fixture pictures, in production and dev', () => {
    const mediaOrigin = 'http://127.0.0.1:43123';
    for (const dev of [false, true]) {
      const imgSrc = contentSecurityPolicy({ dev, mediaOrigin })
        .split('; ')
        .find((directive) => directive.startsWith('img-src '));
      expect(imgSrc?.split(' ')).toEqual([
        'img-src',
        "'self'",
        'data:',
        'blob:',
        'https:',
        mediaOrigin,
      ]);
    }
  });

  it('production CSP allows no inline script or eval and connects only to itself', () => {
    const csp = contentSecurityPolicy({ dev: false });
    // WebAssembly compiles (long.js probes it at boot); no JavaScript string is ever evaluated.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("connect-src 'self';");
    expect(contentSecurityPolicy({ dev: true, devOrigin: 'http://localhost:5173' })).toContain(
      'ws://localhost:5173',
    );
  });
});
