/**
 * The QA workbench in the panel, as a tester uses it: faults armed without curl and marked in the
 * traffic log, the world's clock that the server and the phone's Date share, and a repro bundle
 * exported from one phone and imported into another.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { appFrame, expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1100 }, acceptDownloads: true });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Control panel' });
const openSection = (page: Page, name: RegExp) =>
  panel(page).locator('summary').filter({ hasText: name }).click();

/** The phone frame's Date.now(). */
async function phoneNow(page: Page): Promise<number> {
  const frame = await appFrame(page);
  return frame.evaluate(() => Date.now());
}

test('fault lab: a fault armed in the panel reaches the app once and is marked in the traffic', async ({
  page,
  app,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(app.getByTestId('home-amount')).toBeVisible();
  await openSection(page, /^Fault lab/);
  await page.getByLabel('Fault kind').selectOption('code');
  await page.getByLabel('Fault path').fill('loan/loanInfo');
  await page.getByLabel('Fault code').fill('9000017');
  await page.getByLabel('Fault message').fill('busy');
  await page.getByLabel('Fault calls').fill('1');
  await page.getByRole('button', { name: 'Arm fault' }).click();
  const armed = page.getByRole('table', { name: 'Armed faults' });
  await expect(armed).toContainText('loan/loanInfo');
  await expect(panel(page).locator('summary', { hasText: '1 armed' })).toBeVisible();

  await page.getByRole('button', { name: 'Reload app' }).click();
  // The app kept its figures from the first load and says they are not fresh.
  await expect(app.getByText('Not updated: these figures are from your last visit.')).toBeVisible();
  // Used up: the next call is answered by the scenario again.
  await expect(page.getByText('No fault armed')).toBeVisible();
  await app.getByRole('button', { name: 'Retry' }).click();
  await expect(app.getByText('Not updated')).toHaveCount(0);

  await page.getByRole('tab', { name: 'API traffic' }).click();
  const marked = page.locator('tr[data-path="loan/loanInfo"]', { hasText: 'fault: code' });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('9000017');

  // A bad form says what is wrong instead of sending it.
  await page.getByLabel('Fault kind').selectOption('delay');
  await page.getByLabel('Fault delay').fill('');
  await page.getByRole('button', { name: 'Arm fault' }).click();
  await expect(page.getByText('Latency needs a delay in ms')).toBeVisible();
});

test('one clock: the world’s time opens the Christmas draw window for the server and the app', async ({
  page,
  app,
  openHarness,
}) => {
  // Before the window (1 Dec 2026 – 6 Jan 2027), whatever day the test runs on.
  await openHarness(
    'profile=lender&scenario=new-user&path=/event/christmas_lucky_draw&clock=2026-11-20T04:00:00.000Z',
  );
  await expect(app.getByText('Not within the valid time limit')).toBeVisible();

  await page.getByLabel('Jump to').fill('2026-12-10T12:00');
  await page.getByRole('button', { name: 'Jump' }).click();
  await expect(page).toHaveURL(/[?&]clock=2026-12-10T/);
  await expect(panel(page).locator('summary', { hasText: '(frozen)' })).toBeVisible();
  const frozenAt = new Date('2026-12-10T12:00').getTime();
  // The phone's Date follows at once, in the running page.
  await expect.poll(() => phoneNow(page)).toBeGreaterThanOrEqual(frozenAt);
  expect((await phoneNow(page)) - frozenAt).toBeLessThan(5_000);

  await page.getByRole('button', { name: 'Reload app' }).click();
  await expect(app.getByText('You have 1 draw chance(s).')).toBeVisible();
  await app.getByRole('button', { name: 'DRAW NOW' }).click();
  await expect(app.getByRole('status')).toBeVisible();

  // A reload keeps the world's time; Real time ends it for both sides.
  await page.reload();
  await expect(app.getByText(/draw chance/)).toBeVisible();
  expect(Math.abs((await phoneNow(page)) - frozenAt)).toBeLessThan(5_000);
  // The clock section opens by itself while the world is off real time.
  await page.getByRole('button', { name: 'Real time' }).click();
  await expect(panel(page).locator('summary', { hasText: 'Clock · Real time' })).toBeVisible();
  await expect(page).not.toHaveURL(/clock=/);
  expect(Math.abs((await phoneNow(page)) - Date.now())).toBeLessThan(60_000);
});

test('a repro bundle exported from one phone lands another phone in the same state', async ({
  page,
  context,
  app,
  server,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=repaying&device=android&path=/bill');
  await expect(app.getByText('Amount to Pay')).toBeVisible();
  await openSection(page, /^Fault lab/);
  await page.getByLabel('Fault kind').selectOption('delay');
  await page.getByLabel('Fault path').fill('repay/repayPlan');
  await page.getByLabel('Fault delay').fill('1500');
  await page.getByLabel('Fault calls').fill('');
  await page.getByRole('button', { name: 'Arm fault' }).click();
  await expect(page.getByRole('table', { name: 'Armed faults' })).toContainText('repay/repayPlan');
  await openSection(page, /^Clock/);
  await page.getByLabel('Jump to').fill('2026-12-01T09:30');
  await page.getByRole('button', { name: 'Jump' }).click();
  await page.getByRole('button', { name: 'Freeze' }).click();
  await expect(panel(page).locator('summary', { hasText: '(frozen)' })).toBeVisible();

  await openSection(page, /^Repro bundle/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export repro bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^direct-loan-repro-lender-repaying-.*\.json$/);
  const file = await download.path();
  const bundle = JSON.parse(await readFile(file, 'utf8'));
  expect(bundle).toMatchObject({
    format: 'direct-loan-repro',
    runtime: 'harness',
    path: '/bill',
    settings: { profile: 'lender', device: 'android' },
    world: { scenario: 'repaying', faults: [{ kind: 'delay', path: 'repay/repayPlan' }] },
  });
  expect(Object.keys(bundle.appStorage)).toContain('dl.user');

  // Another tab is another phone, in another world, elsewhere.
  const other = await context.newPage();
  const otherApp = phoneApp(other);
  const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
  await other.goto(`${server.url}/harness.html?profile=web&scenario=new-user${token}`);
  await expect(other.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
  await expect(otherApp.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await other.locator('summary', { hasText: 'Repro bundle' }).click();
  await other.getByLabel('Repro bundle file').setInputFiles(file);
  await expect(other.getByRole('status')).toContainText('Imported');
  await expect(other.getByText('scenario: repaying')).toBeVisible();
  await expect(
    other.getByRole('radiogroup', { name: 'Profile' }).getByText('Lender app'),
  ).toHaveClass(/is-on/);
  await expect(otherApp.getByText('Amount to Pay')).toBeVisible();
  await expect(other).toHaveURL(/path=%2Fbill/);
  await expect(other.locator('summary', { hasText: '(frozen)' })).toBeVisible();
  await other
    .locator('summary')
    .filter({ hasText: /^Fault lab/ })
    .click();
  await expect(other.getByRole('table', { name: 'Armed faults' })).toContainText('repay/repayPlan');

  // A file that is not a bundle is refused with the reason; the phone stays as it is.
  await other.getByLabel('Repro bundle file').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"har"}'),
  });
  await expect(other.getByRole('alert').filter({ hasText: 'Not a repro bundle' })).toBeVisible();
  await expect(otherApp.getByText('Amount to Pay')).toBeVisible();
});

test('one timeline: bridge calls, events, reloads, faults, API exchanges and the app’s errors, tagged by page', async ({
  page,
  context,
  app,
  openHarness,
  callBridge,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(app.getByTestId('home-amount')).toBeVisible();
  await page.getByRole('button', { name: 'pageResume' }).click();
  await openSection(page, /^Fault lab/);
  await page.getByLabel('Fault path').fill('loan/loanInfo');
  await page.getByLabel('Fault code').fill('9000017');
  await page.getByLabel('Fault message').fill('busy');
  await page.getByRole('button', { name: 'Arm fault' }).click();
  await expect(page.getByRole('table', { name: 'Armed faults' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload app' }).click();
  await expect(app.getByText('Not updated: these figures are from your last visit.')).toBeVisible();
  const frame = await appFrame(page);
  await frame.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from the test');
    });
    void Promise.reject(new Error('rejected in the test'));
  });

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const row = (text: string | RegExp) => timeline.getByRole('listitem').filter({ hasText: text });
  await expect(row(/pageResume → \d+ page listener/)).toHaveCount(1);
  // The tab's new world took the link's scenario (page 1); Reload app made page 2.
  await expect(row("Scenario can-borrow (the world's server state starts again)")).toHaveCount(1);
  await expect(row('App page 2 loaded')).toHaveCount(1);
  await expect(row('fault-armed')).toHaveCount(1);
  await expect(row('getBaseInfo').first()).toContainText('p1');
  await expect(row('getBaseInfo').last()).toContainText('p2');
  await expect(row('main/loan/loanInfo').filter({ hasText: 'fault: code' })).toContainText('p2');
  await expect(row('Uncaught Error: boom from the test')).toHaveCount(1);
  await expect(row('Unhandled rejection: Error: rejected in the test')).toHaveCount(1);

  await page.getByLabel('Errors only').check();
  await expect(row('getBaseInfo')).toHaveCount(0);
  await expect(row('boom from the test')).toHaveCount(1);
  await expect(row('main/loan/loanInfo')).toHaveCount(1);
  await page.getByLabel('Errors only').uncheck();

  // The filter searches bodies too: the borrower's number is in user/userInfo's answer.
  await page.getByLabel('Filter the timeline').fill('loan/loanInfo');
  const exchange = row('fault: code');
  await exchange.getByRole('button').first().click();
  await expect(exchange.locator('pre')).toContainText('"code": 9000017');
  await exchange.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(curl).toContain('/__admin/call');
  expect(curl).toContain('"path":"loan/loanInfo"');
  expect(curl).toMatch(/x-sim-world: w-/);

  // Thousands of rows stay fast: only the visible ones are in the page.
  await page.getByLabel('Filter the timeline').fill('');
  await frame.evaluate(async () => {
    const bridge = (globalThis as { nativeBridge?: { call(m: string): Promise<unknown> } })
      .nativeBridge;
    for (let i = 0; i < 600; i += 1) await bridge?.call('getBaseInfo');
  });
  await expect(page.getByText(/^\d{3,} rows$/)).toBeVisible();
  const shown = await timeline.getByRole('listitem').count();
  expect(shown).toBeLessThan(80);
  await expect(row('getBaseInfo').last()).toBeVisible();
  void callBridge;

  await page.getByRole('button', { name: 'Clear' }).last().click();
  await expect(page.getByText('Nothing on the timeline yet.')).toBeVisible();
});
