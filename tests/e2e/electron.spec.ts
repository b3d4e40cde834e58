/**
 * The harness flows under Playwright's `_electron`: the Electron simulator's app window (the
 * preload bridge) and its control panel window. Skipped, with the reason, where no Electron
 * binary exists (it is downloaded on first use, which needs internet access).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';
import { ensureRendererBuild, type FrameGlobals } from './harness-fixture';

const binary = findElectronBinary();
const root = path.resolve(import.meta.dirname, '../..');

test.skip(!binary, 'No Electron binary installed (its download needs internet access).');

let electronApp: ElectronApplication;

async function windowWhere(predicate: (page: Page) => boolean): Promise<Page> {
  await expect.poll(() => electronApp.windows().some(predicate), { timeout: 20_000 }).toBe(true);
  return electronApp.windows().find(predicate)!;
}
const isPanel = (page: Page) => page.url().includes('harness.html');
const isApp = (page: Page) => !page.url().includes('harness.html') && page.url() !== 'about:blank';

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

test.beforeAll(async () => {
  ensureRendererBuild();
  electronApp = await _electron.launch({
    executablePath: binary!,
    args: [path.join(root, 'out/main/index.js'), '--no-sandbox'],
    env: {
      ...process.env,
      DL_SCENARIO: 'can-borrow',
      DL_USER_DATA: mkdtempSync(path.join(tmpdir(), 'dl-electron-')),
    },
  });
});

test.afterAll(async () => {
  await electronApp?.close();
});

test('the app window gets exactly the bridge and the lender identity', async () => {
  const app = await windowWhere(isApp);
  await app.waitForLoadState('domcontentloaded');
  const result = await callBridge(app, 'getBaseInfo');
  expect(result).toMatchObject({ resultCode: 0, data: { appName: 'lender' } });
  expect(await app.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
    'undefined',
  );
});

test('pickAccount answers from the panel reach the caller', async () => {
  const app = await windowWhere(isApp);
  const panel = await windowWhere(isPanel);
  const cancelled = callBridge(app, 'pickAccount');
  const sheet = panel.getByRole('dialog', { name: 'pickAccount request' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  expect((await cancelled).resultCode).toBe(2);
  const picked = callBridge(app, 'pickAccount');
  await sheet.getByRole('button', { name: 'OK' }).click();
  expect(await picked).toMatchObject({ resultCode: 0, data: { payeeId: 'PAYEE-GCASH-4567' } });
});

test('the traffic log shows the app’s decrypted requests', async () => {
  const panel = await windowWhere(isPanel);
  await panel.getByRole('tab', { name: 'API traffic' }).click();
  await expect(
    panel
      .getByRole('table', { name: 'API traffic' })
      .locator('tr[data-path="user/userInfo"]')
      .first(),
  ).toContainText('E2E');
});

test('session-expired kicks out with the tip; the web profile has no bridge', async () => {
  const panel = await windowWhere(isPanel);
  await panel.getByRole('combobox', { name: 'Scenario' }).selectOption('session-expired');
  const screen = panel.getByRole('status', { name: 'Kicked out' });
  await expect(screen).toContainText('Your account has been logged in on another device.');
  await panel.getByRole('button', { name: 'Reopen' }).click();

  await panel.getByRole('radiogroup', { name: 'Profile' }).getByText('Web (no host)').click();
  await expect
    .poll(async () => {
      const app = electronApp.windows().find(isApp);
      return app ? app.evaluate(() => 'nativeBridge' in globalThis).catch(() => null) : null;
    })
    .toBe(false);
});
