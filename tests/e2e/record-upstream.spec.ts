/**
 * Record mode end to end, on one machine over loopback (docs/mock-server.md "Upstream mode"):
 * B, one instance of the mock server, plays the real backend (`repaying`, its own data dir and
 * admin token); A relays to it (through a proxy that keeps what went over the wire) and records;
 * the SPA is driven through A along the main path — login, Home, Bill, repay. Then C, a third
 * instance with no upstream, serves the recording as a scenario: the same path gives the same
 * answers and the same screens, compared pixel by pixel. Last, what A does on top of B: a 4011
 * armed on B never reaches the app, a field B's answer gains shows in the contract report, and a
 * rotation of B's identity stops A, which says so.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { ContractReport, UpstreamStatus } from '@shared/upstream';
import { type CapturingProxy, capturingProxy } from '@tests/support/mock-server/capturingProxy';
import {
  adminOf,
  type LogEntry,
  type MockAdmin,
  type ServedSpa,
  serveBuiltSpa,
} from '@tests/support/mock-server/servedSpa';
import { differingShare } from './imageDiff';
import { loginOnWeb } from './tabs-helpers';

/** One recorded scenario file, the parts read here (src/shared/recording.ts). */
interface Recording {
  replay: {
    answers: Record<string, { code: number; message: string; data: unknown }[]>;
    exchanges: {
      key: string;
      n: number;
      request: { headers: Record<string, string>; data: unknown };
    }[];
  };
}

/** The screens of the main path, as the borrower sees them. */
interface Screens {
  home: Buffer;
  bill: Buffer;
  order: Buffer;
}

/** Most of a screen that may differ between the two runs (anti-aliasing, a caret). */
const SAME_SCREEN = 0.005;

test.describe.configure({ mode: 'serial' });

let backend: ServedSpa;
let proxy: CapturingProxy;
let relay: ServedSpa;
let replay: ServedSpa | undefined;
let b: MockAdmin;
let a: MockAdmin;

test.beforeAll(async () => {
  backend = await serveBuiltSpa(undefined, { scenario: 'repaying' });
  proxy = await capturingProxy(backend.server.url);
  relay = await serveBuiltSpa(undefined, { upstream: proxy.url, record: 'demo' });
  b = adminOf(backend.server);
  a = adminOf(relay.server);
});
test.afterAll(async () => {
  await replay?.close();
  await relay?.close();
  await proxy?.close();
  await backend?.close();
});

/** An admin call of a server, answered as JSON. */
async function adminJson<T>(
  server: ServedSpa,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.server.url}/__admin/${route}`, {
    method,
    headers: { 'x-admin-token': server.server.adminToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A phone of its own. `picturesFromUpstream`: A relays B's answers as they are, pictures on B's
 * origin; a real backend's are https, which the page's CSP allows (`img-src 'self' https:`), but B
 * is plain http on loopback, which it refuses (a channel logo would fall back to its initials and
 * move the screen). That phone's page runs without the CSP, so it shows B's pictures as a phone
 * shows a real backend's; a replay's pictures are local and need no such help.
 */
async function newPhone(browser: Browser, baseURL: string, picturesFromUpstream = false) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    ...(picturesFromUpstream ? { bypassCSP: true } : {}),
  });
  return context.newPage();
}

/** The page globals `pictures` reads (tests compile without the DOM lib). */
interface PictureGlobals {
  document: { images: ArrayLike<{ complete: boolean; naturalWidth: number }> };
}

/** A screenshot once every picture of the screen has loaded (channel logos, the banner). */
async function settledShot(page: Page): Promise<Buffer> {
  await page.waitForFunction(() =>
    Array.from((globalThis as unknown as PictureGlobals).document.images).every(
      (image) => image.complete && image.naturalWidth > 0,
    ),
  );
  return page.screenshot({ animations: 'disabled' });
}

/** Login, Home, Bill, repay with 7-ELEVEN: a screenshot of each screen once it settled. */
async function mainPath(page: Page): Promise<Screens> {
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await expect(page.getByRole('img').first()).toBeVisible();
  const home = await settledShot(page);
  await page.getByRole('link', { name: 'Bill' }).click();
  await expect(page).toHaveURL(/\/bill$/);
  await expect(page.getByText('20 Day(s) Left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'REPAY' })).toBeEnabled();
  const bill = await settledShot(page);
  await page.getByRole('button', { name: 'REPAY' }).click();
  await page.getByRole('button', { name: /7-ELEVEN/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page.getByTestId('pay-code')).toBeVisible();
  const order = await settledShot(page);
  return { home, bill, order };
}

/** The product exchanges of a log (no handshakes, no QA moves), oldest first. */
const productsOf = (log: LogEntry[]) =>
  log.filter((e) => e.host !== 'workbench' && !e.path.endsWith('getServicePublicKey'));

/** A log's exchanges by path, each path's in the order they were answered. */
function perPath(log: LogEntry[]): Map<string, LogEntry[]> {
  const paths = new Map<string, LogEntry[]>();
  for (const entry of log) paths.set(entry.path, [...(paths.get(entry.path) ?? []), entry]);
  return paths;
}

/** Encrypted envelopes' ciphertexts among request bodies. */
function ciphertexts(bodies: (string | null)[]): string[] {
  return bodies.flatMap((body) => {
    try {
      const parsed = JSON.parse(body ?? '') as { body?: unknown };
      return typeof parsed.body === 'string' ? [parsed.body] : [];
    } catch {
      return [];
    }
  });
}

/** Whether a recorded value is B's or a stand-in that replaced it (mock-server/recording). */
function sameOrStandIn(recorded: unknown, original: unknown): boolean {
  if (typeof recorded === 'string' && typeof original === 'string' && recorded !== original) {
    // A picture is served by whichever server answers: the same file under its own origin.
    if (URL.canParse(recorded) && URL.canParse(original)) {
      const [r, o] = [new URL(recorded), new URL(original)];
      return r.pathname.startsWith('/media/') && r.pathname === o.pathname;
    }
    return /^(redacted-token-\d+|Person [A-Z]+|9\d+|ID-\d+|ACCOUNT-\d+|device-\d+-h5|\/media\/.+)$/.test(
      recorded,
    );
  }
  if (typeof recorded === 'number' && typeof original === 'number') return true;
  if (Array.isArray(recorded) && Array.isArray(original)) {
    return (
      recorded.length === original.length && recorded.every((r, i) => sameOrStandIn(r, original[i]))
    );
  }
  if (recorded && original && typeof recorded === 'object' && typeof original === 'object') {
    const keys = Object.keys(original as object);
    return (
      JSON.stringify(Object.keys(recorded as object)) === JSON.stringify(keys) &&
      keys.every((k) =>
        sameOrStandIn(
          (recorded as Record<string, unknown>)[k],
          (original as Record<string, unknown>)[k],
        ),
      )
    );
  }
  return recorded === original;
}

test('record through A, replay with C: the same answers and the same screens', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const viaRelay = await newPhone(browser, relay.server.url, true);
  const sent: (string | null)[] = [];
  viaRelay.on('request', (request) => {
    if (request.method() === 'POST') sent.push(request.postData());
  });
  const recorded = await mainPath(viaRelay);
  const stopped = await adminJson<{ name: string; exchanges: number }>(
    relay,
    'POST',
    'recordings/stop',
    {},
  );
  expect(stopped.name).toBe('demo');

  // B's decrypted log and A's recording: the same plaintext paths and data, in the same order.
  const recording = JSON.parse(
    await readFile(path.join(relay.dataDir, 'recordings', 'demo.json'), 'utf8'),
  ) as Recording;
  const seenByB = productsOf(await b.log(500));
  const exchanges = recording.replay.exchanges;
  expect(exchanges.length).toBe(seenByB.length);
  expect(exchanges.length).toBeGreaterThan(8);
  // Per path in order (concurrent calls of the app may finish in either order).
  const byPath = perPath(seenByB);
  expect(Object.keys(recording.replay.answers).sort()).toEqual([...byPath.keys()].sort());
  for (const [key, answers] of Object.entries(recording.replay.answers)) {
    const fromB = byPath.get(key) ?? [];
    expect(answers.length, key).toBe(fromB.length);
    answers.forEach((answer, n) => {
      expect(sameOrStandIn(answer.data, fromB[n]?.response.data), key).toBe(true);
    });
    const requests = exchanges.filter((e) => e.key === key).sort((x, y) => x.n - y.n);
    requests.forEach((exchange, n) => {
      expect(sameOrStandIn(exchange.request.data, fromB[n]?.request.data), key).toBe(true);
    });
  }
  // … under different device ids: the app's toward A, A's own toward B.
  const appDevices = new Set(productsOf(await a.log(500)).map((e) => e.request.headers.deviceid));
  const relayDevices = new Set(seenByB.map((e) => e.request.headers.deviceid));
  expect(appDevices.size).toBe(1);
  expect(relayDevices.size).toBe(1);
  expect([...relayDevices][0]).not.toBe([...appDevices][0]);

  // The ciphertext app → A is never the ciphertext A → B.
  const appToRelay = ciphertexts(sent);
  const relayToBackend = ciphertexts(proxy.requests.map((r) => r.body));
  expect(appToRelay.length).toBeGreaterThan(5);
  expect(relayToBackend.length).toBeGreaterThan(5);
  const fromApp = new Set(appToRelay);
  expect(relayToBackend.filter((body) => fromApp.has(body))).toEqual([]);

  // No token or phone number of B's is anywhere in the recording.
  const text = await readFile(path.join(relay.dataDir, 'recordings', 'demo.json'), 'utf8');
  const tokens = new Set(
    seenByB.flatMap((e) => [
      e.request.headers.token ?? '',
      (e.response.data as { tokenValue?: string })?.tokenValue ?? '',
    ]),
  );
  tokens.delete('');
  expect(tokens.size).toBeGreaterThan(0);
  for (const secret of [...tokens, '9171234567', 'Santos']) expect(text).not.toContain(secret);

  // C: the recording as a scenario, with no upstream at all.
  replay = await serveBuiltSpa(
    async (_web, dataDir) => {
      const { cp } = await import('node:fs/promises');
      await cp(path.join(relay.dataDir, 'recordings'), path.join(dataDir, 'recordings'), {
        recursive: true,
      });
    },
    { scenario: 'demo' },
  );
  const viaReplay = await newPhone(browser, replay.server.url);
  const replayed = await mainPath(viaReplay);
  const seenByC = perPath(productsOf(await adminOf(replay.server).log(500)));
  expect([...seenByC.keys()].sort()).toEqual([...byPath.keys()].sort());
  for (const [key, entries] of seenByC) {
    const fromB = byPath.get(key) ?? [];
    expect(entries.length, key).toBe(fromB.length);
    entries.forEach((entry, n) => {
      expect(sameOrStandIn(entry.response.data, fromB[n]?.response.data), key).toBe(true);
    });
  }
  const compare = await viaReplay.context().newPage();
  // The comparison tells screens apart: Home is not Bill.
  expect(await differingShare(compare, recorded.home, recorded.bill)).toBeGreaterThan(0.05);
  for (const screen of ['home', 'bill', 'order'] as const) {
    const share = await differingShare(compare, recorded[screen], replayed[screen]);
    for (const [run, shot] of [
      ['through-b', recorded[screen]],
      ['replayed', replayed[screen]],
    ] as const) {
      const file = test.info().outputPath(`${screen}-${run}.png`);
      await writeFile(file, shot);
      await test.info().attach(`${screen} ${run}`, { path: file, contentType: 'image/png' });
    }
    expect(share, `${screen}: share of pixels that differ`).toBeLessThanOrEqual(SAME_SCREEN);
  }
  await viaReplay.context().close();
  await viaRelay.context().close();
});

test('a 4011 armed on B is healed by A and never reaches the app', async ({ browser }) => {
  const page = await newPhone(browser, relay.server.url);
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await b.clearLog();
  await a.clearLog();
  await b.fault({ path: 'loan/loanInfo', kind: 'session-lost', times: 1 });
  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(async () => (await b.log()).map((e) => [e.path, e.response.code]))
    .toEqual(
      expect.arrayContaining([
        ['loan/loanInfo', 4011],
        ['loan/loanInfo', 200],
      ]),
    );
  const answered = (await a.log()).filter((e) => e.path === 'loan/loanInfo');
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.every((e) => e.status === 200 && e.response.code === 200)).toBe(true);
  await page.context().close();
});

test('a field B’s answer gains shows in A’s contract report', async ({ browser }) => {
  const page = await newPhone(browser, relay.server.url);
  await loginOnWeb(page);
  const loanInfo = (await b.log()).findLast((e) => e.path === 'loan/loanInfo')?.response.data;
  await b.fault({
    path: 'loan/loanInfo',
    kind: 'code',
    code: 200,
    message: 'success',
    data: { ...(loanInfo as object), graceDays: 3 },
    times: 1,
  });
  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await expect
    .poll(async () => {
      const report = await adminJson<ContractReport>(relay, 'GET', 'contract-report');
      return report.paths
        .find((p) => p.path === 'loan/loanInfo')
        ?.breaches.map((x) => [x.kind, x.field]);
    })
    .toEqual([['unknown-field', 'data.graceDays']]);
  await page.context().close();
});

test('“Rotate server identity” on B makes A stop and say the upstream identity changed', async ({
  browser,
}) => {
  const page = await newPhone(browser, relay.server.url);
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await adminJson(backend, 'POST', 'rotate-identity', {});
  // B forgot its sessions: A shakes hands again, meets another identity and stops.
  await page.reload();
  // The app hears that its server did not answer, and stays signed in.
  await expect(
    page.getByText('The server did not answer properly. Please try again.').first(),
  ).toBeVisible();
  const status = await adminJson<UpstreamStatus>(relay, 'GET', 'upstream');
  expect(status).toMatchObject({ state: 'identity-changed' });
  expect(status.message).toMatch(/upstream identity changed/i);
  const refused = (await a.log(50)).filter((e) => e.status === 502);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]?.response.message).toMatch(/upstream identity changed/i);
  // Trusted again, the same borrower goes on: the relay never signed them out.
  await adminJson(relay, 'POST', 'upstream/trust', {});
  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
  await page.context().close();
});
