/**
 * Fixture of the browser-harness specs: one mock server per worker serving the simulator's
 * renderer build (out/renderer: index.html and harness.html, same origin, with app-config.json),
 * so the harness, the SPA in its phone frame and the admin API share one origin as in dev:web.
 * Builds the renderer first when out/renderer is missing or older than its sources.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type FrameLocator, type Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type { MockServer } from '../../mock-server/app';
import { ensureRendererBuild } from '../../scripts/renderer-build';

const root = path.resolve(import.meta.dirname, '../..');
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

interface HarnessFixtures {
  /** Opens harness.html with the given query (e.g. `profile=lender&scenario=repaying`). */
  openHarness(query?: string): Promise<void>;
  /** The SPA inside the phone frame. */
  app: FrameLocator;
  /** Calls the bridge from inside the phone frame, as the SPA does. */
  callBridge(method: string, params?: object): Promise<{ resultCode: number; data?: unknown }>;
}

export const test = base.extend<
  HarnessFixtures & { failureArtifacts: undefined },
  { server: MockServer }
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
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
    async ({}, use) => {
      ensureRendererBuild();
      const { createMockServer } = (await tsImport(
        '../../mock-server/app.ts',
        import.meta.url,
      )) as typeof import('../../mock-server/app');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'harness-e2e-'));
      const server = await createMockServer({
        port: 0,
        webDir: path.join(root, 'out/renderer'),
        dataDir,
      });
      await use(server);
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
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
