/**
 * The harness at its edges, where it used to mislead: logs that stay one row per call across F5
 * and a bundle import, a copied tab that is a phone of its own, a Copy as curl command that runs,
 * and a phone frame that keeps the app when the page opens windows or navigates away.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { appFrame, expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1100 }, acceptDownloads: true });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Control panel' });
const openSection = (page: Page, name: RegExp) =>
  panel(page).locator('summary').filter({ hasText: name }).click();

interface LogIds {
  calls: string[];
  notes: string[];
}

/** The ids of the host's call log and notes, as the panel renders them. */
const logIds = (page: Page) =>
  page.evaluate(() => {
    const host = (
      globalThis as unknown as {
        simulatorHost: {
          getSnapshot(): { calls: { id: string }[]; notes: { id: string }[] };
        };
      }
    ).simulatorHost;
    const { calls, notes } = host.getSnapshot();
    return { calls: calls.map((c) => c.id), notes: notes.map((n) => n.id) };
  }) as Promise<LogIds>;

/** "Bridge calls (N)" names as many rows as the table shows, each call once. */
async function expectLogsTrue(page: Page): Promise<LogIds> {
  await page.getByRole('tab', { name: /^Bridge calls/ }).click();
  const ids = await logIds(page);
  expect(new Set(ids.calls).size).toBe(ids.calls.length);
  expect(new Set(ids.notes).size).toBe(ids.notes.length);
  await expect(page.getByRole('tab', { name: `Bridge calls (${ids.calls.length})` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bridge calls' }).locator('tbody tr')).toHaveCount(
    ids.calls.length,
  );
  return ids;
}

/** React's duplicate-key complaints and the harness page's own uncaught errors. */
function watchPanelErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /same key/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('F5 and a bundle import keep log ids unique and the count equal to the rows', async ({
  page,
  context,
  app,
  server,
  openHarness,
}) => {
  const errors = watchPanelErrors(page);
  await openHarness('profile=lender&scenario=repaying');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await page.getByRole('button', { name: 'pageResume' }).click();
  const before = await expectLogsTrue(page);
  expect(before.calls.length).toBeGreaterThan(0);

  await page.reload();
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await page.getByRole('button', { name: 'pageResume' }).click();
  // The reloaded page called again: its rows come after the kept ones, with ids of their own.
  await expect
    .poll(async () => (await logIds(page)).calls.length)
    .toBeGreaterThan(before.calls.length);
  const reloaded = await expectLogsTrue(page);
  expect(reloaded.calls.slice(0, before.calls.length)).toEqual(before.calls);

  await openSection(page, /^Repro bundle/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export repro bundle' }).click();
  const file = await (await downloading).path();
  const bundle = JSON.parse(await readFile(file, 'utf8')) as { calls: unknown[] };
  expect(bundle.calls).toHaveLength(reloaded.calls.length);

  // Another phone that has made calls of its own takes the bundle; its app calls again.
  const other = await context.newPage();
  errors.push(...watchPanelErrors(other));
  const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
  await other.goto(`${server.url}/harness.html?profile=lender&scenario=can-borrow${token}`);
  await expect(phoneApp(other).getByText('Apply Now')).toBeVisible();
  await other.locator('summary', { hasText: 'Repro bundle' }).click();
  await other.getByLabel('Repro bundle file').setInputFiles(file);
  await expect(other.getByRole('status')).toContainText('Imported');
  await expect
    .poll(async () => (await logIds(other)).calls.length)
    .toBeGreaterThan(reloaded.calls.length);
  await expectLogsTrue(other);
  expect(errors).toEqual([]);
});

test('a window.open copy of the harness is its own world and never kicks the original out', async ({
  page,
  app,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=repaying');
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  const worldOf = (tab: Page) =>
    tab.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
      ).sessionStorage.getItem('directLoanSimulator.world'),
    );
  const original = await worldOf(page);

  const opening = page.waitForEvent('popup');
  await page.evaluate(() => {
    const w = globalThis as unknown as { open(url: string): unknown; location: { href: string } };
    w.open(w.location.href);
  });
  const copy = await opening;
  await expect(copy.getByRole('note', { name: 'Copied tab' })).toContainText('a new phone');
  await expect(copy.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
  expect(await worldOf(copy)).not.toBe(original);
  await copy.getByRole('combobox', { name: 'Scenario' }).selectOption('session-expired');
  await expect(copy.getByRole('status', { name: 'Kicked out' })).toBeVisible();

  // The original still lives in its world, on its scenario, signed in.
  expect(await worldOf(page)).toBe(original);
  await expect(page.getByRole('note', { name: 'Copied tab' })).toHaveCount(0);
  await expect(page.getByText('scenario: repaying')).toBeVisible();
  await page.getByRole('button', { name: 'pageResume' }).click();
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Kicked out' })).toHaveCount(0);

  // F5 in the copy keeps the copy's own world.
  const copied = await worldOf(copy);
  await copy.reload();
  await expect(copy.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
  expect(await worldOf(copy)).toBe(copied);
  await expect(copy.getByRole('note', { name: 'Copied tab' })).toHaveCount(0);
});

test('the copied curl command runs in a shell and answers the decrypted exchange', async ({
  page,
  context,
  app,
  server,
  openHarness,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(app.getByTestId('home-amount')).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByLabel('Filter the timeline').fill('main/loan/loanInfo');
  const exchange = page
    .getByRole('list', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'main/loan/loanInfo' })
    .first();
  await exchange.getByRole('button').first().click();
  await exchange.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(curl).not.toContain(server.adminToken);
  const { stdout } = await promisify(execFile)('sh', ['-c', curl], {
    env: { ...process.env, DL_ADMIN_TOKEN: server.adminToken },
  });
  expect(JSON.parse(stdout)).toMatchObject({
    code: 200,
    data: { lastAmount: 15000, creditAmount: 20000 },
  });
});

test('the phone denies window.open, shows links away as native surfaces and keeps the app', async ({
  page,
  app,
  openHarness,
}) => {
  const errors = watchPanelErrors(page);
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(app.getByText('Apply Now')).toBeVisible();
  const surfaces = page.getByRole('list', { name: 'Native surfaces' });
  const frame = await appFrame(page);

  const opened = await frame.evaluate(() =>
    (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/terms'),
  );
  expect(opened).toBeNull();
  await expect(surfaces).toContainText('https://example.com/terms');

  await frame.evaluate(() => {
    (globalThis as unknown as { location: { href: string } }).location.href =
      'https://example.com/away';
  });
  await expect(surfaces).toContainText('https://example.com/away');
  await frame.evaluate(() => {
    interface Link {
      href: string;
      click(): void;
    }
    const doc = (
      globalThis as unknown as {
        document: { createElement(t: 'a'): Link; body: { append(l: Link): void } };
      }
    ).document;
    const link = doc.createElement('a');
    link.href = 'tel:+639171234567';
    doc.body.append(link);
    link.click();
  });
  await expect(surfaces).toContainText('Calling +639171234567');
  await expect(app.getByText('Apply Now')).toBeVisible();

  // Sent away where no page guard can stop it (browser-initiated, to a dead address): the
  // frame lands on an error page of another origin, and the phone gets its app back.
  const warned = page.waitForEvent('console', (m) => m.text().includes('left the app'));
  await frame.goto('http://127.0.0.1:1/').catch(() => undefined);
  await warned;
  await expect(app.getByText('Apply Now')).toBeVisible();
  expect(popups).toBe(0);
  expect(errors).toEqual([]);
});
