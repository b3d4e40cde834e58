/**
 * The crypto of a first open is the engine's (DESIGN.md §5, src/shared/transport/clientSession.ts):
 * where WebCrypto has X25519, Ed25519, HKDF, HMAC and AES (Chromium does), the handshake and the
 * first calls load no Signal library, protobuf runtime or curve code of the app's own; where the
 * engine lacks one, the library and its JS fallbacks load and the borrower sees the same Home.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';

/**
 * The built chunks that hold the Signal library or a curve of our own, by what only they contain:
 * the library's session record migration, noble's Edwards points, the asm.js curve's memory.
 */
function fallbackChunks(): string[] {
  const markers = ['Error migrating SessionRecord', 'fromAffine', '__growWasmMemory'];
  const found = new Map<string, string[]>();
  for (const file of readdirSync('dist/web/assets').filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(`dist/web/assets/${file}`, 'utf8');
    for (const marker of markers) {
      if (text.includes(marker))
        found.set(marker, [...(found.get(marker) ?? []), `assets/${file}`]);
    }
  }
  // Not vacuous: the fallbacks are in the build.
  for (const marker of markers) expect(found.get(marker)?.length ?? 0, marker).toBeGreaterThan(0);
  return [...found.values()].flat();
}

function fetchedScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) paths.push(path.replace(/^\//, ''));
  });
  return paths;
}

test('a cold open in the lender app shows Home with no Signal library or curve code loaded', async ({
  page,
  admin,
  inLenderApp,
}) => {
  const fallbacks = fallbackChunks();
  const scripts = fetchedScripts(page);
  await inLenderApp(page, 'can-borrow');
  await page.goto('/');
  await expect(page.getByTestId('home-amount').first()).toHaveText('₱15,000');
  expect(scripts.filter((file) => fallbacks.includes(file))).toEqual([]);
  // Nor later: the app's own Home runs and every call was made, on the same session.
  await expect(page.locator('nav.tab-bar')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => fallbacks.includes(file))).toEqual([]);
  expect((await admin.log()).filter((e) => e.path === 'config/getServicePublicKey')).toHaveLength(
    1,
  );
});

test('an engine without Ed25519 runs the session on the library, with the same Home', async ({
  page,
  admin,
  inLenderApp,
}) => {
  const fallbacks = fallbackChunks();
  const scripts = fetchedScripts(page);
  // An engine whose WebCrypto has no Ed25519 (Chromium before 137, Safari before 17).
  await page.addInitScript(() => {
    const subtle = (globalThis as unknown as { crypto: { subtle: Record<string, unknown> } }).crypto
      .subtle;
    const importKey = subtle.importKey as (...args: unknown[]) => Promise<unknown>;
    const refuse = (algorithm: unknown) => {
      const name =
        typeof algorithm === 'string' ? algorithm : (algorithm as { name?: string }).name;
      return name === 'Ed25519';
    };
    subtle.importKey = function (this: unknown, ...args: unknown[]) {
      return refuse(args[2])
        ? Promise.reject(new DOMException('Unrecognized algorithm name', 'NotSupportedError'))
        : importKey.apply(this, args);
    };
  });
  await inLenderApp(page, 'can-borrow');
  await page.goto('/');
  await expect(page.getByTestId('home-amount').first()).toHaveText('₱15,000');
  await expect(page.getByRole('button', { name: 'Apply Now' }).first()).toBeEnabled();
  // The library chunk came, and the server saw one handshake and Home's calls answered.
  expect(scripts.some((file) => fallbacks.includes(file))).toBe(true);
  const paths = (await admin.log()).map((e) => e.path);
  expect(paths.filter((p) => p === 'config/getServicePublicKey')).toHaveLength(1);
  expect(paths).toContain('loan/loanInfo');
});
