/**
 * The christmas lucky draw against the mock server: this file boots its own server whose clock
 * sits inside the draw window (the server refuses draws outside it); the page judges the window on
 * the server's clock, and some tests also move the page's event clock there with `?now=`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { MockServer } from '../../mock-server/app';
import { test as base, expect } from './fixtures';

const DRAW_DAY = '2026-12-10T12:00:00+08:00';

const test = base.extend<object, { mock: MockServer }>({
  mock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-e2e-draw-'));
      const { createMockServer }: typeof import('../../mock-server/app') = await tsImport(
        '../../mock-server/app.ts',
        import.meta.url,
      );
      const offset = Date.parse(DRAW_DAY) - Date.now();
      // The whole server lives on that day: its domain and its transport, whose time the app
      // learns at the handshake and judges the event window on.
      const drawDay = () => Date.now() + offset;
      const server = await createMockServer({
        port: 0,
        webDir: 'dist/web',
        dataDir,
        now: drawDay,
        transportNow: drawDay,
      });
      await use(server);
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

const draw = `/event/christmas_lucky_draw?now=${encodeURIComponent(DRAW_DAY)}`;

test('draws a prize, claims tasks for chances and lists the prize', async ({
  page,
  inLenderApp,
  admin,
}) => {
  // A new borrower: only the visit task is done.
  await inLenderApp(page, 'new-user');
  await page.goto(draw);
  await expect(page.getByText('You have 1 draw chance(s).')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Prizes' }).getByRole('listitem')).toHaveCount(5);

  await page.getByRole('button', { name: 'DRAW NOW' }).click();
  const result = page.getByRole('status');
  await expect(result).toBeVisible();
  await expect(page.getByText('You have 0 draw chance(s).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'DRAW NOW' })).toBeDisabled();
  const won = (await admin.log()).find((e) => e.path === 'activity/luckyDraw/draw');
  if (!won) throw new Error('no activity/luckyDraw/draw in the server log');
  expect(won.response.code).toBe(200);
  const prize = (won.response.data as { prize: { title: string; kind: string } }).prize;
  await expect(result).toContainText(prize.title);

  await page.getByRole('link', { name: 'Tasks' }).click();
  const task = (title: string) => page.locator('.list-row', { hasText: title });
  await expect(task('Take out a loan with Direct Loan')).toContainText('Not done');
  await expect(task('Invite a friend who takes a loan')).toContainText('Not done');
  await task('Visit the Christmas event page').getByRole('button', { name: 'Claim' }).click();
  await expect(task('Visit the Christmas event page')).toContainText('Claimed');

  await page.getByRole('link', { name: 'Draw' }).click();
  await expect(page.getByText('You have 1 draw chance(s).')).toBeVisible();
  await page.getByRole('link', { name: 'My Prizes' }).click();
  await expect(page.locator('.list-row', { hasText: prize.title })).toBeVisible();
  await expect(page.locator('.list-row').first()).toContainText(
    prize.kind === 'voucher' ? 'Voucher added' : 'No prize',
  );
});

test('a visitor is sent to log in and comes back to the draw', async ({ page }) => {
  await page.goto(draw);
  await page.getByRole('link', { name: 'Log In to Draw' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fevent%2Fchristmas_lucky_draw$/);
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/event\/christmas_lucky_draw$/);
  await expect(page.getByText('You have 1 draw chance(s).')).toBeVisible();
});

test('a visitor reads the official mechanics without logging in', async ({ page }) => {
  // The phone's clock inside the window too: the link leaves `?now=` behind, as a real one does.
  await page.clock.install({ time: new Date(DRAW_DAY) });
  await page.goto('/event/christmas_lucky_draw');
  await expect(page.getByRole('link', { name: 'Log In to Draw' })).toBeVisible();
  await page.getByRole('link', { name: 'official mechanics' }).click();
  await expect(page).toHaveURL(/\/event\/christmas_lucky_draw\/mechanics$/);
  await expect(page.getByRole('article', { name: 'Official mechanics' })).toContainText(
    'one free chance',
  );
  await expect(page.getByRole('article', { name: 'Official mechanics' })).toContainText(
    'Direct Loan Lending Corp.',
  );
  await expect(page).not.toHaveURL(/\/login/);
});
