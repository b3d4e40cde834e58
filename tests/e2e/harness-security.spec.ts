/**
 * The harness's own doors, tried as an attacker would (loopback only): an app path that is a
 * script or another site once its slash is gone (the URL's `?path=`, a repro bundle's `path`),
 * and `?mock=` pointing the harness at a server that would collect the admin token. The phone
 * has an origin of its own; where it cannot (a harness not on loopback) it shares the harness's,
 * whose sessionStorage holds the token (src/shared/appPath.ts, src/renderer/src/harness/adminTokens.ts).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { appFrame, expect, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1100 }, acceptDownloads: true });

/** What a hostile path's script would leave on the harness page, had it run there. */
const stolen = (page: Page) =>
  page.evaluate(() => (globalThis as { stolen?: unknown }).stolen ?? null);

/**
 * The phone's own origin for `profile` beside the harness page at `harnessUrl` (phoneOrigin.ts):
 * under harness.localhost where this lane's browser blocks third-party storage.
 */
function phoneOriginOf(harnessUrl: string, profile: string): RegExp {
  const { hostname, port } = new URL(harnessUrl);
  const site = hostname === 'harness.localhost' ? 'harness\\.localhost' : 'localhost';
  return new RegExp(`^http://w-[a-z0-9]+-${profile}\\.${site}:${port}$`);
}

const STEAL = '/javascript:void(parent.stolen=JSON.stringify(parent.sessionStorage))';

test('a ?path= that is a script or another site opens the app, and no script runs', async ({
  page,
  app,
  server,
  openHarness,
}) => {
  await openHarness(`profile=lender&scenario=repaying&${new URLSearchParams({ path: STEAL })}`);
  await expect(app.getByText('Apply Now').first()).toBeVisible();
  expect(await stolen(page)).toBeNull();
  const opened = new URL((await appFrame(page)).url());
  expect(opened.origin).toMatch(phoneOriginOf(page.url(), 'lender'));
  expect(`${opened.pathname}${opened.search}${opened.hash}`).toBe('/');
  await expect(page).not.toHaveURL(/javascript/);

  for (const path of ['/http://127.0.0.2:9/', '/\\\\127.0.0.2:9/', '//127.0.0.2:9/']) {
    await page.goto(`${server.url}/harness.html?${new URLSearchParams({ path })}`);
    await expect(app.getByText('Apply Now').first()).toBeVisible();
    expect(new URL((await appFrame(page)).url()).origin).toMatch(
      phoneOriginOf(page.url(), 'lender'),
    );
  }
});

test('a repro bundle whose path is a script is refused with the reason', async ({
  page,
  app,
  openHarness,
}) => {
  await openHarness('profile=lender&scenario=repaying&path=/bill');
  await expect(app.getByText('Amount to Pay')).toBeVisible();
  const section = page.locator('summary', { hasText: 'Repro bundle' });
  await section.click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export repro bundle' }).click();
  const bundle = JSON.parse(await readFile(await (await downloading).path(), 'utf8'));

  await page.getByLabel('Repro bundle file').setInputFiles({
    name: 'from-a-colleague.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...bundle, path: STEAL })),
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Not a repro bundle at path: not a path of the app' }),
  ).toBeVisible();
  expect(await stolen(page)).toBeNull();
  await expect(app.getByText('Amount to Pay')).toBeVisible();
});

/** A server on another port that answers anything and notes every admin token it is sent. */
async function tokenCollector(): Promise<{ origin: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const token = req.headers['x-admin-token'];
    if (typeof token === 'string') seen.push(token);
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', '*');
    res.setHeader('content-type', 'application/json');
    res.end(req.method === 'OPTIONS' ? '' : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen, server };
}

test('?mock= names another server: it gets its own token, never this server’s', async ({
  page,
  server,
}) => {
  const collector = await tokenCollector();
  try {
    // The token pasted for this page's server…
    await page.goto(`${server.url}/harness.html?profile=lender`);
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect(page.getByRole('complementary', { name: 'Control panel' })).toBeVisible();

    // …is not sent to a server a link names: the token screen asks for that server's own.
    await page.goto(`${server.url}/harness.html?profile=lender&mock=${collector.origin}/`);
    await expect(page.getByRole('heading', { name: /admin token is needed/ })).toBeVisible();
    await expect(page.getByTestId('token-server')).toHaveText(collector.origin);
    await expect(page.getByRole('note')).toContainText('another mock server');
    await page.getByLabel('Admin token').fill('collector-own-token-01');
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect.poll(() => collector.seen.length).toBeGreaterThan(0);
    expect(new Set(collector.seen)).toEqual(new Set(['collector-own-token-01']));

    // Back on this page's server, its own token is still there; the other stays with the other.
    await page.goto(`${server.url}/harness.html?profile=lender`);
    await expect(page.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
    expect(collector.seen).not.toContain(server.adminToken);
  } finally {
    await new Promise((resolve) => collector.server.close(resolve));
  }
});
