/**
 * The harness behaves like a phone, not like a shared browser profile (DESIGN.md §6 "Worlds and
 * admin access"): each tab is its own phone on its own world, each app profile has its own
 * storage, a reload keeps the world, and native flows change what the server knows.
 */
import type { Page } from '@playwright/test';
import { appFrame, expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

const pickProfile = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Profile' }).getByText(label).click();

/** The raw localStorage of the harness page's own origin, as the browser keeps it. */
const rawKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys((globalThis as unknown as { localStorage: object }).localStorage),
  );

/** What the app itself sees under `dl.user`. */
async function appUser(page: Page): Promise<string | null> {
  const frame = await appFrame(page);
  return frame.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
    ).localStorage.getItem('dl.user'),
  );
}

test('each profile has its own storage: the web never starts signed in with the lender token', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = phoneApp(page);
  await expect(app.getByText('Apply Now')).toBeVisible();
  const lenderUser = await appUser(page);
  expect(lenderUser).toContain('tokenValue');

  await pickProfile(page, 'Web (no host)');
  await expect(page).toHaveURL(/profile=web/);
  await expect(app.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  expect(await appUser(page)).toBeNull();

  await pickProfile(page, 'Lender app');
  await expect(app.getByText('Apply Now')).toBeVisible();
  expect(await appUser(page)).toBe(lenderUser);
  // Each app's keys live on its own origin (harness-origins.spec.ts): none on the harness page's.
  expect((await rawKeys(page)).filter((k) => k.includes('dl.user'))).toHaveLength(0);
});

test('two tabs are two phones: a scenario switch in one never touches the other', async ({
  page,
  context,
  openHarness,
  server,
}) => {
  await openHarness('profile=lender&scenario=repaying');
  const appA = phoneApp(page);
  await expect(appA.getByText('Apply Now').first()).toBeVisible();

  const other = await context.newPage();
  const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
  await other.goto(`${server.url}/harness.html?profile=lender&scenario=can-borrow${token}`);
  await other.getByRole('combobox', { name: 'Scenario' }).selectOption('session-expired');
  await expect(other.getByRole('status', { name: 'Kicked out' })).toBeVisible();

  // Tab A still shows its own scenario, and its app is still signed in and working.
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('repaying');
  await page.getByRole('button', { name: 'pageResume' }).click();
  await expect(appA.getByText('Apply Now').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Kicked out' })).toHaveCount(0);
  const worlds = (await (
    await fetch(`${server.url}/__admin/worlds`, { headers: { 'x-admin-token': server.adminToken } })
  ).json()) as { worlds: { id: string; scenario: string }[] };
  const scenarios = worlds.worlds.map((w) => w.scenario);
  expect(scenarios).toContain('repaying');
  expect(scenarios).toContain('session-expired');
});

test('another page of the site cannot take a tab’s world at its next F5', async ({
  page,
  context,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(phoneApp(page).getByText('Apply Now')).toBeVisible();
  const worldOf = () =>
    page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
      ).sessionStorage.getItem('directLoanSimulator.world'),
    );
  const world = await worldOf();
  // Any page on the harness's origin sees the lock names and may queue for one.
  const other = await context.newPage();
  await other.goto(`${new URL(page.url()).origin}/phone.html`);
  const queuedFor = await other.evaluate(async (id) => {
    const { locks } = (
      globalThis as unknown as {
        navigator: {
          locks: {
            query(): Promise<{ held: { name: string }[] }>;
            request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
          };
        };
      }
    ).navigator;
    const name = (await locks.query()).held
      .map((lock) => lock.name)
      .find((n) => n.endsWith(id ?? ''));
    if (!name) throw new Error('The tab holds no lock on its world');
    void locks.request(name, () => new Promise(() => undefined)).catch(() => undefined);
    return name;
  }, world);
  expect(queuedFor).toContain(world);

  await page.reload();
  await expect(page.getByRole('note', { name: 'World taken back' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Copied tab' })).toHaveCount(0);
  expect(await worldOf()).toBe(world);
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('can-borrow');
  await expect(phoneApp(page).getByText('Apply Now')).toBeVisible();
});

test('a reload keeps the world: F5 neither resets the server state nor changes world', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = phoneApp(page);
  await expect(app.getByText('Apply Now')).toBeVisible();
  const worldOf = () =>
    page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
      ).sessionStorage.getItem('directLoanSimulator.world'),
    );
  const world = await worldOf();
  // State only this world has: a loan applied for natively.
  expect(
    (await callBridge('loanApply', { borrowAmount: 5000, periods: 3, payeeId: 'P1' })).resultCode,
  ).toBe(0);
  // Panel state the URL does not carry: an auto-answer, and the call log so far.
  await page.locator('summary', { hasText: 'Auto-answer interactive requests' }).click();
  await page.getByLabel('Auto-answer pickAccount').selectOption('cancel');
  const calls = page.getByRole('table', { name: 'Bridge calls' });
  await expect(calls.locator('tr', { hasText: 'loanApply' })).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('can-borrow');
  expect(await worldOf()).toBe(world);
  await expect(app.getByText('Loan Releasing')).toBeVisible();
  await expect(calls.locator('tr', { hasText: 'loanApply' })).toHaveCount(1);
  await page.locator('summary', { hasText: 'Auto-answer interactive requests' }).click();
  await expect(page.getByLabel('Auto-answer pickAccount')).toHaveValue('cancel');
  expect((await callBridge('pickAccount', {})).resultCode).toBe(2);

  // Only choosing the scenario again (or Reset scenario) starts it afresh.
  await page.getByRole('button', { name: 'Reset scenario' }).click();
  await expect(app.getByText('Apply Now')).toBeVisible();
});

test('the lender app’s native loanApply reaches the server: Home, Bill and the review show the loan', async ({
  page,
  openHarness,
  callBridge,
}) => {
  await openHarness('profile=lender&scenario=can-borrow');
  const app = phoneApp(page);
  await expect(app.getByText('Apply Now')).toBeVisible();
  const result = await callBridge('loanApply', { borrowAmount: 5000, periods: 3, payeeId: 'P1' });
  expect(result.resultCode).toBe(0);
  expect(result.data).toEqual({ orderNo: expect.stringMatching(/^DL/) });
  const { orderNo } = result.data as { orderNo: string };
  // A page resume (the borrower comes back from the native flow) refreshes Home from the server.
  await page.getByRole('button', { name: 'pageResume' }).click();
  await expect(app.getByText('Loan Releasing')).toBeVisible();
  // Bill's My Loan lists the new order, as after an application on the web path.
  await app.getByRole('link', { name: 'Bill' }).click();
  await app.getByRole('tab', { name: 'My Loan' }).click();
  await expect(app.getByText(orderNo)).toBeVisible();
  // The native app's loanSuccess opens the review, which shows this application.
  await page.getByRole('button', { name: 'loanSuccess' }).click();
  await expect(app.getByText('Application Submitted')).toBeVisible();
  await expect(app.getByRole('region', { name: 'Application' })).toContainText(orderNo);
  await expect(app.getByRole('region', { name: 'Application' })).toContainText('₱5,000.00');
});

test('a wallet payment answered OK in the host pays the order on the server: Bill drops the paid rows', async ({
  page,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=repaying&path=/bill');
  const app = phoneApp(page);
  const amount = app.getByTestId('amount-to-pay');
  await expect(amount).toContainText('₱8,350');
  const paidRows = app.getByText(/^(Due Date|Overdued \d+ Day\(s\))$/);
  await expect(paidRows).toHaveCount(2);
  await app.getByRole('button', { name: 'REPAY' }).click();
  await app.getByRole('button', { name: /^G-Cash/ }).click();
  await app.getByRole('button', { name: 'REPAY' }).click();
  const sheet = page.getByRole('dialog', { name: 'gcashPayment request' });
  await expect(sheet).toContainText('₱8350');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect(app.getByText('Repayment Successful')).toBeVisible();
  await app.getByRole('button', { name: 'Back to Bill' }).click();
  // The Due and Overdue rows were paid: only Normal rows are left, none preselected.
  await expect(paidRows).toHaveCount(0);
  await expect(app.getByText(/Day\(s\) Left/).first()).toBeVisible();
  await expect(amount).toContainText('₱0');
});

test('without the admin token the harness says where to find it', async ({ page, server }) => {
  await page.goto(`${server.url}/harness.html?profile=lender`);
  await expect(page.getByRole('heading', { name: /admin token is needed/ })).toBeVisible();
  await page.getByLabel('Admin token').fill(server.adminToken);
  await page.getByRole('button', { name: 'Use token' }).click();
  await expect(page.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
});
