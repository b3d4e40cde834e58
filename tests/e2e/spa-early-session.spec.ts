/**
 * The session started before the boot chunk (DESIGN.md §5, src/renderer/src/earlySession.ts): a
 * signed-in page shakes hands and makes its first calls while the boot chunk is still loading;
 * the app adopts that session once, and only for the token it holds when it asks (DESIGN.md §6).
 */
import { countOf, holdBootChunk } from './firstFrame-helpers';
import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

const HANDSHAKE = 'config/getServicePublicKey';

interface PageWindow {
  localStorage: { setItem(key: string, value: string): void };
}

/** What the screen-state recorder reads and writes (e2e code compiles without the DOM lib). */
interface ScreenWindow {
  document: {
    body: unknown;
    querySelector(selector: string): { textContent: string | null } | null;
  };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: Record<string, boolean>): void };
  requestAnimationFrame(callback: () => void): void;
  __homeStates?: string[];
}

test('a cold open in the lender app shakes hands before the boot chunk runs, and the app adopts it', async ({
  page,
  admin,
  inLenderApp,
}) => {
  await inLenderApp(page, 'can-borrow');
  const release = await holdBootChunk(page);
  await page.goto('/', { waitUntil: 'commit' });
  // The boot chunk is held: the handshake and Home's calls are the early session's.
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(1);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
  release();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // Adopted: no second handshake, and each first call was made once.
  for (const path of [HANDSHAKE, 'user/userInfo', 'user/unread', 'loan/loanInfo']) {
    expect(await countOf(admin, path), path).toBe(1);
  }
});

/**
 * A first open in the lender app (can-borrow) with the boot chunk held, until index.html painted
 * Home from the early session's answers: the painted frame, and what lets the boot chunk go.
 */
async function paintedColdHome(
  page: Page,
  inLenderApp: (page: Page, scenario: string) => Promise<void>,
): Promise<{ frame: Locator; release: () => void }> {
  await inLenderApp(page, 'can-borrow');
  const release = await holdBootChunk(page);
  await page.goto('/', { waitUntil: 'commit' });
  const frame = page.locator('[data-first-frame="home"]');
  await expect(frame.getByTestId('home-amount')).toHaveText('₱15,000');
  return { frame, release };
}

test('a cold open paints Home from the first answers before the boot chunk runs; Apply Now pressed then is not lost', async ({
  page,
  admin,
  inLenderApp,
}) => {
  const { frame, release } = await paintedColdHome(page, inLenderApp);
  await expect(frame.getByText('Available amount', { exact: true })).toBeVisible();
  // Fresh figures: nothing says they are being updated.
  await expect(frame.getByRole('status')).toHaveCount(0);
  await frame.getByRole('button', { name: 'Apply Now' }).click();
  release();
  // The press leads where Apply Now leads once the app runs, with the answers already made.
  await expect(page).toHaveURL(/\/loan\/apply$/);
  await expect(frame).toHaveCount(0);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
});

test('a press on the painted Home goes where the app’s own button goes, whatever the state', async ({
  page,
  inLenderApp,
}) => {
  const cases = [
    ['kyc-fill-info', 'Fill In The Information', /\/kyc\/apply$/],
    ['releasing', 'Loan Releasing', /\/loan\/review$/],
  ] as const;
  for (const [scenario, label, target] of cases) {
    await inLenderApp(page, scenario);
    const release = await holdBootChunk(page);
    await page.goto('/', { waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="home"]');
    await frame.getByRole('button', { name: label }).click();
    release();
    await expect(frame).toHaveCount(0);
    await expect(page, scenario).toHaveURL(target);
    await page.unrouteAll();
  }
});

test('from the painted Home to the app’s, the figures never go: no placeholder in between', async ({
  page,
  inLenderApp,
}) => {
  const { frame, release } = await paintedColdHome(page, inLenderApp);
  // Every state of the screen from now on, as each DOM change and each frame leaves it.
  await page.evaluate(() => {
    const scope = globalThis as unknown as ScreenWindow;
    const seen: string[] = [];
    scope.__homeStates = seen;
    const look = () => {
      const doc = scope.document;
      const amount = doc.querySelector('[data-testid="home-amount"]')?.textContent ?? 'none';
      const pending = doc.querySelector('[data-testid="home-amount-pending"]') ? ' pending' : '';
      const state = `${amount}${pending}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new scope.MutationObserver(look).observe(scope.document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    const everyFrame = () => {
      look();
      scope.requestAnimationFrame(everyFrame);
    };
    everyFrame();
  });
  release();
  await expect(frame).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const states = await page.evaluate(() => (globalThis as unknown as ScreenWindow).__homeStates);
  expect(states).toEqual(['₱15,000']);
});

test('a session started for a token the app no longer holds is discarded, its answers unused', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  const before = await admin.sessionToken();
  const now = await admin.sessionToken();
  await page.addInitScript(
    ([key, value]) => (globalThis as unknown as PageWindow).localStorage.setItem(key, value),
    ['dl.user', JSON.stringify({ tokenValue: before, user: null, loanInfo: null })] as const,
  );
  const release = await holdBootChunk(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(1);
  // Another login replaced the saved one before the app ran.
  await page.evaluate(
    ([key, value]) => (globalThis as unknown as PageWindow).localStorage.setItem(key, value),
    ['dl.user', JSON.stringify({ tokenValue: now, user: null, loanInfo: null })] as const,
  );
  release();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // The app asked again with its own token. (The secure channel is the device's, not the
  // token's: the app's client may go on with the one the early client saved.)
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(2);
  expect(await countOf(admin, 'user/userInfo')).toBe(2);
});

test("Home's banner picture, its largest paint, is asked for at high priority before the boot chunk runs", async ({
  page,
  inLenderApp,
}) => {
  const pictures: { url: string; priority: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Image' && event.request.url.includes('/media/ads/')) {
      pictures.push({ url: event.request.url, priority: event.request.initialPriority });
    }
  });
  await cdp.send('Network.enable');
  const { frame, release } = await paintedColdHome(page, inLenderApp);
  // The boot chunk is held: no React Home has rendered the banner, yet its picture is on its way.
  await expect.poll(() => pictures.map((p) => p.priority)).toEqual(['High']);
  release();
  await expect(frame).toHaveCount(0);
  const banner = page.getByRole('button', { name: 'New User Benefits' });
  await expect(banner.getByRole('img')).toBeVisible();
  // The picture Home shows is the one fetched ahead: no second request for it.
  const shown = await banner.getByRole('img').getAttribute('src');
  expect(pictures.map((p) => p.url)).toEqual([new URL(shown ?? '', page.url()).href]);
});
