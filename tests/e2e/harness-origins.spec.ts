/**
 * Each app profile of a harness phone is its own origin (src/shared/phoneOrigin.ts):
 * `<world>-<profile>.localhost` beside a harness on 127.0.0.1 where the browser gives third-party
 * frames storage, `<world>-<profile>.harness.localhost` under a harness on harness.localhost where
 * it does not. Either way the browser itself keeps localStorage, cookies and IndexedDB of the
 * lender app and the web apart, and neither the app nor anything it reaches through
 * `window.parent` sees the other's or the harness page's (docs/simulator.md "Browser harness").
 */
import type { Frame, Page } from '@playwright/test';
import { expect, type ThirdPartyStorage, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

/** The page globals these specs touch (tests compile without the DOM lib). */
interface StorageLike {
  readonly length: number;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
interface OpenRequest {
  result: { createObjectStore(name: string): unknown; close(): void };
  error: unknown;
  onupgradeneeded: (() => void) | null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageWindow {
  location: { origin: string; href: string };
  localStorage: StorageLike;
  sessionStorage: StorageLike;
  document: { cookie: string; readyState: string };
  indexedDB: {
    databases(): Promise<{ name?: string }[]>;
    open(name: string, v: number): OpenRequest;
  };
  parent: PageWindow;
  top: PageWindow | null;
  nativeBridge?: { call(method: string): Promise<{ resultCode: number }> };
}

const RELAY = 'iframe[title="Direct Loan phone"]';
const APP = 'iframe[title="Direct Loan app"]';

/** The phone's origin of `profile` in this lane's arrangement. */
function phoneOriginPattern(lane: ThirdPartyStorage, profile: string): RegExp {
  const site = lane === 'blocked' ? String.raw`harness\.localhost` : 'localhost';
  return new RegExp(String.raw`^http://w-[a-z0-9]+-${profile}\.${site}:\d+$`);
}

const pickProfile = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Profile' }).getByText(label).click();

/** The phone relay's frame and the app's frame inside it, once the app's document is there. */
async function phoneFrames(page: Page): Promise<{ relay: Frame; app: Frame }> {
  const relay = await (await page.waitForSelector(RELAY)).contentFrame();
  if (!relay) throw new Error('The phone relay has no document');
  const app = await (await relay.waitForSelector(APP)).contentFrame();
  if (!app) throw new Error('The app frame has no document');
  await app.waitForFunction(
    () => (globalThis as unknown as PageWindow).document.readyState !== 'loading',
  );
  return { relay, app };
}

/** What one document can see of storage: its own, its parent's (the relay), the harness's. */
interface SeenStorage {
  origin: string;
  localKeys: string[];
  cookie: string;
  databases: string[];
  parentKeys: string[];
  harness: string;
}

function seenFromApp(app: Frame): Promise<SeenStorage> {
  return app.evaluate(async () => {
    const window = globalThis as unknown as PageWindow;
    const { localStorage, document, indexedDB } = window;
    let harness = 'readable';
    try {
      void window.top?.localStorage.length;
    } catch (error) {
      harness = (error as Error).name;
    }
    return {
      origin: window.location.origin,
      localKeys: Object.keys(localStorage),
      cookie: document.cookie,
      databases: (await indexedDB.databases()).map((db) => db.name ?? ''),
      parentKeys: Object.keys(window.parent.localStorage),
      harness,
    };
  });
}

/** Leaves a mark of `profile` in every kind of storage of the app's origin. */
function leaveMark(app: Frame, profile: string): Promise<void> {
  return app.evaluate(async (mark) => {
    const { localStorage, document, indexedDB } = globalThis as unknown as PageWindow;
    localStorage.setItem('probe', mark);
    // SameSite=None: the phone is framed by the harness, another site, as a third party.
    document.cookie = `probe=${mark}; path=/; SameSite=None; Secure`;
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(`probe-${mark}`, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('marks');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
  }, profile);
}

test('two profiles of a phone are two origins: storage, cookies and IndexedDB never cross', async ({
  page,
  openHarness,
  thirdPartyStorage,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = page.frameLocator(RELAY).frameLocator(APP);
  await expect(app.getByText('Apply Now')).toBeVisible();
  const lender = await phoneFrames(page);
  await leaveMark(lender.app, 'lender');
  const lenderSees = await seenFromApp(lender.app);
  expect(lenderSees.origin).toMatch(phoneOriginPattern(thirdPartyStorage, 'lender'));
  // The app's own keys, as a webview's storage has them: no namespace, nothing of anyone else.
  expect(lenderSees.localKeys).toContain('dl.user');
  expect(lenderSees.localKeys.some((key) => key.includes(':'))).toBe(false);
  expect(lenderSees.cookie).toContain('probe=lender');
  expect(lenderSees.databases).toContain('probe-lender');
  // Its parent is its own relay (the same origin); the harness above is out of reach.
  expect(lenderSees.parentKeys).toEqual(lenderSees.localKeys);
  expect(lenderSees.harness).toBe('SecurityError');
  const lenderUser = await lender.app.evaluate(() =>
    (globalThis as unknown as PageWindow).localStorage.getItem('dl.user'),
  );
  expect(lenderUser).toContain('tokenValue');

  await pickProfile(page, 'Web (no host)');
  await expect(page).toHaveURL(/profile=web/);
  await expect(app.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  const web = await phoneFrames(page);
  const webSees = await seenFromApp(web.app);
  expect(webSees.origin).toMatch(phoneOriginPattern(thirdPartyStorage, 'web'));
  expect(webSees.localKeys).not.toContain('dl.user');
  expect(webSees.localKeys).not.toContain('probe');
  expect(webSees.parentKeys).not.toContain('dl.user');
  expect(webSees.cookie).not.toContain('probe=');
  expect(webSees.databases).not.toContain('probe-lender');
  expect(webSees.harness).toBe('SecurityError');
  await leaveMark(web.app, 'web');

  // The harness page's own origin holds neither app's storage (and never had it).
  const harnessSees = await page.evaluate(() => {
    const { localStorage, document } = globalThis as unknown as PageWindow;
    return { keys: Object.keys(localStorage), cookie: document.cookie };
  });
  expect(harnessSees.keys.some((key) => key.includes('dl.user') || key.includes('probe'))).toBe(
    false,
  );
  expect(harnessSees.cookie).not.toContain('probe=');

  // Back in the lender app: its own storage as it left it, nothing of the web's.
  await pickProfile(page, 'Lender app');
  await expect(app.getByText('Apply Now')).toBeVisible();
  const again = await phoneFrames(page);
  const lenderAgain = await seenFromApp(again.app);
  expect(
    await again.app.evaluate(() =>
      (globalThis as unknown as PageWindow).localStorage.getItem('dl.user'),
    ),
  ).toBe(lenderUser);
  expect(
    await again.app.evaluate(() =>
      (globalThis as unknown as PageWindow).localStorage.getItem('probe'),
    ),
  ).toBe('lender');
  expect(lenderAgain.cookie).toContain('probe=lender');
  expect(lenderAgain.cookie).not.toContain('probe=web');
  expect(lenderAgain.databases).toContain('probe-lender');
  expect(lenderAgain.databases).not.toContain('probe-web');
});

test('the phone on its own origin is bridged, and the admin token never reaches it', async ({
  page,
  openHarness,
  server,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(page.frameLocator(RELAY).frameLocator(APP).getByText('Apply Now')).toBeVisible();
  const { relay, app } = await phoneFrames(page);
  const info = await app.evaluate(() => {
    const bridge = (globalThis as unknown as PageWindow).nativeBridge;
    if (!bridge) throw new Error('No window.nativeBridge in the phone');
    return bridge.call('getBaseInfo');
  });
  expect(info.resultCode).toBe(0);
  for (const frame of [relay, app]) {
    const everything = await frame.evaluate(() => {
      const window = globalThis as unknown as PageWindow;
      return JSON.stringify({
        href: window.location.href,
        local: { ...window.localStorage },
        session: { ...window.sessionStorage },
        cookie: window.document.cookie,
      });
    });
    expect(everything).not.toContain(server.adminToken);
  }
});

test('the panel says how the phone is isolated and why, in this browser', async ({
  page,
  openHarness,
  thirdPartyStorage,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(page.frameLocator(RELAY).frameLocator(APP).getByText('Apply Now')).toBeVisible();
  const info = page.getByRole('region', { name: 'Phone isolation and app' });
  await info.getByText(/^Phone:/).click();
  if (thirdPartyStorage === 'blocked') {
    // Moved off 127.0.0.1 to the harness's own site, where the phone is a first-party frame.
    expect(new URL(page.url()).hostname).toBe('harness.localhost');
    await expect(info).toContainText('first-party frame');
    await expect(info).toContainText('This browser blocks third-party storage');
    await expect(info).toContainText('Access is denied for this document');
  } else {
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    await expect(info).toContainText('third-party frame');
    await expect(info).toContainText('This browser gives such third-party frames their storage');
  }
  await expect(info).toContainText('App: the production bundle');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('?phone=shared in a link is refused: the phone keeps its own origin, away from the token', async ({
  page,
  openHarness,
  server,
  thirdPartyStorage,
}) => {
  await openHarness('phone=shared&profile=lender&scenario=can-borrow');
  await expect(page.frameLocator(RELAY).frameLocator(APP).getByText('Apply Now')).toBeVisible();
  const { app } = await phoneFrames(page);
  expect(new URL(app.url()).origin).toMatch(phoneOriginPattern(thirdPartyStorage, 'lender'));
  const sees = await app.evaluate(() => {
    const window = globalThis as unknown as PageWindow;
    let harness = 'readable';
    try {
      void window.top?.sessionStorage.length;
    } catch (error) {
      harness = (error as Error).name;
    }
    return { harness, local: JSON.stringify({ ...window.localStorage }) };
  });
  expect(sees.harness).toBe('SecurityError');
  expect(sees.local).not.toContain(server.adminToken);
  // Said on screen, and gone from the address bar (so from Copy link too).
  const info = page.getByRole('region', { name: 'Phone isolation and app' });
  await info.getByText(/^Phone:/).click();
  await expect(info).toContainText('This link asked for phone=shared');
  expect(new URL(page.url()).searchParams.has('phone')).toBe(false);
});

test('a world id that cannot be a host name shares the harness origin, its storage namespaced', async ({
  page,
  openHarness,
}) => {
  // The fallback where a phone cannot have an origin of its own (a LAN address, such a world).
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(page.frameLocator(RELAY).frameLocator(APP).getByText('Apply Now')).toBeVisible();
  await page.evaluate(() =>
    (globalThis as unknown as PageWindow).sessionStorage.setItem(
      'directLoanSimulator.world',
      'Shared_World',
    ),
  );
  await page.reload();
  await expect(page.frameLocator(APP).getByText('Apply Now')).toBeVisible();
  await expect(page.locator(RELAY)).toHaveCount(0);
  const app = await (await page.waitForSelector(APP)).contentFrame();
  expect(new URL(app?.url() ?? '').origin).toBe(new URL(page.url()).origin);
  expect(
    await page.evaluate(() =>
      Object.keys((globalThis as unknown as PageWindow).localStorage).some((key) =>
        key.endsWith(':dl.user'),
      ),
    ),
  ).toBe(true);
  const info = page.getByRole('region', { name: 'Phone isolation and app' });
  await expect(info).toContainText('on this page’s origin');
});
