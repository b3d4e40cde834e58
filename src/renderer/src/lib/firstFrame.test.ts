/**
 * The kept first frame of a second open: index.html's inline script (inline/firstFrame.js, run
 * here as the page runs it) and the app's side (./firstFrame.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
// The script's text, as scripts/preloadFirstNeedsPlugin.ts inlines it into index.html.
import SCRIPT from '../../inline/firstFrame.js?raw';
import { firstFrameOnScreen } from './firstFrame';
import { takeFirstFrame } from './firstFrameTakeOver';

const paintFirstFrame = new Function(
  'win',
  'needs',
  `${SCRIPT}\nreturn paintFirstFrame(win, needs);`,
) as (win: object, needs: object) => void;

/** What the build gives the script (scripts/preloadFirstNeedsPlugin.ts); no stylesheets to wait for here. */
const NEEDS = {
  homeCss: [],
  loginCss: [],
  areaCodes: ['886', '63', '852'],
  defaultAreaCode: '886',
  codeLength: 4,
};

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
  countdown?: boolean;
  /** The early session's Home frame (services/earlySession.ts), when the page started one. */
  early?: Promise<unknown>;
  /** The token the early session started with (the page's by default). */
  earlyToken?: string;
}

/** A page's window as the script sees it: this document, storage, config answer, host. */
function pageWindow({
  saved,
  path = '/',
  apiHost = HOST,
  hostToken,
  countdown,
  early,
  earlyToken,
}: PageOptions) {
  const stored = new Map<string, string>();
  if (saved !== undefined) stored.set('dl.user', JSON.stringify(saved));
  const config = { apiBase: { main: apiHost, channel: apiHost, hk: apiHost } };
  const response = Promise.resolve({ ok: true, clone: () => ({ json: async () => config }) });
  const calls: string[] = [];
  const win = globalThis as unknown as Record<string, unknown>;
  const view = {
    document,
    localStorage: { getItem: (key: string) => stored.get(key) ?? null },
    sessionStorage: {
      getItem: (key: string) => (countdown && key === 'dl.smsCountdownUntil' ? '1' : null),
    },
    location: { pathname: path },
    __appConfigFetch: { url: 'app-config.json', response },
    ...(early
      ? {
          __earlySession: Promise.resolve({
            token: earlyToken ?? hostToken ?? 'tv',
            homeFrame: early,
          }),
        }
      : {}),
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
  }) as typeof view & { __earlyBaseInfo?: unknown };
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
  paintFirstFrame(win, NEEDS);
  await (globalThis as { __firstFramePaint?: Promise<void> }).__firstFramePaint;
  return win;
}

const layer = (kind = 'home') =>
  document.querySelector<HTMLElement>(`[data-first-frame="${kind}"]`);

afterEach(() => {
  document.body.innerHTML = '';
  const win = globalThis as Record<string, unknown>;
  for (const key of [
    '__firstFrame',
    '__firstFramePaint',
    '__firstFrameShown',
    '__earlyBaseInfo',
    '__appConfigFetch',
  ]) {
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
    await run({ saved: record({ apiHost: undefined }) });
    expect(layer()).toBeNull();
  });

  it("inside a host, paints only for the host's token now, and the host is asked once", async () => {
    const other = await run({ saved: record(), hostToken: 'someone-else' });
    expect(layer()).toBeNull();
    expect(other.__earlyBaseInfo).toBeDefined();
    await run({ saved: record(), hostToken: 'tv' });
    expect(layer()).not.toBeNull();
  });

  it('the app waits for the painted frame before its first render', async () => {
    await run({ saved: record() });
    await firstFrameOnScreen();
    expect(layer()).not.toBeNull();
  });

  it('a press before the app runs is handed to Home, which removes the frame', async () => {
    await run({ saved: record() });
    layer()?.querySelector('button')?.click();
    expect(takeFirstFrame('home')).toEqual({ press: 'main', values: {}, figures: frame });
    expect(layer()).toBeNull();
  });

  it('once the app showed its first page, a late decision paints nothing', async () => {
    expect(takeFirstFrame('home')).toBeUndefined();
    await run({ saved: record() });
    expect(layer()).toBeNull();
  });
});

describe('the first frame of a first open: made by the early session from its first answers', () => {
  const fresh = {
    caption: 'Borrow up to',
    amount: '₱100,000',
    button: { label: 'Under Review', disabled: true },
  };

  it('paints Home from the first answers when nothing was kept, without "Updating…"', async () => {
    await run({ saved: record({ homeFrame: null }), early: Promise.resolve(fresh) });
    const painted = layer();
    expect(painted?.querySelector('.home-hero__caption')?.textContent).toBe('Borrow up to');
    expect(painted?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱100,000');
    expect(painted?.querySelector('button')?.disabled).toBe(true);
    expect(painted?.querySelector('[role="status"]')).toBeNull();
    // Handed to Home, to stand in while its own figures are on their way.
    expect(takeFirstFrame('home')?.figures).toEqual(fresh);
  });

  it("a kept frame of this session comes first; one of another host's token gives way", async () => {
    await run({ saved: record(), early: Promise.resolve(fresh) });
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱15,000');
    expect(layer()?.querySelector('[role="status"]')?.textContent).toBe('Updating…');
    takeFirstFrame('home');
    delete (globalThis as { __firstFrame?: unknown }).__firstFrame;
    await run({ saved: record(), hostToken: 'a-new-session', early: Promise.resolve(fresh) });
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱100,000');
  });

  it('paints nothing when the answers made no frame, away from Home, or for a replaced login', async () => {
    await run({ saved: record({ homeFrame: null }), early: Promise.resolve(undefined) });
    await run({ saved: record({ homeFrame: null }), early: Promise.resolve(fresh), path: '/bill' });
    // The saved login changed (another tab) after the session started with the one before.
    await run({
      saved: record({ homeFrame: null }),
      early: Promise.resolve(fresh),
      earlyToken: 'the-login-before',
    });
    expect(layer()).toBeNull();
  });

  it('the app does not wait for answers on their way; once its page is on screen none paints', async () => {
    let answer: (frame: unknown) => void = () => {};
    const win = pageWindow({
      saved: record({ homeFrame: null }),
      early: new Promise((resolve) => {
        answer = resolve;
      }),
    });
    paintFirstFrame(win, NEEDS);
    await firstFrameOnScreen();
    expect(layer()).toBeNull();
    // The app's Home commits first (lib/firstFrameTakeOver.ts), then the answers come.
    expect(takeFirstFrame('home')).toBeUndefined();
    answer(fresh);
    await (globalThis as { __firstFramePaint?: Promise<void> }).__firstFramePaint;
    expect(layer()).toBeNull();
  });
});

describe('the Login form index.html paints for a borrower signed out on the web', () => {
  it('paints the form at the entry URL and at /login, with the texts and labels of Login', async () => {
    await run({});
    const form = layer('login');
    expect(form?.querySelector('h1')?.textContent).toBe('Direct Loan');
    const area = form?.querySelector<HTMLSelectElement>('select[aria-label="Area code"]');
    expect([...(area?.options ?? [])].map((o) => o.textContent)).toEqual(['+886', '+63', '+852']);
    expect(area?.value).toBe('886');
    const phone = form?.querySelector<HTMLInputElement>('input[aria-label="Mobile number"]');
    expect(phone?.type).toBe('tel');
    expect(
      form?.querySelector('input[aria-label="Verification code"]')?.getAttribute('maxlength'),
    ).toBe('4');
    const buttons = [...(form?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    expect(buttons).toEqual(['Get Code', 'LOGIN']);
    takeFirstFrame('login');
    delete (globalThis as Record<string, unknown>).__firstFrame;
    await run({ path: '/login' });
    expect(layer('login')).not.toBeNull();
  });

  it('paints no form when signed in, inside a host, on another page or while a code counts down', async () => {
    await run({ saved: record({ homeFrame: null }) });
    await run({ hostToken: '' });
    await run({ path: '/doc/about_us' });
    await run({ countdown: true });
    expect(layer('login')).toBeNull();
  });

  it('hands what was typed, the focus and a press to Login', async () => {
    await run({});
    const form = layer('login');
    const area = form?.querySelector<HTMLSelectElement>('select');
    const phone = form?.querySelector<HTMLInputElement>('input[aria-label="Mobile number"]');
    const code = form?.querySelector<HTMLInputElement>('input[aria-label="Verification code"]');
    if (!area || !phone || !code) throw new Error('no form');
    area.value = '63';
    phone.value = '9171234567';
    code.value = '12';
    code.focus();
    code.setSelectionRange(1, 1);
    form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    expect(takeFirstFrame('login')).toEqual({
      press: 'login',
      values: { areaCode: '63', phone: '9171234567', code: '12' },
      focus: { field: 'code', selectionStart: 1, selectionEnd: 1 },
    });
    expect(layer('login')).toBeNull();
  });

  it('a Login frame is dropped, not handed, to another screen', async () => {
    await run({});
    expect(takeFirstFrame('home')).toBeUndefined();
    expect(layer('login')).toBeNull();
  });
});
