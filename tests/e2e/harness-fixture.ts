/**
 * Fixture of the browser-harness specs: one `npm run dev:web` per worker (scripts/dev-web.ts: the
 * harness from Vite, the phone's app the production bundle it builds, the mock server behind its
 * proxy), so the specs drive what a developer or QA opens.
 *
 * Each harness project of playwright.config.ts runs the specs in a browser that gives third-party
 * frames storage or in one that refuses it (Chrome Incognito, Safari, Brave and Debian's Chromium
 * do), set by Chromium's own preference (`profile.cookie_controls_mode`: 0 allows, 1 blocks
 * third-party cookies and with them third-party storage) in a fresh profile per test, and proved
 * by a probe before the first test of a worker. The harness must work in both
 * (src/shared/phoneOrigin.ts): cross-site phones where it may, same-site phones where it may not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  test as base,
  type BrowserContext,
  expect,
  type FrameLocator,
  type Page,
} from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type { DevWeb } from '../../scripts/dev-web';

/**
 * The page globals the specs touch inside the phone frame (tests compile without the DOM lib).
 */
export interface FrameGlobals {
  nativeBridge?: {
    call(method: string, params?: object): Promise<{ resultCode: number; data?: unknown }>;
  };
  sawOffline?: boolean;
  navigator: { onLine: boolean };
  document: { readyState: string; querySelector(s: string): { textContent: string | null } | null };
  addEventListener(type: string, listener: () => void): void;
  fetch(url: string): Promise<unknown>;
}

/** What the specs reach of the worker's dev:web. */
interface HarnessServer {
  /** The dev server's origin (http://127.0.0.1:<port>): the harness, the app, the proxied admin API. */
  url: string;
  /** The mock server's admin token, as dev:web prints it in the harness URL. */
  adminToken: string;
  /** The folder of the bundle the phone loads (built by dev:web for this worker). */
  phoneBundleDir: string;
}

/**
 * - `allowed` / `blocked`: third-party storage forced on or off by the browser's preference;
 * - `browser-default`: whatever the browser does out of the box (no harness project uses it).
 */
export type ThirdPartyStorage = 'allowed' | 'blocked' | 'browser-default';

interface HarnessFixtures {
  /** Opens harness.html with the given query (e.g. `profile=lender&scenario=repaying`). */
  openHarness(query?: string): Promise<void>;
  /** The SPA inside the phone frame. */
  app: FrameLocator;
  /** Calls the bridge from inside the phone frame, as the SPA does. */
  callBridge(method: string, params?: object): Promise<{ resultCode: number; data?: unknown }>;
}

/** Why the blocking lane cannot run in this browser. */
const CANNOT_BLOCK =
  'this Chromium has no third-party cookie setting to block with (the packaged headless shell); ' +
  'install Debian’s chromium, or set CHROMIUM_PATH to a full Chromium, for this lane.';

/** The skip's reason is printed once per worker, not once per test. */
let saidCannotBlock = false;

/** What the lane's probe found, per lane: run once per worker. */
const provedLanes = new Map<ThirdPartyStorage, string>();

/**
 * Whether a cross-site frame gets localStorage in `context`: a page of one `*.localhost` site
 * framing another (both answered by Playwright's router, so no server is involved). `ok` or the
 * browser's own refusal.
 */
async function thirdPartyStorageIn(context: BrowserContext): Promise<string> {
  const top = 'http://lane-top.localhost:1/';
  const framed = 'http://lane-framed.localhost:1/';
  const html = (body: string) => ({ contentType: 'text/html', body: `<!doctype html>${body}` });
  await context.route(top, (route) => route.fulfill(html(`<iframe src="${framed}"></iframe>`)));
  await context.route(framed, (route) => route.fulfill(html('framed')));
  const page = await context.newPage();
  try {
    await page.goto(top);
    const frame = page.frames().find((f) => f.url() === framed);
    if (!frame) throw new Error('The probe frame did not load');
    await frame.waitForLoadState();
    return await frame.evaluate(() => {
      try {
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem('probe', '1');
        return 'ok';
      } catch (error) {
        return String(error);
      }
    });
  } finally {
    await page.close();
    await context.unroute(top);
    await context.unroute(framed);
  }
}

export const test = base.extend<
  HarnessFixtures & { failureArtifacts: undefined },
  { server: HarnessServer; thirdPartyStorage: ThirdPartyStorage }
>({
  /** On failure: a screenshot, the bridge call log and the server's traffic log. */
  failureArtifacts: [
    async ({ page, server }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const attach = (name: string, body: string | Buffer, contentType: string) =>
        testInfo.attach(name, { body, contentType }).catch(() => undefined);
      await attach('screenshot', await page.screenshot().catch(() => Buffer.from('')), 'image/png');
      const calls = await page
        .evaluate(() => {
          const host = (globalThis as { simulatorHost?: { exportCalls(): string } }).simulatorHost;
          return host?.exportCalls() ?? '[]';
        })
        .catch(() => '[]');
      await attach('bridge-calls.json', calls, 'application/json');
      const world = await page
        .evaluate(() =>
          (
            globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
          ).sessionStorage.getItem('directLoanSimulator.world'),
        )
        .catch(() => null);
      const traffic = await fetch(`${server.url}/__admin/log?limit=100`, {
        headers: { 'x-admin-token': server.adminToken, ...(world ? { 'x-sim-world': world } : {}) },
      })
        .then((r) => r.text())
        .catch(() => '[]');
      await attach('traffic.json', traffic, 'application/json');
    },
    { auto: true },
  ],
  thirdPartyStorage: ['browser-default', { option: true, scope: 'worker' }],
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
    async ({}, use) => {
      const { startDevWeb } = (await tsImport(
        '../../scripts/dev-web.ts',
        import.meta.url,
      )) as typeof import('../../scripts/dev-web');
      const scratch = mkdtempSync(path.join(tmpdir(), 'harness-e2e-'));
      // The phone's bundle built as dev:web builds it (scripts/phoneBundle.ts), beside the
      // dist/web that test:e2e built with `npm run build:web`: harness-bundle.spec.ts compares.
      const dev: DevWeb = await startDevWeb({
        port: 0,
        dataDir: path.join(scratch, 'data'),
        quiet: true,
        phoneApp: { kind: 'bundle', outDir: path.join(scratch, 'phone') },
      });
      await use({
        url: new URL(dev.appUrl).origin,
        adminToken: dev.mock.adminToken,
        phoneBundleDir: dev.phoneBundleDir ?? '',
      });
      await dev.close();
      rmSync(scratch, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  context: async (
    { thirdPartyStorage, playwright, launchOptions, viewport, serviceWorkers, acceptDownloads },
    use,
    testInfo,
  ) => {
    // The context options the harness specs set with test.use.
    const options = { viewport, serviceWorkers, acceptDownloads };
    if (thirdPartyStorage === 'browser-default') {
      const browser = await playwright.chromium.launch(launchOptions);
      const context = await browser.newContext(options);
      await use(context);
      await browser.close();
      return;
    }
    // A fresh profile whose Preferences set Chromium's third-party cookie control: a browser
    // launched by Playwright otherwise keeps its build's default (Debian's blocks, others allow).
    const profile = mkdtempSync(path.join(tmpdir(), 'harness-profile-'));
    mkdirSync(path.join(profile, 'Default'));
    writeFileSync(
      path.join(profile, 'Default', 'Preferences'),
      JSON.stringify({
        profile: { cookie_controls_mode: thirdPartyStorage === 'blocked' ? 1 : 0 },
      }),
    );
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      ...options,
    });
    try {
      let found = provedLanes.get(thirdPartyStorage);
      if (found === undefined) {
        found = await thirdPartyStorageIn(context);
        provedLanes.set(thirdPartyStorage, found);
      }
      if (thirdPartyStorage === 'allowed' && found !== 'ok') {
        throw new Error(`The "allowed" lane's browser refuses third-party storage: ${found}`);
      }
      // A browser without Chromium's cookie settings (the packaged headless shell) cannot be
      // told to block: the lane is skipped, saying why once, rather than passing in the wrong
      // browser.
      if (thirdPartyStorage === 'blocked' && found === 'ok') {
        // CI installs Debian's Chromium (.ci/run): there a lane that cannot block is a failure.
        if (process.env.CI === 'true') throw new Error(`CI: the blocking lane ${CANNOT_BLOCK}`);
        if (!saidCannotBlock) {
          saidCannotBlock = true;
          console.log(`${testInfo.project.name}: skipped — ${CANNOT_BLOCK}`);
        }
        testInfo.skip(true, CANNOT_BLOCK);
      }
      await use(context);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
  openHarness: async ({ page, server }, use) => {
    await use(async (query = '') => {
      // The admin token travels in the fragment, as `npm run dev:web` prints it.
      const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
      await page.goto(`${server.url}/harness.html${query ? `?${query}` : ''}${token}`);
      await expect(page.getByRole('complementary', { name: 'Control panel' })).toBeVisible();
    });
  },
  app: async ({ page }, use) => {
    await use(phoneApp(page));
  },
  callBridge: async ({ page }, use) => {
    await use(async (method, params) => {
      const frame = await appFrame(page);
      return frame.evaluate(
        ([m, p]) => {
          const page = globalThis as unknown as FrameGlobals;
          if (!page.nativeBridge) throw new Error('No window.nativeBridge in the phone frame');
          return page.nativeBridge.call(m as string, p as object | undefined);
        },
        [method, params] as const,
      );
    });
  },
});

/** The phone relay's frame, on the phone's own origin (src/shared/phoneRelay.ts). */
const PHONE_FRAME = 'iframe[title="Direct Loan phone"]';
/** The app's frame inside the relay. */
const APP_FRAME = 'iframe[title="Direct Loan app"]';

/** The SPA in the phone of a harness page (or of a matrix cell's frame). */
export function phoneApp(scope: Page | FrameLocator): FrameLocator {
  return scope.frameLocator(PHONE_FRAME).frameLocator(APP_FRAME);
}

/** The app's Frame once the SPA document is in it (not the frame's first about:blank). */
export async function appFrame(page: Page) {
  const relay = await (await page.waitForSelector(PHONE_FRAME)).contentFrame();
  if (!relay) throw new Error('The phone relay has no document');
  const frame = await (await relay.waitForSelector(APP_FRAME)).contentFrame();
  if (!frame) throw new Error('The phone frame has no document');
  await frame.waitForFunction(() => {
    const { document, location } = globalThis as unknown as FrameGlobals & {
      location: { href: string };
    };
    return location.href !== 'about:blank' && document.readyState !== 'loading';
  });
  return frame;
}

export { expect };
