/**
 * A first open's script files (docs/architecture.md "Startup", chunks): each is a request of its
 * own on a webview's slow line, so what always loads together comes as one file. Before the
 * handshake, the early session's code is one file (its entry with its own modules, `session`).
 * After Home's first paint the app loads Toast and Dialog (every first page, services/ui.ts) and
 * Home's banner carousel (when the browser is idle): each in one file beyond the first open's
 * chunks, where rolldown left to itself split antd-mobile and its animation libraries into a
 * dozen small ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';

/** The built script files whose text holds `marker`, as `/assets/…` paths. */
function filesHolding(marker: string): string[] {
  const files = readdirSync('dist/web/assets').filter((name) => name.endsWith('.js'));
  return files
    .filter((file) => readFileSync(`dist/web/assets/${file}`, 'utf8').includes(marker))
    .map((file) => `/assets/${file}`);
}

/**
 * Every script file a cold open in the lender app fetched, once Home's carousel shows and Toast
 * and Dialog have loaded: Home with data, the app's own Home, and what it loads when idle.
 */
async function coldHomeScripts(page: Page): Promise<string[]> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  await page.goto('/');
  await expect(page.locator('nav.tab-bar')).toBeVisible();
  await expect(page.locator('.adm-swiper')).toBeVisible();
  const toast = filesHolding('adm-toast');
  expect(toast.length).toBeGreaterThan(0);
  await expect.poll(() => toast.some((file) => scripts.has(file))).toBe(true);
  await page.waitForLoadState('networkidle');
  return [...scripts];
}

/**
 * At most this many script files until Home's carousel shows and Toast and Dialog are in: the
 * first open's own (the early session's, the boot chunk's, Home's and the tab bar's, the dialog
 * focus keeper) and one file for each of the two. Left to rolldown, the two took eighteen more.
 */
const COLD_HOME_SCRIPT_FILES = 20;

test('a cold open of Home fetches Toast and Dialog, and the banner carousel, as one file each', async ({
  page,
  inLenderApp,
}) => {
  await inLenderApp(page, 'can-borrow');
  const scripts = await coldHomeScripts(page);
  // Sentry's SDK loads when the browser is idle, or not at all without a DSN: not counted.
  const sentry = filesHolding('sentry_fetch_url_host__');
  expect(sentry).toHaveLength(1);
  const counted = scripts.filter((file) => !sentry.includes(file));
  expect(counted.length, counted.join(' ')).toBeLessThanOrEqual(COLD_HOME_SCRIPT_FILES);
  // One file holds each, and the carousel's imports are all among those fetched.
  const swiper = filesHolding('adm-swiper');
  expect(filesHolding('adm-toast')).toHaveLength(1);
  expect(swiper).toHaveLength(1);
  const carouselImports = [
    ...readFileSync(`dist/web${swiper[0]}`, 'utf8').matchAll(/from"\.\/([^"]+\.js)"/g),
  ].map((m) => `/assets/${m[1]}`);
  expect(carouselImports.filter((file) => !scripts.includes(file))).toEqual([]);
});

/**
 * At most this many script files before the handshake leaves: the runtime, react and the
 * chunk both entries share, the host implementation, and the early session's entry with its
 * whole graph in one chunk. Left to rolldown, the session's graph took eight more, and the link
 * rules three; the boot chunk and Home's chunks come after it (inline/bootLoader.ts).
 */
const BEFORE_HANDSHAKE_SCRIPT_FILES = 5;

test("a cold open of Home sends the handshake after a few script files, the early session's code in one chunk", async ({
  page,
  inLenderApp,
}) => {
  await inLenderApp(page, 'can-borrow');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('home-amount').first()).toHaveText('₱15,000');
  const handshake = requests.indexOf('/main/config/getServicePublicKey');
  expect(handshake).toBeGreaterThan(0);
  const before = new Set(requests.slice(0, handshake).filter((path) => path.endsWith('.js')));
  expect(before.size, [...before].join(' ')).toBeLessThanOrEqual(BEFORE_HANDSHAKE_SCRIPT_FILES);
});
