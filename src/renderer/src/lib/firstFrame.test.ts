/**
 * The kept first frame of a second open: index.html's inline script (inline/firstFrame.js, run
 * here as the page runs it) and the app's side (./firstFrame.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
// The script's text, as vite.web.config.ts inlines it into index.html.
import SCRIPT from '../../inline/firstFrame.js?raw';
import { firstFrameOnScreen, takeFirstFrame } from './firstFrame';

const paintFirstFrame = new Function(
  'win',
  'homeCss',
  `${SCRIPT}\nreturn paintFirstFrame(win, homeCss);`,
) as (win: object, homeCss: string[]) => void;

const HOST = 'https://api.example/main/';
const frame = {
  caption: 'Available amount',
  amount: '₱15,000',
  button: { label: 'Apply Now', disabled: false },
};

interface PageOptions {
  saved?: unknown;
  path?: string;
  apiHost?: string;
  hostToken?: string;
}

/** A page's window as the script sees it: this document, storage, config answer, host. */
function pageWindow({ saved, path = '/', apiHost = HOST, hostToken }: PageOptions) {
  const stored = new Map<string, string>();
  if (saved !== undefined) stored.set('dl.user', JSON.stringify(saved));
  const config = { apiBase: { main: apiHost, channel: apiHost, hk: apiHost } };
  const response = Promise.resolve({ ok: true, clone: () => ({ json: async () => config }) });
  const calls: string[] = [];
  const win = globalThis as unknown as Record<string, unknown>;
  const view = {
    document,
    localStorage: { getItem: (key: string) => stored.get(key) ?? null },
    location: { pathname: path },
    __appConfigFetch: { url: 'app-config.json', response },
    ...(hostToken === undefined
      ? {}
      : {
          nativeBridge: {
            call(method: string) {
              calls.push(method);
              return Promise.resolve({ resultCode: 0, data: { tokenValue: hostToken } });
            },
          },
        }),
  };
  // The app's side reads the window the script wrote to: the test's global one.
  return new Proxy(view, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : win[key as string]),
    set: (_target, key, value) => {
      win[key as string] = value;
      return true;
    },
  }) as typeof view & { __earlyBaseInfo?: unknown; __firstFramePaint?: Promise<void> };
}

const record = (extra: object = {}) => ({
  tokenValue: 'tv',
  user: null,
  loanInfo: null,
  apiHost: HOST,
  homeFrame: frame,
  ...extra,
});

async function run(options: PageOptions) {
  const win = pageWindow(options);
  paintFirstFrame(win, []);
  await (globalThis as { __firstFramePaint?: Promise<void> }).__firstFramePaint;
  return win;
}

const layer = () => document.querySelector<HTMLElement>('[data-first-frame="home"]');

afterEach(() => {
  document.body.innerHTML = '';
  const win = globalThis as Record<string, unknown>;
  for (const key of ['__firstFrame', '__firstFramePaint', '__earlyBaseInfo', '__appConfigFetch']) {
    delete win[key];
  }
});

describe('the first frame index.html paints on a second open', () => {
  it("paints the session's kept headline, amount and main button as text", async () => {
    await run({ saved: record() });
    const painted = layer();
    expect(painted?.querySelector('.home-hero__caption')?.textContent).toBe('Available amount');
    expect(painted?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱15,000');
    const button = painted?.querySelector('button');
    expect(button?.textContent).toBe('Apply Now');
    expect(button?.disabled).toBe(false);
  });

  it('never turns kept text into markup', async () => {
    const amount = '<img src=x onerror="window.__owned=1">';
    await run({ saved: record({ homeFrame: { ...frame, amount } }) });
    expect(layer()?.querySelector('img')).toBeNull();
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe(amount);
  });

  it('paints nothing for another deployment, another page, no kept frame or a bad one', async () => {
    await run({ saved: record(), apiHost: 'https://other.example/main/' });
    await run({ saved: record(), path: '/bill' });
    await run({ saved: record({ homeFrame: null }) });
    await run({ saved: record({ homeFrame: { caption: 1, amount: '₱1', button: null } }) });
    await run({ saved: record({ tokenValue: '' }) });
    await run({});
    expect(layer()).toBeNull();
  });

  it("inside a host, paints only for the host's token now, and the host is asked once", async () => {
    const other = await run({ saved: record(), hostToken: 'someone-else' });
    expect(layer()).toBeNull();
    expect(other.__earlyBaseInfo).toBeDefined();
    await run({ saved: record(), hostToken: 'tv' });
    expect(layer()).not.toBeNull();
  });

  it('a press before the app runs is handed to Home, which removes the frame', async () => {
    await run({ saved: record() });
    layer()?.querySelector('button')?.click();
    await firstFrameOnScreen();
    expect(takeFirstFrame()).toEqual({ tapped: true });
    expect(layer()).toBeNull();
  });

  it('once the app showed its first page, a late decision paints nothing', async () => {
    expect(takeFirstFrame()).toEqual({ tapped: false });
    await run({ saved: record() });
    expect(layer()).toBeNull();
  });
});
