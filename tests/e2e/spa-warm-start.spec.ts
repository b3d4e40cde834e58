/**
 * The second open (DESIGN.md §5, PRODUCT.md §3): the app goes on with the secure session it saved
 * instead of shaking hands again, shows the kept figures at once and refreshes them; a server that
 * lost the session costs one handshake and nothing the borrower sees.
 */
import { countOf, holdBootChunk, keptRecordSealed } from './firstFrame-helpers';
import { expect, type MockAdmin, type Page, test } from './fixtures';

const HANDSHAKE = 'config/getServicePublicKey';

/** Calls of a path the server answered (a call a lost session refused is retried once). */
async function answeredOf(admin: MockAdmin, path: string): Promise<number> {
  return (await admin.log(500)).filter((entry) => entry.path === path && entry.status === 200)
    .length;
}

test('a second open resumes the saved secure session: Home without a handshake', async ({
  page,
  admin,
  inLenderApp,
}) => {
  await inLenderApp(page, 'can-borrow');
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(1);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);

  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // The startup calls of the second open went out on the resumed session.
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(2);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
  await expect(page.getByText('Updating…')).toHaveCount(0);

  // The server lost its sessions (a restart): one handshake, the borrower sees nothing of it.
  await admin.fault({ kind: 'session-lost', path: 'user/userInfo', times: 1 });
  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // The calls already sent on the lost session (how many depends on timing) are retried once.
  await expect.poll(() => answeredOf(admin, 'loan/loanInfo')).toBe(3);
  expect(await countOf(admin, 'loan/loanInfo')).toBeLessThanOrEqual(4);
  expect(await countOf(admin, HANDSHAKE)).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** What the tests read of the page (e2e code compiles without the DOM lib). */
interface PageWindow {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  __dlStartup?: { firstFramePaint?: Promise<void> };
}

/** The Home frame the app kept for the next open, if any. */
async function keptFrame(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const saved = (globalThis as unknown as PageWindow).localStorage.getItem('dl.user');
    return saved ? JSON.parse(saved).homeFrame : undefined;
  });
}

/** Settles once index.html's first-frame script painted or decided not to. */
async function firstFrameDecided(page: Page) {
  await page.waitForFunction(
    () => (globalThis as unknown as PageWindow).__dlStartup?.firstFramePaint !== undefined,
  );
  await page.evaluate(() => (globalThis as unknown as PageWindow).__dlStartup?.firstFramePaint);
}

test('a second open paints the kept Home before the app runs; Apply Now pressed then is not lost', async ({
  page,
  inLenderApp,
  bridgeCalls,
}) => {
  await inLenderApp(page, 'can-borrow');
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect
    .poll(() => keptFrame(page))
    .toEqual({
      caption: 'Available amount',
      amount: '₱15,000',
      button: { label: 'Apply Now', disabled: false },
    });
  await keptRecordSealed(page);

  const release = await holdBootChunk(page);
  await page.reload({ waitUntil: 'commit' });
  const frame = page.locator('[data-first-frame="home"]');
  await expect(frame.getByTestId('home-amount')).toHaveText('₱15,000');
  await frame.getByRole('button', { name: 'Apply Now' }).click();
  release();
  // The press leads where Apply Now leads, once the app runs and the fresh loan info is in.
  await expect(page).toHaveURL(/\/loan\/apply$/);
  await expect(frame).toHaveCount(0);
  // The host was asked for its base info once on that load, by the frame's script for the app.
  const calls = await bridgeCalls(page);
  expect(calls.filter((call) => call.method === 'getBaseInfo')).toHaveLength(1);
});

test("a host's new token gets no frame of the session before, only its own", async ({
  page,
  admin,
  injectBridge,
  inLenderApp,
}) => {
  await inLenderApp(page, 'can-borrow');
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect.poll(() => keptFrame(page).then(Boolean)).toBe(true);

  // A native login as someone else: the host hands a new token.
  await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
  const release = await holdBootChunk(page);
  await page.reload({ waitUntil: 'commit' });
  await firstFrameDecided(page);
  // The frame painted is the new session's own, from its first answers: not the kept one of the
  // session before, which would say its figures are being updated.
  const frame = page.locator('[data-first-frame="home"]');
  await expect(frame.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect(frame.getByRole('status')).toHaveCount(0);
  release();
  await expect(frame).toHaveCount(0);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
});
