/**
 * The browser harness in Chromium: the host core runs in the page, the SPA in the phone frame.
 * Bridge calls are driven from inside the frame (as the SPA makes them) where a flow must not
 * depend on a particular SPA screen.
 */
import { appFrame, expect, type FrameGlobals, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

/** The profile control is a segmented radio group; its labels take the click. */
const pickProfile = (page: import('@playwright/test').Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Profile' }).getByText(label).click();

const bridgeLog = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: 'Bridge calls' });

test('the SPA finds the bridge at its first line and each profile changes what it receives', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const calls = bridgeLog(page);
  await expect(calls.locator('tr[data-method="getBaseInfo"]').first()).toContainText(
    '"appName":"lender"',
  );

  await pickProfile(page, 'FastPay wallet');
  await expect(calls.locator('tr[data-method="getBaseInfo"]').first()).toContainText(
    '"appName":"fastpay"',
  );
  const fastpay = await appFrame(page);
  expect(
    await fastpay.evaluate(() => typeof (globalThis as unknown as FrameGlobals).nativeBridge),
  ).toBe('object');

  await page.getByRole('button', { name: 'Clear' }).click();
  await pickProfile(page, 'Web (no host)');
  await expect(page).toHaveURL(/profile=web/);
  const web = await appFrame(page);
  await web.waitForFunction(
    () => (globalThis as unknown as FrameGlobals).document.querySelector('#root')?.textContent,
  );
  expect(await web.evaluate(() => 'nativeBridge' in globalThis)).toBe(false);
  await expect(calls.locator('tbody tr')).toHaveCount(0);
});

test('switching the scenario to session-expired kicks the user out with the tip', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow&device=iphone');
  await expect(bridgeLog(page).locator('tr[data-method="getBaseInfo"]').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('session-expired');
  const screen = page.getByRole('status', { name: 'Kicked out' });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('Your account has been logged in on another device.');
  await expect(bridgeLog(page).locator('tr[data-method="kickOut"]').first()).toContainText(
    '{"tip":true}',
  );
  await expect(page).toHaveURL(/scenario=session-expired/);
});

test('pickAccount: Cancel answers 2, OK answers the chosen account', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);

  const cancelled = callBridge('pickAccount');
  const sheet = page.getByRole('dialog', { name: 'pickAccount request' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  expect((await cancelled).resultCode).toBe(2);
  await expect(sheet).toBeHidden();

  const picked = callBridge('pickAccount');
  await sheet.getByRole('radio', { name: /BDO Savings/ }).check();
  await sheet.getByRole('button', { name: 'OK' }).click();
  expect(await picked).toEqual({
    resultCode: 0,
    data: { payeeId: 'PAYEE-BDO-3344', payeeLabel: 'BDO Savings •••• 3344' },
  });

  const failed = callBridge('gcashPayment', { orderNo: 'R-1', amount: 500 });
  const payment = page.getByRole('dialog', { name: 'gcashPayment request' });
  await expect(payment).toContainText('₱500');
  await payment.getByRole('button', { name: 'Fail' }).click();
  expect((await failed).resultCode).toBe(3);
});

test('an answer can carry custom data, a failure message and a delay', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);

  const picked = callBridge('pickAccount');
  const sheet = page.getByRole('dialog', { name: 'pickAccount request' });
  await sheet.getByText('Answer details').click();
  const data = sheet.getByLabel('OK returns data (JSON)');
  await data.fill('{"payeeId": "P-9"');
  await expect(sheet.getByRole('button', { name: 'OK' })).toBeDisabled();
  await data.fill('{"payeeId": "P-9", "payeeLabel": "Maya •••• 9"}');
  await sheet.getByRole('button', { name: 'OK' }).click();
  expect(await picked).toEqual({
    resultCode: 0,
    data: { payeeId: 'P-9', payeeLabel: 'Maya •••• 9' },
  });

  const failed = callBridge('gcashPayment', { orderNo: 'R-1', amount: 500 });
  const payment = page.getByRole('dialog', { name: 'gcashPayment request' });
  await payment.getByText('Answer details').click();
  await payment.getByLabel('Fail message').fill('GCash is under maintenance');
  await payment.getByLabel('Answer after (ms)').fill('1500');
  const clicked = Date.now();
  await payment.getByRole('button', { name: 'Fail' }).click();
  await expect(payment).toBeHidden();
  expect(await failed).toEqual({ resultCode: 3, message: 'GCash is under maintenance' });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(1_400);
});

test('an auto-answer setting answers without the sheet', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);
  await page.getByText('Auto-answer interactive requests').click();
  await page.getByRole('combobox', { name: 'Auto-answer fastPayPayment' }).selectOption('cancel');
  expect((await callBridge('fastPayPayment', { orderNo: 'R-2', amount: 10 })).resultCode).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('closePage and kickOut replace the app with their screens; Reopen brings it back', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);
  await callBridge('closePage');
  await expect(page.getByRole('status', { name: 'Page closed' })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('status', { name: 'Page closed' })).toBeHidden();

  expect((await callBridge('kickOut', { tip: false })).resultCode).toBe(0);
  const kicked = page.getByRole('status', { name: 'Kicked out' });
  await expect(kicked).toBeVisible();
  await expect(kicked).not.toContainText('another device');
});

test('side effects show native surfaces; bad calls answer 1 and 3', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);
  await callBridge('openBrowser', { url: 'https://www.directloan.ph/terms' });
  await callBridge('dialPhone', { phone: '0917 123 4567' });
  const surfaces = page.getByRole('list', { name: 'Native surfaces' });
  await expect(surfaces).toContainText('https://www.directloan.ph/terms');
  await expect(surfaces).toContainText('Calling 0917 123 4567');
  expect((await callBridge('teleport')).resultCode).toBe(1);
  expect((await callBridge('sendSms', { phone: '' })).resultCode).toBe(3);
});

test('the traffic log shows decrypted requests of the SPA', async ({ page, openHarness }) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await appFrame(page);
  await page.getByRole('tab', { name: 'API traffic' }).click();
  const row = page
    .getByRole('table', { name: 'API traffic' })
    .locator('tr[data-path="user/userInfo"]');
  await expect(row.first()).toContainText('E2E');
  await row.first().click();
  const detail = page.locator('.sim-detail').first();
  await expect(detail).toContainText('Response');
  await expect(detail).toContainText('"code": 200');
});

test('the URL reproduces profile, scenario and device; offline reaches the app', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=fastpay&scenario=repaying&device=tablet');
  await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue('tablet');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('repaying');
  await expect(page.getByRole('radio', { name: 'FastPay wallet' })).toBeChecked();
  await expect(page.locator('.sim-phone')).toHaveAttribute('data-device', 'tablet');

  await page.getByRole('combobox', { name: 'Device' }).selectOption('android');
  await expect(page).toHaveURL(/device=android/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue('android');
  await expect(page.getByRole('radio', { name: 'FastPay wallet' })).toBeChecked();

  const frame = await appFrame(page);
  await frame.evaluate(() => {
    const page = globalThis as unknown as FrameGlobals;
    page.sawOffline = false;
    page.addEventListener('offline', () => {
      page.sawOffline = true;
    });
  });
  await page.getByRole('checkbox', { name: 'Online' }).uncheck();
  await frame.waitForFunction(() => (globalThis as unknown as FrameGlobals).sawOffline === true);
  expect(await frame.evaluate(() => (globalThis as unknown as FrameGlobals).navigator.onLine)).toBe(
    false,
  );
  const fetchFailed = await frame.evaluate(() =>
    (globalThis as unknown as FrameGlobals).fetch('app-config.json').then(
      () => false,
      () => true,
    ),
  );
  expect(fetchFailed).toBe(true);
});

test('a full reload inside the phone keeps the bridge, as a webview re-injects it', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const getBaseInfo = bridgeLog(page).locator('tr[data-method="getBaseInfo"]');
  await expect(getBaseInfo).toHaveCount(1);
  const frame = await appFrame(page);
  await frame.evaluate(() =>
    (globalThis as unknown as { location: { reload(): void } }).location.reload(),
  );
  await expect(getBaseInfo).toHaveCount(2);
  const reloaded = await appFrame(page);
  expect(
    await reloaded.evaluate(() => typeof (globalThis as unknown as FrameGlobals).nativeBridge),
  ).toBe('object');
});

test('host events from the panel reach the page’s listeners', async ({ page, openHarness }) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const frame = await appFrame(page);
  await frame.evaluate(() => {
    const page = globalThis as unknown as FrameGlobals & { heard: string[] };
    page.heard = [];
    const bridge = page.nativeBridge as unknown as {
      on(event: string, listener: () => void): () => void;
    };
    bridge.on('pageResume', () => page.heard.push('pageResume'));
    const off = bridge.on('kycSuccess', () => page.heard.push('kycSuccess'));
    off();
  });
  await page.getByRole('button', { name: 'kycSuccess' }).click();
  await page.getByRole('button', { name: 'pageResume' }).click();
  await frame.waitForFunction(
    () => (globalThis as unknown as { heard: string[] }).heard.length > 0,
  );
  expect(await frame.evaluate(() => (globalThis as unknown as { heard: string[] }).heard)).toEqual([
    'pageResume',
  ]);
});
