/**
 * Playwright fixtures (Signal-Desktop style): every worker boots its OWN mock server on port 0
 * serving the built SPA (dist/web); tests pick a scenario through the admin API, can inject a
 * `window.nativeBridge` fake (lender / FastPay profiles) and get a screenshot and the server's
 * traffic log attached when they fail.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type { MockServer } from '../../mock-server/app';
import type { FaultKind } from '../../src/shared/workbench';

/**
 * The mock server imports JSON fixtures without import attributes, which Playwright's ESM loader
 * refuses; tsx (what `npm run mock` uses) loads it as the CLI does.
 */
async function loadMockServer(): Promise<typeof import('../../mock-server/app')> {
  return tsImport('../../mock-server/app.ts', import.meta.url);
}

/** The built SPA (`npm run build:web`). */
const WEB_DIR = 'dist/web';

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

export interface MockAdmin {
  url: string;
  /** Resets all server state to the named scenario. */
  scenario(name: string): Promise<void>;
  /** The token a native host holds after native login. */
  sessionToken(msisdn?: string): Promise<string>;
  fault(fault: {
    path: string;
    /** A fault kind of src/shared/workbench.ts; default: `corrupt` with `corrupt`, else `code` with a code, else `delay`. */
    kind?: FaultKind;
    code?: number;
    message?: string;
    delayMs?: number;
    times?: number;
    corrupt?: boolean;
    /** The answer's data with `code`: what a hostile or broken backend would send. */
    data?: unknown;
  }): Promise<void>;
  log(limit?: number): Promise<LogEntry[]>;
  /** A native host's own backend call (`POST /__admin/host/:method`), e.g. a wallet paying. */
  hostAction(
    method: 'gcashPayment' | 'fastPayPayment',
    token: string,
    params: object,
  ): Promise<{ code: number; message: string }>;
}

export interface LogEntry {
  host: string;
  path: string;
  request: { headers: Record<string, string>; data: unknown };
  response: { code: number; message: string; data: unknown };
  status: number;
}

interface Fixtures {
  admin: MockAdmin;
  /** Installs a fake native host before the page loads (call before page.goto). */
  injectBridge(page: Page, host: HostFake): Promise<void>;
  /** The calls the page made to the fake host so far. */
  bridgeCalls(page: Page): Promise<BridgeCall[]>;
  /** Fires a host → web event (kycSuccess, loanSuccess, pageResume). */
  fireHostEvent(page: Page, event: string): Promise<void>;
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok)
    throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

function adminOf(server: MockServer): MockAdmin {
  const send = (method: string, route: string, body?: unknown) =>
    fetch(`${server.url}/__admin/${route}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': server.adminToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(json);
  return {
    url: server.url,
    scenario: async (name) => void (await send('PUT', 'scenario', { name })),
    sessionToken: async (msisdn) =>
      ((await send('POST', 'session-token', msisdn ? { msisdn } : {})) as { tokenValue: string })
        .tokenValue,
    fault: async ({ corrupt, ...fault }) => {
      const kind =
        fault.kind ?? (corrupt ? 'corrupt' : fault.code !== undefined ? 'code' : 'delay');
      await send('POST', 'faults', { ...fault, kind });
    },
    log: async (limit = 200) => (await send('GET', `log?limit=${limit}`)) as LogEntry[],
    hostAction: async (method, token, params) =>
      (await send('POST', `host/${method}`, { token, params })) as {
        code: number;
        message: string;
      },
  };
}

export const test = base.extend<Fixtures, { mock: MockServer }>({
  mock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters
    async ({}, use) => {
      if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
        throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` first`);
      }
      const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-e2e-'));
      // Serve a snapshot: a rebuild of dist/web during the run (another shell, a watcher) would
      // otherwise swap the hashed assets under a loaded index.html.
      const webDir = path.join(dataDir, 'web');
      await cp(WEB_DIR, webDir, { recursive: true });
      const { createMockServer } = await loadMockServer();
      // The browser does the client crypto; this worker runs only the server, on node:crypto as
      // `npm run mock` does, so every spec also proves browser ↔ node-fast-path interop.
      const server = await createMockServer({ port: 0, webDir, dataDir, nodeFastPath: true });
      await use(server);
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mock }, use) => {
    await use(mock.url);
  },
  admin: async ({ mock }, use) => {
    const admin = adminOf(mock);
    // Every test starts from a fresh server state and an empty traffic log.
    await admin.scenario('new-user');
    await fetch(`${mock.url}/__admin/log`, {
      method: 'DELETE',
      headers: { 'x-admin-token': mock.adminToken },
    });
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
