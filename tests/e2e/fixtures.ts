/**
 * Playwright fixtures (Signal-Desktop style): every worker boots its OWN mock server on port 0
 * serving the built SPA (dist/web); tests pick a scenario through the admin API, can inject a
 * `window.nativeBridge` fake (lender / FastPay profiles) and get a screenshot and the server's
 * traffic log attached when they fail.
 */
import { writeFile } from 'node:fs/promises';
import { test as base, expect, type Page } from '@playwright/test';
import type { MockServer } from '../../mock-server/app';
import {
  adminOf,
  type LogEntry,
  type MockAdmin,
  serveBuiltSpa,
} from '@tests/support/mock-server/servedSpa';

export type { LogEntry, MockAdmin };

interface HostFake {
  appName: 'lender' | 'fastpay';
  tokenValue: string;
  deviceId?: string;
  version?: string;
  system?: 'android' | 'ios';
}

export interface BridgeCall {
  method: string;
  params: unknown;
}

interface Fixtures {
  admin: MockAdmin;
  /** Installs a fake native host before the page loads (call before page.goto). */
  injectBridge(page: Page, host: HostFake): Promise<void>;
  /**
   * Puts the server in `scenario` and installs the lender app's host, signed in as the scenario
   * user (PH by default; the TW user with `phone: '912345678'`). Call before page.goto.
   */
  inLenderApp(
    page: Page,
    scenario: string,
    options?: { phone?: string; version?: string },
  ): Promise<void>;
  /** The calls the page made to the fake host so far. */
  bridgeCalls(page: Page): Promise<BridgeCall[]>;
  /** Fires a host → web event (kycSuccess, loanSuccess, pageResume). */
  fireHostEvent(page: Page, event: string): Promise<void>;
}

export const test = base.extend<Fixtures, { mock: MockServer }>({
  mock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
    async ({}, use) => {
      const served = await serveBuiltSpa();
      await use(served.server);
      await served.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mock }, use) => {
    await use(mock.url);
  },
  admin: async ({ mock }, use) => {
    const admin = adminOf(mock);
    // Every test starts from a fresh server state, the real time (a scenario switch keeps the
    // world's clock, which a test may have moved) and an empty traffic log.
    await admin.scenario('new-user');
    await admin.realTime();
    await admin.clearLog();
    await use(admin);
  },
  page: async ({ page, admin }, use, testInfo) => {
    const consoleLines: string[] = [];
    const pending = new Set<string>();
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    page.on('request', (request) => pending.add(request.url()));
    page.on('requestfinished', (request) => pending.delete(request.url()));
    page.on('requestfailed', (request) => {
      pending.delete(request.url());
      consoleLines.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      const browserLog = testInfo.outputPath('browser.txt');
      await writeFile(
        browserLog,
        [...consoleLines, ...[...pending].map((url) => `pending: ${url}`)].join('\n'),
      );
      await testInfo.attach('browser.txt', { path: browserLog, contentType: 'text/plain' });
      const shot = testInfo.outputPath('failure.png');
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      await testInfo.attach('screenshot', { path: shot, contentType: 'image/png' }).catch(() => {});
      const log = await admin.log(50).catch((error: unknown) => String(error));
      const mockLog = testInfo.outputPath('mock-log.json');
      await writeFile(mockLog, JSON.stringify(log, null, 2));
      await testInfo.attach('mock-log.json', { path: mockLog, contentType: 'application/json' });
    }
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
  injectBridge: async ({}, use) => {
    await use(async (page, host) => {
      await page.addInitScript(
        (info) => {
          const calls: { method: string; params: unknown }[] = [];
          const listeners = new Map<string, Set<(payload: unknown) => void>>();
          const w = globalThis as unknown as Record<string, unknown>;
          w.__bridgeCalls = calls;
          w.__fireHostEvent = (event: string) => {
            for (const listener of listeners.get(event) ?? []) listener(undefined);
          };
          // A native login as someone else: the host's next getBaseInfo hands the new token.
          w.__setHostToken = (tokenValue: string) => {
            info.tokenValue = tokenValue;
          };
          w.nativeBridge = {
            call(method: string, params?: unknown) {
              calls.push({ method, params: params ?? null });
              if (method === 'getBaseInfo') return Promise.resolve({ resultCode: 0, data: info });
              return Promise.resolve({ resultCode: 0, data: null });
            },
            on(event: string, listener: (payload: unknown) => void) {
              const set = listeners.get(event) ?? new Set();
              listeners.set(event, set);
              set.add(listener);
              return () => set.delete(listener);
            },
          };
        },
        {
          deviceId: host.deviceId ?? `${host.appName}-device-1`,
          system: host.system ?? 'android',
          tokenValue: host.tokenValue,
          version: host.version ?? '2.9.0',
          appName: host.appName,
        },
      );
    });
  },
  inLenderApp: async ({ admin, injectBridge }, use) => {
    await use(async (page, scenario, { phone, version } = {}) => {
      await admin.scenario(scenario);
      const tokenValue = await admin.sessionToken(phone);
      await injectBridge(page, { appName: 'lender', tokenValue, ...(version ? { version } : {}) });
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
  bridgeCalls: async ({}, use) => {
    await use((page) =>
      page.evaluate(
        () => (globalThis as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? [],
      ),
    );
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
  fireHostEvent: async ({}, use) => {
    await use(async (page, event) => {
      await page.evaluate((name) => {
        (globalThis as unknown as { __fireHostEvent(e: string): void }).__fireHostEvent(name);
      }, event);
    });
  },
});

export { expect, type Page };
