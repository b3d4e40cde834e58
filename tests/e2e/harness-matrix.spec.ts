/**
 * The scenario × device matrix: several phones at once, each in its own world, and
 * `npm run shots` writing the same grid headlessly.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, phoneApp, test } from './harness-fixture';

const root = path.resolve(import.meta.dirname, '../..');

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The world id each of the first four cells keeps in the tab's sessionStorage. */
function cellWorlds(page: Page) {
  return page.evaluate(() => {
    const storage = (
      globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
    ).sessionStorage;
    return [0, 1, 2, 3].map((n) => storage.getItem(`directLoanSimulator.world.cell.${n}`));
  });
}

/**
 * Four phones boot at once on the machine that runs the suite (handshakes, first screens): each
 * may take as long as four boots one after the other, so its first screen gets four of the
 * suite's expect budgets.
 */
const fourPhones = expect.configure({ timeout: 4 * 10_000 });

test('the matrix shows one route on phones of different scenarios and devices side by side', async ({
  page,
  server,
}) => {
  // Two rounds of four boots (before and after the reload).
  test.slow();
  const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
  const query = 'view=matrix&route=/bill&scenarios=repaying,overdue&devices=android,iphone';
  await page.setViewportSize({ width: 1900, height: 1000 });
  await page.goto(`${server.url}/harness.html?${query}${token}`);
  const cells = page.locator('figure.sim-matrix__cell');
  await expect(cells).toHaveCount(4);
  await expect(cells.nth(0)).toContainText('repaying · Small Android phone');
  await expect(cells.nth(3)).toContainText('overdue · Notched iPhone');

  const appOf = (n: number) => phoneApp(cells.nth(n).frameLocator('iframe'));
  // Each phone shows its own scenario's bills: their worlds do not clobber each other.
  await fourPhones(appOf(0).getByText('Overdued 5 Day(s)')).toBeVisible();
  await fourPhones(appOf(1).getByText('Overdued 5 Day(s)')).toBeVisible();
  await fourPhones(appOf(2).getByText('Overdued 4 Day(s)')).toBeVisible();
  await fourPhones(appOf(3).getByText('Overdued 4 Day(s)')).toBeVisible();
  await expect(appOf(0).getByText('Overdued 4 Day(s)')).toBeHidden();

  const worlds = await cellWorlds(page);
  expect(new Set(worlds).size).toBe(4);
  const listed = await fetch(`${server.url}/__admin/worlds`, {
    headers: { 'x-admin-token': server.adminToken },
  }).then((r) => r.json() as Promise<{ worlds: { id: string; scenario: string | null }[] }>);
  const scenarioOf = (id: string | null) => listed.worlds.find((w) => w.id === id)?.scenario;
  expect(worlds.map(scenarioOf)).toEqual(['repaying', 'repaying', 'overdue', 'overdue']);

  // A reload keeps every phone's world.
  await page.reload();
  await fourPhones(appOf(2).getByText('Overdued 4 Day(s)')).toBeVisible();
  const again = await cellWorlds(page);
  expect(again).toEqual(worlds);
});

test('the panel opens the matrix of its own route, scenario, device and profile', async ({
  page,
  openHarness,
  app,
}) => {
  await openHarness('profile=lender&scenario=overdue&device=iphone&path=/bill');
  await expect(app.getByText('Overdued 4 Day(s)')).toBeVisible();
  await page.getByRole('link', { name: 'Matrix' }).click();
  await expect(page.locator('figure.sim-matrix__cell')).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'overdue' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'iphone' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Route' })).toHaveValue('/bill');
  // Adding a scenario from the form shows it beside the first.
  await page.getByRole('checkbox', { name: 'repaying' }).check();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('figure.sim-matrix__cell')).toHaveCount(2);
});

test('the matrix carries the world clock to every phone', async ({ page, openHarness, app }) => {
  const WEEK = 7 * 86_400_000;
  await openHarness(
    'profile=lender&scenario=repaying&device=android&path=/bill&clock=%2B604800000',
  );
  await expect(app.getByText('Amount to Pay')).toBeVisible();
  await page.getByRole('link', { name: 'Matrix' }).click();
  await expect(page).toHaveURL(/[?&]clock=%2B\d+/);
  const cell = page.locator('figure.sim-matrix__cell iframe').first();
  await expect(cell).toHaveAttribute('src', /[?&]clock=%2B\d+/);
  const phone = phoneApp(cell.contentFrame());
  await expect(phone.getByText('Amount to Pay')).toBeVisible();
  // The cell's app lives a week ahead, as the panel's phone did.
  const appFrame = page
    .frames()
    .find((f) => f.url().includes('/bill') && !f.url().includes('harness.html'));
  if (!appFrame) throw new Error('no app frame in the matrix cell');
  const ahead = (await appFrame.evaluate(() => Date.now())) - Date.now();
  expect(Math.abs(ahead - WEEK)).toBeLessThan(120_000);
});

test('npm run shots writes one picture per phone and the grid', async () => {
  test.setTimeout(120_000);
  const out = mkdtempSync(path.join(tmpdir(), 'shots-'));
  try {
    execFileSync(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'scripts/shots.ts',
        '--route',
        '/bill',
        '--scenarios',
        'repaying',
        '--devices',
        'android,iphone',
        '--out',
        out,
      ],
      { cwd: root, stdio: 'pipe', timeout: 110_000 },
    );
    expect(readdirSync(out).sort()).toEqual([
      'grid.png',
      'repaying__android__lender.png',
      'repaying__iphone__lender.png',
    ]);
    // Each picture is its phone: the iPhone cell is wider and taller than the small Android one.
    const android = pngSize(path.join(out, 'repaying__android__lender.png'));
    const iphone = pngSize(path.join(out, 'repaying__iphone__lender.png'));
    expect(iphone.width).toBeGreaterThan(android.width);
    expect(iphone.height).toBeGreaterThan(android.height);
    expect(pngSize(path.join(out, 'grid.png')).width).toBeGreaterThan(android.width + iphone.width);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
