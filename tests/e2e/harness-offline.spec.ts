/**
 * Offline in the browser harness is a phone without network: the phone service worker
 * (src/renderer/src/harness/phoneWorker) fails every request of the phone frame — script chunks,
 * pictures, fetch, XHR, beacons — a reload shows the webview's "no connection" page, and online
 * again the app loads without a stale error screen. A tab opening the app is left alone.
 */
import type { Frame, Page } from '@playwright/test';
import { appFrame, expect, type FrameGlobals, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

/** The page globals of the phone frame these checks use (tests compile without the DOM lib). */
type PhoneGlobals = FrameGlobals & {
  navigator: {
    onLine: boolean;
    serviceWorker?: { controller: object | null };
    sendBeacon(url: string, data?: string): boolean;
  };
  document: {
    head: { firstElementChild: { getAttribute(name: string): string | null } | null };
    createElement(tag: 'img'): {
      src: string;
      onload: (() => void) | null;
      onerror: (() => void) | null;
    };
    querySelector(s: string): { textContent: string | null } | null;
  };
  XMLHttpRequest: new () => {
    open(method: string, url: string): void;
    send(): void;
    onload: (() => void) | null;
    onerror: (() => void) | null;
  };
  location: { reload(): void };
};

const setOnline = (page: Page, online: boolean) =>
  page.getByRole('checkbox', { name: 'Online' }).setChecked(online);

/** What each kind of request of the phone frame got: true when it loaded. */
function requestsLoad(frame: Frame) {
  return frame.evaluate(async () => {
    const w = globalThis as unknown as PhoneGlobals;
    const unique = `n=${Date.now()}`;
    const picture = new Promise<boolean>((resolve) => {
      const img = w.document.createElement('img');
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = `favicon.svg?${unique}`;
    });
    const fetched = w.fetch(`app-config.json?${unique}`).then(
      () => true,
      () => false,
    );
    const xhr = new Promise<boolean>((resolve) => {
      const request = new w.XMLHttpRequest();
      request.onload = () => resolve(true);
      request.onerror = () => resolve(false);
      request.open('GET', `app-config.json?${unique}`);
      request.send();
    });
    return {
      picture: await picture,
      fetch: await fetched,
      xhr: await xhr,
      beacon: w.navigator.sendBeacon(`sentry/1/envelope/?${unique}`, '{}'),
    };
  });
}

test('offline fails the phone’s chunks, pictures, fetch, XHR and beacons; online the screen loads', async ({
  page,
  openHarness,
  app,
}) => {
  await openHarness('profile=lender&scenario=repaying');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  const frame = await appFrame(page);
  // The phone is a real page load, under the worker, prepared before the app's first script.
  expect(
    await frame.evaluate(() =>
      Boolean((globalThis as unknown as PhoneGlobals).navigator.serviceWorker?.controller),
    ),
  ).toBe(true);
  expect(
    await frame.evaluate(() =>
      (globalThis as unknown as PhoneGlobals).document.head.firstElementChild?.getAttribute('src'),
    ),
  ).toMatch(/\/__sim-phone\/prepare\.js\?client=/);
  expect(await requestsLoad(frame)).toEqual({
    picture: true,
    fetch: true,
    xhr: true,
    beacon: true,
  });

  await setOnline(page, false);
  await expect(page.locator('.sim-phone__net')).toHaveText('Offline');
  expect(await requestsLoad(frame)).toEqual({
    picture: false,
    fetch: false,
    xhr: false,
    beacon: false,
  });
  // Bill's code was never fetched: the app shows its offline state in place, not the crash page.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bill' }).click();
  const failed = app.getByRole('alert').filter({ hasText: 'Your network is disconnected' });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(app.getByText('Something went wrong.')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-phone.png') });

  await setOnline(page, true);
  await expect(app.getByRole('tab', { name: 'Repayment Plan' })).toBeVisible();
  await expect(app.getByText('Something went wrong.')).toHaveCount(0);
  await expect(app.getByText('Your network is disconnected')).toHaveCount(0);
});

test('a reload offline shows the webview’s no-connection page; online again the app is back', async ({
  page,
  openHarness,
  app,
}) => {
  await openHarness('profile=lender&scenario=repaying&device=iphone');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  const getBaseInfo = page
    .getByRole('table', { name: 'Bridge calls' })
    .locator('tr[data-method="getBaseInfo"]');
  await expect(getBaseInfo).toHaveCount(1);

  await setOnline(page, false);
  await (await appFrame(page)).evaluate(() =>
    (globalThis as unknown as PhoneGlobals).location.reload(),
  );
  const noConnection = app.getByRole('alert', { name: 'Webpage not available' });
  await expect(noConnection).toBeVisible();
  await expect(noConnection).toContainText('net::ERR_INTERNET_DISCONNECTED');
  await expect(app.getByText('Apply Now')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('no-connection.png') });

  await setOnline(page, true);
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await expect(noConnection).toHaveCount(0);
  // The reloaded app found the bridge again at its first line.
  await expect(getBaseInfo).toHaveCount(2);
  const reloaded = await appFrame(page);
  expect(
    await reloaded.evaluate(() => (globalThis as unknown as PhoneGlobals).navigator.onLine),
  ).toBe(true);
});

test('a phone opened offline cannot load the app until the network is back', async ({
  page,
  openHarness,
  app,
}) => {
  await openHarness('profile=lender&scenario=repaying&online=0');
  await expect(app.getByRole('alert', { name: 'Webpage not available' })).toBeVisible();
  await setOnline(page, true);
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await expect(app.getByRole('alert', { name: 'Webpage not available' })).toHaveCount(0);
});

test('a tab opening the app is not touched by the harness’s worker', async ({
  context,
  openHarness,
  app,
  server,
}) => {
  await openHarness('profile=lender&scenario=repaying');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  const tab = await context.newPage();
  await tab.goto(`${server.url}/login`);
  await expect(tab.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  expect(await tab.locator('script[src*="__sim-phone"]').count()).toBe(0);
  expect(await tab.evaluate(() => 'nativeBridge' in globalThis)).toBe(false);
});

test('every phone of the matrix is its own worker client, prepared before the app', async ({
  page,
  server,
}) => {
  const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
  await page.goto(
    `${server.url}/harness.html?view=matrix&route=/&scenarios=repaying&devices=android,iphone${token}`,
  );
  const cells = page.locator('figure.sim-matrix__cell');
  await expect(cells).toHaveCount(2);
  const scripts: string[] = [];
  for (const n of [0, 1]) {
    const app = phoneApp(cells.nth(n).frameLocator('iframe'));
    await expect(app.getByText('Apply Now').first()).toBeVisible();
    scripts.push((await app.locator('head > script').first().getAttribute('src')) ?? '');
  }
  expect(scripts[0]).toMatch(/\/__sim-phone\/prepare\.js\?client=/);
  expect(scripts[1]).toMatch(/\/__sim-phone\/prepare\.js\?client=/);
  expect(scripts[0]).not.toBe(scripts[1]);
});

test.describe('where the page cannot have a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the phone is prepared as about:blank and the panel says what offline cannot stop', async ({
    page,
    openHarness,
    app,
  }) => {
    await openHarness('profile=lender&scenario=repaying');
    await expect(app.getByText('Apply Now').first()).toBeVisible();
    const frame = await appFrame(page);
    expect(await frame.evaluate(() => 'nativeBridge' in globalThis)).toBe(true);
    expect(await app.locator('script[src*="__sim-phone"]').count()).toBe(0);

    await setOnline(page, false);
    await expect(page.locator('.sim-stage__caption--note')).toContainText(
      'not its script chunks and pictures',
    );
    // What this fallback cannot stop: pictures (and script chunks) still load.
    expect(await requestsLoad(frame)).toEqual({
      picture: true,
      fetch: false,
      xhr: false,
      beacon: false,
    });
  });
});

test('an app that could not load its config says what a tester can do, and starts once online', async ({
  page,
  context,
  openHarness,
  app,
}) => {
  await openHarness('profile=lender&scenario=repaying');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  // The dev server does not answer the config, as when it was stopped.
  await context.route('**/app-config.json', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Reload app' }).click();
  const failure = page.getByRole('alert', { name: 'The app could not start' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('app-config.json could not be loaded');
  await expect(failure).toContainText('npm run dev:web');
  await expect(failure).not.toContainText(/deploy an/i);

  // Offline, then online again with the server back: the app starts by itself, no stale screen.
  await setOnline(page, false);
  await expect(failure).toContainText('Turn Online back on');
  await context.unroute('**/app-config.json');
  await setOnline(page, true);
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(app.getByText('App init failed')).toHaveCount(0);
});
