/**
 * The Electron simulator under Playwright's `_electron`: the phone window (preload bridge, its
 * profile's session, CDP emulation) and the control panel window. Every test launches its own
 * app with fresh userData, so none depends on another. Where no Electron binary exists (it is
 * downloaded on first use, which needs internet access) the file is one skipped line that says
 * why, never specs that pass without running (DESIGN.md §7). What runs without a binary:
 * src/main/builtMain.test.ts and electron-cdp-replay.spec.ts (docs/simulator.md "Electron").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  _electron,
  type ConsoleMessage,
  type ElectronApplication,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';
import { ensureRendererBuild } from '../../scripts/renderer-build';
import type { FrameGlobals } from './harness-fixture';

const binary = findElectronBinary();
const root = path.resolve(import.meta.dirname, '../..');

const isPanel = (page: Page) => page.url().includes('harness.html');
const isApp = (page: Page) =>
  page.url().startsWith('app://simulator') && !page.url().includes('harness.html');

interface Simulator {
  electronApp: ElectronApplication;
  /** The current phone window (a new one after a profile switch or a reopen). */
  app(): Promise<Page>;
  panel: Page;
  /** Console errors, CSP reports and page errors of every window since launch. */
  problems: string[];
  /** The app's user-data directory (a second launch on it must hand over and quit). */
  userData: string;
}

const withSimulator = base.extend<{ sim: Simulator }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
  sim: async ({}, use, testInfo) => {
    const userData = mkdtempSync(path.join(tmpdir(), 'dl-electron-'));
    const electronApp = await _electron.launch({
      executablePath: binary!,
      args: [path.join(root, 'out/main/index.js'), '--no-sandbox'],
      // Links stay on their native surface: the specs open no tabs in the developer's browser.
      env: {
        ...process.env,
        DL_SCENARIO: 'can-borrow',
        DL_USER_DATA: userData,
        DL_SYSTEM_BROWSER: 'off',
      },
    });
    const problems: string[] = [];
    const watch = (page: Page) => {
      page.on('console', (message: ConsoleMessage) => {
        const text = message.text();
        if (message.type() === 'error' || /Content Security Policy/i.test(text)) {
          problems.push(`${page.url()}: ${text}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    };
    electronApp.on('window', watch);
    electronApp.windows().forEach(watch);
    const windowWhere = async (predicate: (page: Page) => boolean) => {
      await expect
        .poll(() => electronApp.windows().some((w) => !w.isClosed() && predicate(w)), {
          timeout: 20_000,
        })
        .toBe(true);
      const page = electronApp.windows().find((w) => !w.isClosed() && predicate(w))!;
      await page.waitForLoadState('domcontentloaded');
      return page;
    };
    const panel = await windowWhere(isPanel);
    await expect(panel.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
    await use({ electronApp, app: () => windowWhere(isApp), panel, problems, userData });
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('panel', { body: await panel.screenshot(), contentType: 'image/png' });
      await testInfo.attach('problems', { body: problems.join('\n'), contentType: 'text/plain' });
    }
    await electronApp.close();
    rmSync(userData, { recursive: true, force: true });
  },
});

/**
 * Without a binary the specs below register nothing (`test` only counts them), and the end of
 * the file registers one skipped line in their place that says why.
 */
let specsWithoutBinary = 0;
const registersNothing = Object.assign(
  () => {
    specsWithoutBinary += 1;
  },
  { beforeAll: () => undefined },
);
const test = binary ? withSimulator : (registersNothing as unknown as typeof withSimulator);
test.beforeAll(() => ensureRendererBuild());

function callBridge(app: Page, method: string, params?: object) {
  return app.evaluate(
    ([m, p]) => {
      const page = globalThis as unknown as FrameGlobals;
      if (!page.nativeBridge) throw new Error('No window.nativeBridge in the app window');
      return page.nativeBridge.call(m as string, p as object | undefined);
    },
    [method, params] as const,
  );
}

/** Evaluates page code written as a string (the specs compile without the DOM lib). */
function inPage<T>(page: Page, body: string): Promise<T> {
  return page.evaluate(body) as Promise<T>;
}

const surfaces = (panel: Page) => panel.getByRole('list', { name: 'Native surfaces' });
const profile = (panel: Page, label: string) =>
  panel.getByRole('radiogroup', { name: 'Profile' }).getByText(label).click();

test('the app window gets exactly the bridge and the lender identity', async ({ sim }) => {
  const app = await sim.app();
  expect(await callBridge(app, 'getBaseInfo')).toMatchObject({
    resultCode: 0,
    data: { appName: 'lender' },
  });
  expect(await inPage(app, 'typeof require')).toBe('undefined');
});

test('pickAccount answers from the panel reach the caller', async ({ sim }) => {
  const app = await sim.app();
  const cancelled = callBridge(app, 'pickAccount');
  const sheet = sim.panel.getByRole('dialog', { name: 'pickAccount request' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  expect((await cancelled).resultCode).toBe(2);
  const picked = callBridge(app, 'pickAccount');
  await sheet.getByRole('button', { name: 'OK' }).click();
  expect(await picked).toMatchObject({ resultCode: 0, data: { payeeId: 'PAYEE-GCASH-4567' } });
});

test('the traffic log shows the app’s decrypted requests', async ({ sim }) => {
  await sim.app();
  await sim.panel.getByRole('tab', { name: 'API traffic' }).click();
  await expect(
    sim.panel
      .getByRole('table', { name: 'API traffic' })
      .locator('tr[data-path="user/userInfo"]')
      .first(),
  ).toContainText('E2E');
});

test('session-expired kicks out with the tip, Reopen brings the app back', async ({ sim }) => {
  await sim.app();
  await sim.panel.getByRole('combobox', { name: 'Scenario' }).selectOption('session-expired');
  const screen = sim.panel.getByRole('status', { name: 'Kicked out' });
  await expect(screen).toContainText('Your account has been logged in on another device.');
  await sim.panel.getByRole('button', { name: 'Reopen' }).click();
  await expect(screen).toBeHidden();
});

test('host events from the panel reach the page’s listeners', async ({ sim }) => {
  const app = await sim.app();
  await inPage(
    app,
    `window.seen = []; window.nativeBridge.on('loanSuccess', (p) => window.seen.push(p ?? 'none'))`,
  );
  await sim.panel.getByRole('button', { name: 'loanSuccess' }).click();
  await expect.poll(() => inPage<unknown[]>(app, 'window.seen')).toEqual(['none']);
});

test('offline blocks fetch, XHR and script chunks, and going online recovers', async ({ sim }) => {
  const app = await sim.app();
  const online = sim.panel.getByRole('checkbox', { name: 'Online' });
  await online.uncheck();
  await expect.poll(() => inPage(app, 'navigator.onLine')).toBe(false);
  expect(
    await inPage(app, `fetch('/app-config.json?' + Date.now()).then(() => 'ok', () => 'failed')`),
  ).toBe('failed');
  expect(
    await inPage(
      app,
      `new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', '/api/main/user/userInfo');
        xhr.onload = () => resolve('ok');
        xhr.onerror = () => resolve('failed');
        xhr.send('{}');
      })`,
    ),
  ).toBe('failed');
  expect(
    await inPage(
      app,
      `import(document.querySelector('script[type=module][src]').src + '?offline')
        .then(() => 'ok', () => 'failed')`,
    ),
  ).toBe('failed');
  // A reload while offline shows what a phone shows, the webview's error page (app:// refuses
  // the app); online again recovers it.
  await sim.panel.getByRole('button', { name: 'Reload app' }).click();
  const phoneTitle = () =>
    sim.electronApp.evaluate(({ BrowserWindow }) => {
      const phone = BrowserWindow.getAllWindows().find(
        (w) => !w.webContents.getURL().includes('harness.html'),
      );
      return phone?.webContents.executeJavaScript('document.title').catch(() => '');
    });
  await expect.poll(phoneTitle).toBe('Webpage not available');
  await online.check();
  const again = await sim.app();
  await expect.poll(() => inPage(again, 'navigator.onLine')).toBe(true);
  await expect
    .poll(() => inPage(again, `document.getElementById('root')?.childElementCount ?? 0`))
    .toBeGreaterThan(0);
  await expect
    .poll(() =>
      inPage(again, `fetch('/app-config.json?' + Date.now()).then(() => 'ok', () => 'failed')`),
    )
    .toBe('ok');
});

test('device presets set the viewport, pixel ratio, touch, user agent and safe areas', async ({
  sim,
}) => {
  const app = await sim.app();
  const probe = `(() => {
    const el = document.createElement('div');
    el.style.cssText = 'position:fixed;padding:env(safe-area-inset-top) 0 env(safe-area-inset-bottom)';
    document.body.append(el);
    const style = getComputedStyle(el);
    const answer = {
      width: innerWidth, height: innerHeight, dpr: devicePixelRatio,
      touch: navigator.maxTouchPoints > 0, mobile: /Mobile/.test(navigator.userAgent),
      top: style.paddingTop, bottom: style.paddingBottom,
    };
    el.remove();
    return answer;
  })()`;
  await expect
    .poll(() => inPage(app, probe))
    .toMatchObject({
      width: 390,
      height: 844,
      touch: true,
      mobile: true,
      top: '47px',
      bottom: '34px',
    });
  expect((await inPage<{ dpr: number }>(app, probe)).dpr).toBeGreaterThan(1);
  const device = sim.panel.getByRole('combobox', { name: 'Device' });
  // The small Android phone is not edge to edge: its webview sits below the status bar, so the
  // page's own safe area is 0 (src/host/devices.ts).
  await device.selectOption('android');
  await expect.poll(() => inPage(app, probe)).toMatchObject({ width: 360, top: '0px' });
  // The tablet keeps its CSS size, drawn smaller where the screen is shorter than it.
  await device.selectOption('tablet');
  await expect.poll(() => inPage(app, probe)).toMatchObject({ width: 820, height: 1180 });
});

test('DevTools open keep the phone emulated and offline', async ({ sim }) => {
  const app = await sim.app();
  await sim.panel.getByRole('checkbox', { name: 'Online' }).uncheck();
  await expect.poll(() => inPage(app, 'navigator.onLine')).toBe(false);
  await sim.electronApp.evaluate(({ BrowserWindow }) => {
    BrowserWindow.getAllWindows()
      .find((w) => !w.webContents.getURL().includes('harness.html'))
      ?.webContents.openDevTools({ mode: 'detach' });
  });
  // DevTools are a second client of the page: the phone stays emulated while they are open.
  await expect
    .poll(() =>
      inPage(app, `({ online: navigator.onLine, mobile: /iPhone/.test(navigator.userAgent) })`),
    )
    .toEqual({ online: false, mobile: true });
  await sim.panel.getByRole('checkbox', { name: 'Online' }).check();
});

test('the phone runs the bundle that ships: its own CSP and inline scripts', async ({ sim }) => {
  const app = await sim.app();
  const page = await inPage<{ csp: string; inline: number }>(
    app,
    `({ csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '',
        inline: [...document.scripts].filter((s) => !s.src && s.textContent.trim()).length })`,
  );
  expect(page.csp).toContain("script-src 'self'");
  expect(page.inline).toBeGreaterThan(0);
  expect(sim.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
});

test('Home’s fixture pictures load under the CSP', async ({ sim }) => {
  const app = await sim.app();
  await expect
    .poll(() =>
      inPage(
        app,
        `[...document.images].filter((img) => img.complete && img.naturalWidth > 0).length`,
      ),
    )
    .toBeGreaterThan(0);
  expect(sim.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
});

test('a second launch on the same user data hands over to the first and quits', async ({ sim }) => {
  // Spawned directly: it quits before it has a window for _electron to wait for.
  const second = spawn(binary!, [path.join(root, 'out/main/index.js'), '--no-sandbox'], {
    env: { ...process.env, DL_USER_DATA: sim.userData, DL_SYSTEM_BROWSER: 'off' },
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
  expect(code).toBe(0);
  expect(sim.electronApp.windows().filter((w) => !w.isClosed())).toHaveLength(2);
  await expect(sim.panel.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
});

test('window.open and navigation away stay in the app and open the native surface', async ({
  sim,
}) => {
  const app = await sim.app();
  const start = app.url();
  expect(await inPage(app, `window.open('https://example.com/terms')`)).toBeNull();
  await expect(surfaces(sim.panel)).toContainText('https://example.com/terms');
  await inPage(app, `location.href = 'https://phish.example/login'`);
  await expect(surfaces(sim.panel)).toContainText('https://phish.example/login');
  await inPage(app, `location.href = 'tel:+639171234567'`);
  await expect(surfaces(sim.panel)).toContainText('Calling +639171234567');
  await inPage(app, `location.href = 'mailto:help@directloan.ph?subject=Loan'`);
  await expect(surfaces(sim.panel)).toContainText('Email composer');
  expect(app.url()).toBe(start);
});

test('closing the phone leaves the panel working, and Reload app opens it again', async ({
  sim,
}) => {
  const first = await sim.app();
  await sim.electronApp.evaluate(({ BrowserWindow }) => {
    BrowserWindow.getAllWindows()
      .find((w) => !w.webContents.getURL().includes('harness.html'))
      ?.close();
  });
  await expect.poll(() => first.isClosed()).toBe(true);
  await sim.panel.getByRole('combobox', { name: 'Device' }).selectOption('android');
  await sim.panel.getByRole('button', { name: 'loanSuccess' }).click();
  await sim.panel.getByRole('button', { name: 'Reload app' }).click();
  const again = await sim.app();
  expect(await inPage(again, 'innerWidth')).toBe(360);
  expect(await callBridge(again, 'getBaseInfo')).toMatchObject({ resultCode: 0 });
  expect(sim.problems.filter((p) => /destroyed/i.test(p))).toEqual([]);
});

test('a closed control panel opens again from the Window menu', async ({ sim }) => {
  await sim.app();
  await sim.panel.close();
  await sim.electronApp.evaluate(({ Menu }) => {
    const items = Menu.getApplicationMenu()?.items.flatMap((i) => i.submenu?.items ?? []) ?? [];
    items.find((i) => i.label === 'Control panel')?.click();
  });
  const openPanel = () => sim.electronApp.windows().find((w) => !w.isClosed() && isPanel(w));
  await expect.poll(() => openPanel() !== undefined, { timeout: 20_000 }).toBe(true);
  const panel = openPanel()!;
  await expect(panel.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
});

test('every profile has its own storage, restored when switching back', async ({ sim }) => {
  const lender = await sim.app();
  await inPage(lender, `localStorage.setItem('e2e.profile', 'lender')`);
  await profile(sim.panel, 'Web (no host)');
  await expect.poll(() => lender.isClosed()).toBe(true);
  const web = await sim.app();
  expect(await inPage(web, `'nativeBridge' in window`)).toBe(false);
  expect(await inPage(web, `localStorage.getItem('e2e.profile')`)).toBeNull();
  // A real web visitor is never signed in by the host (PRODUCT.md §1).
  expect(await inPage(web, `localStorage.getItem('dl.user')`)).toBeNull();
  await inPage(web, `localStorage.setItem('e2e.profile', 'web')`);
  await profile(sim.panel, 'Lender app');
  await expect.poll(() => web.isClosed()).toBe(true);
  const back = await sim.app();
  expect(await inPage(back, `localStorage.getItem('e2e.profile')`)).toBe('lender');
});

test('the app and the panel boot without CSP violations or console errors', async ({ sim }) => {
  const app = await sim.app();
  await app.waitForLoadState('load');
  // Boot again with every listener in place.
  await sim.panel.getByRole('button', { name: 'Reload app' }).click();
  const again = await sim.app();
  await again.waitForLoadState('load');
  await sim.panel.reload();
  await expect(sim.panel.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
  // Booted: the first screen is painted and nothing on it is loading any more.
  await expect(again.locator('#root > *').first()).toBeVisible();
  await expect(again.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(sim.problems).toEqual([]);
});

if (!binary) {
  base.skip(
    `${specsWithoutBinary} specs need an Electron binary, and none is installed (its download needs internet access)`,
    () => undefined,
  );
}
