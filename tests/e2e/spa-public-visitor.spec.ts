/**
 * A visitor reading a public page signed out (PRODUCT.md §2 "Startup and access") makes no API
 * call: no handshake, and the crypto library's chunks are never fetched. They load on Login,
 * where a call is coming (services/warmUpPolicy.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';

/**
 * The API client's own chunks (with the Signal session) in the built index.html: what its inline
 * script preloads for a signed-in first screen, less what any other first screen shares.
 */
function cryptoChunks(): string[] {
  const html = readFileSync('dist/web/index.html', 'utf8');
  const json = /const preloads = (\{.*?\});/s.exec(html)?.[1];
  if (!json) throw new Error('dist/web/index.html has no preload table');
  const preloads = JSON.parse(json) as Record<'host' | 'web' | 'api' | 'login', string[]>;
  const shared = new Set([...preloads.host, ...preloads.web, ...preloads.login]);
  const chunks = preloads.api.filter((file) => !shared.has(file)).map((file) => file.slice(2));
  // Not vacuous: the Signal session is among them.
  const signal = chunks.filter((file) =>
    readFileSync(`dist/web/${file}`, 'utf8').includes('WhisperRatchet'),
  );
  expect(signal).toHaveLength(1);
  return chunks;
}

function fetchedScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) urls.push(path.replace(/^\//, ''));
  });
  return urls;
}

test('a signed-out visitor on public documents: no handshake, no crypto chunk; Login warms up', async ({
  page,
  admin,
}) => {
  const crypto = cryptoChunks();
  const scripts = fetchedScripts(page);
  for (const file of ['privacy_policy', 'directloan_terms_and_conditions']) {
    await page.goto(`/doc/${file}`);
    await expect(page).toHaveURL(new RegExp(`/doc/${file}$`));
    await expect(page.locator('.markdown h2').first()).toBeVisible();
    // Everything the page starts on its own (chunks, the warm-up it used to make) is over.
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((file) => crypto.includes(file))).toEqual([]);
  expect((await admin.log()).map((e) => e.path)).toEqual([]);

  // On Login a call is coming: the channel opens ahead of it.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect
    .poll(async () => (await admin.log()).map((e) => e.path))
    .toContain('config/getServicePublicKey');
  expect(scripts.filter((file) => crypto.includes(file)).length).toBeGreaterThan(0);
});
