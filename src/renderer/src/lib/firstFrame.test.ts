/**
 * The first frame index.html paints before the app runs: the inline script (inline/firstFrame.ts,
 * run here on this document with the templates the build renders, inline/frameTemplates.tsx)
 * and the app's side (./firstFrame.ts, ./firstFrameTakeOver.ts). Records are sealed as the app
 * seals them (services/userRecordSeal.ts), in an in-memory IndexedDB.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FramePageWindow, paintFirstFrame } from '../../inline/firstFrame';
import { frameTemplates } from '../../inline/frameTemplates';
import { decideStartup, type StartupWindow } from '@renderer/services/startupDecision';
import { memoryStorage, StorageKey } from './storage';
import { firstFrameOnScreen } from './firstFrame';
import { takeFirstFrame } from './firstFrameTakeOver';
import { sealOf } from './recordSeal';
import { type StartupPage, startupPage } from './startupPage';

/** What the build gives the script; no stylesheets to wait for here. */
const NEEDS = { appCss: [], homeCss: [], loginCss: [] };

const HOST = 'https://api.example/main/';
const frame = {
  caption: 'Available amount',
  amount: '₱15,000',
  button: { label: 'Apply Now', disabled: false },
};

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

interface PageOptions {
  /** The saved record (`dl.user`), sealed by this app unless `planted`. */
  saved?: Record<string, unknown>;
  /** Written by someone else: stored without this browser's seal. */
  planted?: boolean;
  path?: string;
  apiHost?: string;
  hostToken?: string;
  countdown?: boolean;
  /** The early session's Home frame (services/earlySession.ts), when the page started one. */
  early?: Promise<unknown>;
  /** The token the early session started with (the page's by default). */
  earlyToken?: string;
}

type TestWindow = StartupWindow & FramePageWindow & { __dlStartup: StartupPage };

/** A page's window as the script sees it: this document, storage, config answer, host. */
async function pageWindow(options: PageOptions): Promise<TestWindow> {
  const { saved, path = '/', apiHost = HOST, hostToken, countdown, early, earlyToken } = options;
  const local = memoryStorage();
  if (saved !== undefined) {
    const text = JSON.stringify(saved);
    local.setItem(StorageKey.user, text);
    const seal = options.planted ? undefined : await sealOf(text);
    if (seal) local.setItem(StorageKey.userSeal, JSON.stringify(seal));
  }
  const session = memoryStorage();
  if (countdown) session.setItem(StorageKey.smsCountdown, String(Date.now() + 60_000));
  const config = { apiBase: { main: apiHost, channel: apiHost, hk: apiHost } };
  const calls: string[] = [];
  // The app's side reads the startup record of the window the script wrote to: the global one.
  const page = startupPage();
  page.appConfig = { url: 'app-config.json', response: Promise.resolve(Response.json(config)) };
  if (early) {
    page.earlySession = Promise.resolve({
      token: earlyToken ?? hostToken ?? 'tv',
      homeFrame: early,
    } as never);
  }
  const win: TestWindow = {
    document,
    localStorage: local,
    sessionStorage: session,
    location: { pathname: path },
    requestAnimationFrame: (callback) => setTimeout(callback, 0) as unknown as number,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    __dlStartup: page,
    ...(hostToken === undefined
      ? {}
      : {
          nativeBridge: {
            call(method: string) {
              calls.push(method);
              return Promise.resolve({ resultCode: 0, data: { tokenValue: hostToken } });
            },
            on: () => () => {},
          },
        }),
  };
  page.decision = decideStartup(win);
  return win;
}

const record = (extra: object = {}) => ({
  tokenValue: 'tv',
  user: null,
  loanInfo: null,
  apiHost: HOST,
  homeFrame: frame,
  ...extra,
});

async function run(options: PageOptions): Promise<TestWindow> {
  const win = await pageWindow(options);
  paintFirstFrame(win, NEEDS);
  await win.__dlStartup.firstFramePaint;
  return win;
}

const layer = (kind = 'home') =>
  document.querySelector<HTMLElement>(`[data-first-frame="${kind}"]`);

/** The painted frame's field or button of `className`. */
const partOf = <T extends HTMLElement>(className: string, kind = 'login') => {
  const element = layer(kind)?.querySelector<T>(`.${className}`);
  if (!element) throw new Error(`no .${className}`);
  return element;
};

/** Types into a painted field as a borrower does (the value changes, an input event follows). */
function type(field: HTMLInputElement, text: string): void {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

document.head.innerHTML = frameTemplates();
document.body.innerHTML = '<div id="root"><button type="button">Back</button></div>';

afterEach(() => {
  for (const painted of document.querySelectorAll('[data-first-frame]')) painted.remove();
  const root = document.getElementById('root');
  root?.removeAttribute('aria-hidden');
  if (root) root.inert = false;
  globalThis.__dlStartup = undefined;
});

describe('the first frame index.html paints on a second open', () => {
  it("paints the session's kept headline, amount and main button as text, as being updated", async () => {
    await run({ saved: record() });
    const painted = layer();
    expect(painted?.querySelector('.home-hero__caption')?.textContent).toBe('Available amount');
    expect(painted?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱15,000');
    const button = painted?.querySelector('button');
    expect(button?.textContent).toBe('Apply Now');
    expect(button?.disabled).toBe(false);
    expect(painted?.querySelector('[role="status"]')?.textContent).toBe('Updating…');
  });

  it('never turns kept text into markup', async () => {
    const amount = '<img src=x onerror="window.__owned=1">';
    await run({ saved: record({ homeFrame: { ...frame, amount } }) });
    expect(layer()?.querySelector('img')).toBeNull();
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe(amount);
  });

  it('paints nothing of a record planted in storage: any token, the right host, any figures', async () => {
    const planted = record({
      tokenValue: 'any-token',
      homeFrame: {
        caption: 'Available amount',
        amount: '₱999,999',
        button: { label: 'Claim', disabled: false },
      },
    });
    await run({ saved: planted, planted: true });
    expect(layer()).toBeNull();
  });

  it('paints nothing of a sealed record changed afterwards', async () => {
    const win = await pageWindow({ saved: record() });
    const text = win.localStorage.getItem(StorageKey.user) ?? '';
    win.localStorage.setItem(StorageKey.user, text.replace('₱15,000', '₱999,999'));
    paintFirstFrame(win, NEEDS);
    await win.__dlStartup.firstFramePaint;
    expect(layer()).toBeNull();
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
    expect(other.__dlStartup.earlyBaseInfo).toBeDefined();
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
    const win = await pageWindow({ saved: record() });
    paintFirstFrame(win, NEEDS);
    await win.__dlStartup.firstFramePaint;
    expect(layer()).toBeNull();
  });
});

describe('the painted frame is part of the page (PRODUCT.md §2; WAI-ARIA landmarks)', () => {
  it('has the landmark and heading of the app’s page, and comes first for the keyboard', async () => {
    await run({ saved: record() });
    const painted = layer();
    expect(painted?.querySelector('main h1')?.textContent).toBe('Loan');
    expect(document.body.firstElementChild).toBe(painted);
  });

  it('leaves the page under it inert and hidden from assistive technology until it ends', async () => {
    await run({ saved: record() });
    const root = document.getElementById('root');
    expect(root?.inert).toBe(true);
    expect(root?.getAttribute('aria-hidden')).toBe('true');
    takeFirstFrame('home');
    expect(root?.inert).toBe(false);
    expect(root?.hasAttribute('aria-hidden')).toBe(false);
  });

  it('hands the focus of its main button to Home', async () => {
    await run({ saved: record() });
    layer()?.querySelector('button')?.focus();
    expect(takeFirstFrame('home')?.focus).toEqual({
      part: 'main',
      selectionStart: null,
      selectionEnd: null,
    });
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

  it('a planted record paints the fresh answers of its token, never its own figures', async () => {
    await run({ saved: record(), planted: true, early: Promise.resolve(fresh) });
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱100,000');
    expect(layer()?.querySelector('[role="status"]')).toBeNull();
  });

  it("a kept frame of this session comes first; one of another host's token gives way", async () => {
    await run({ saved: record(), early: Promise.resolve(fresh) });
    expect(layer()?.querySelector('[data-testid="home-amount"]')?.textContent).toBe('₱15,000');
    expect(layer()?.querySelector('[role="status"]')?.textContent).toBe('Updating…');
    takeFirstFrame('home');
    globalThis.__dlStartup = undefined;
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
    const win = await pageWindow({
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
    await win.__dlStartup.firstFramePaint;
    expect(layer()).toBeNull();
  });
});

describe('the Login form index.html paints for a borrower signed out on the web', () => {
  it('paints the form at the entry URL and at /login, with the texts and labels of Login', async () => {
    await run({});
    const form = layer('login');
    expect(form?.querySelector('main h1')?.textContent).toBe('Direct Loan');
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
    globalThis.__dlStartup = undefined;
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

  it('keeps PRODUCT.md §5: digits only, the phone’s maximum length, the code’s length', async () => {
    await run({});
    const area = partOf<HTMLSelectElement>('login-form__area');
    const phone = partOf<HTMLInputElement>('login-form__phone');
    const code = partOf<HTMLInputElement>('login-form__code');
    // 886: 9 digits from a 9, else 10.
    type(phone, '912 345 678 901 234');
    expect(phone.value).toBe('912345678');
    type(phone, '0912345678999');
    expect(phone.value).toBe('0912345678');
    // 63: 10 from a 9, else 11; a new area code cuts what is there.
    area.value = '63';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    type(phone, '917123456789012');
    expect(phone.value).toBe('9171234567');
    area.value = '852';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    expect(phone.value).toBe('91712345');
    type(code, '1 2 3 4 5');
    expect(code.value).toBe('1234');
  });

  it('Get Code is disabled until the phone matches its pattern, pressable when empty', async () => {
    await run({});
    const area = partOf<HTMLSelectElement>('login-form__area');
    const phone = partOf<HTMLInputElement>('login-form__phone');
    const getCode = partOf<HTMLButtonElement>('login-form__get-code');
    expect(getCode.disabled).toBe(false);
    type(phone, '91234');
    expect(getCode.disabled).toBe(true);
    getCode.click();
    type(phone, '912345678');
    expect(getCode.disabled).toBe(false);
    area.value = '63';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    expect(getCode.disabled).toBe(true);
    // A disabled Get Code pressed is no press the app would make again.
    expect(takeFirstFrame('login')?.press).toBeNull();
  });

  it('hands what was typed, the focus and a press to Login', async () => {
    await run({});
    const area = partOf<HTMLSelectElement>('login-form__area');
    const phone = partOf<HTMLInputElement>('login-form__phone');
    const code = partOf<HTMLInputElement>('login-form__code');
    area.value = '63';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    type(phone, '9171234567');
    type(code, '12');
    code.focus();
    code.setSelectionRange(1, 1);
    partOf<HTMLButtonElement>('login-form__submit').click();
    expect(takeFirstFrame('login')).toEqual({
      press: 'login',
      values: { areaCode: '63', phone: '9171234567', code: '12' },
      focus: { part: 'code', selectionStart: 1, selectionEnd: 1 },
    });
    expect(layer('login')).toBeNull();
  });

  it('hands the focus of a button too', async () => {
    await run({});
    partOf<HTMLButtonElement>('login-form__get-code').focus();
    expect(takeFirstFrame('login')?.focus?.part).toBe('getCode');
  });

  it('a Login frame is dropped, not handed, to another screen', async () => {
    await run({});
    expect(takeFirstFrame('home')).toBeUndefined();
    expect(layer('login')).toBeNull();
  });
});
