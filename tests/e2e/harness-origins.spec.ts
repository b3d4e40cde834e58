/**
 * Each app profile of a harness phone is its own origin, `<world>-<profile>.localhost`
 * (src/shared/phoneOrigin.ts): the browser itself keeps localStorage, cookies and IndexedDB of
 * the lender app and the web apart, and neither the app nor anything it reaches through
 * `window.parent` sees the other's or the harness page's (README "Browser harness").
 */
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './harness-fixture';

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
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = page.frameLocator(RELAY).frameLocator(APP);
  await expect(app.getByText('Apply Now')).toBeVisible();
  const lender = await phoneFrames(page);
  await leaveMark(lender.app, 'lender');
  const lenderSees = await seenFromApp(lender.app);
  expect(lenderSees.origin).toMatch(/^http:\/\/w-[a-z0-9]+-lender\.localhost:\d+$/);
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
  expect(webSees.origin).toMatch(/^http:\/\/w-[a-z0-9]+-web\.localhost:\d+$/);
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

test('?phone=shared keeps the phone on the harness origin, its storage namespaced', async ({
  page,
  openHarness,
  server,
}) => {
  // The fallback of a harness whose phone cannot have an origin of its own (a LAN address).
  await openHarness('phone=shared&profile=lender&scenario=can-borrow');
  await expect(page.frameLocator(APP).getByText('Apply Now')).toBeVisible();
  await expect(page.locator(RELAY)).toHaveCount(0);
  const app = await (await page.waitForSelector(APP)).contentFrame();
  expect(new URL(app?.url() ?? '').origin).toBe(server.url);
  expect(
    await page.evaluate(() =>
      Object.keys((globalThis as unknown as PageWindow).localStorage).some((key) =>
        key.endsWith(':dl.user'),
      ),
    ),
  ).toBe(true);
});
