/**
 * Page set-up shared by the bundle and startup benches: a mock server serving the built SPA, the
 * fake native host of the lender app (as tests/e2e/fixtures.ts injects it), and the conditions
 * that say a screen is usable.
 */

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createMockServer, type MockServer } from '../../mock-server/app';

/** The mock server with the built SPA, and admin shortcuts. */
export interface SpaServer {
  server: MockServer;
  /** A fresh can-borrow state (and an empty log) and the token the lender app would hold. */
  lenderToken(): Promise<string>;
  /** The API paths the default world's log holds, oldest first (one per exchange). */
  loggedPaths(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startSpaServer(webDir: string): Promise<SpaServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-data-'));
  const server = await createMockServer({ port: 0, webDir, dataDir, scenario: 'can-borrow' });
  await warmCompressedAssets(server.url, webDir);
  const admin = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/__admin/${route}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': server.adminToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${route}: HTTP ${res.status}`);
    return res.status === 204 ? null : res.json();
  };
  return {
    server,
    async lenderToken() {
      await admin('PUT', 'scenario', { name: 'can-borrow' });
      await admin('DELETE', 'log');
      return ((await admin('POST', 'session-token', {})) as { tokenValue: string }).tokenValue;
    },
    async loggedPaths() {
      const entries = (await admin('GET', 'log?limit=500')) as { host: string; path: string }[];
      return entries.filter((e) => e.host !== 'workbench').map((e) => e.path);
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Asks the server once for every built text asset in each encoding, so the measured loads find
 * them compressed already, as a CDN's edge does (the server compresses on first request).
 */
async function warmCompressedAssets(origin: string, webDir: string): Promise<void> {
  const files = (await readdir(webDir, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(js|css|html|svg|json)$/.test(file));
  for (const encoding of ['br', 'gzip']) {
    for (const file of files) {
      const res = await fetch(`${origin}/${file}`, { headers: { 'accept-encoding': encoding } });
      await res.arrayBuffer();
    }
  }
}

/**
 * Installs the lender app's `window.nativeBridge` before any script of the page runs. A string,
 * not a function: tsx's transform would put helper calls into a serialized function.
 */
export async function injectLender(page: Page, tokenValue: string): Promise<void> {
  const info = {
    deviceId: 'bench-phone',
    system: 'android',
    tokenValue,
    version: '2.9.0',
    appName: 'lender',
  };
  await page.addInitScript(`window.nativeBridge = {
    call(method) {
      if (method === 'getBaseInfo') return Promise.resolve({ resultCode: 0, data: ${JSON.stringify(info)} });
      return Promise.resolve({ resultCode: 0, data: null });
    },
    on() { return () => {}; },
  };`);
}

/** A check run in the page: performance.now() once the page is ready, else 0. */
export type ReadyCheck = () => number;

/**
 * Resolves with the page's performance.now() (ms since navigation start) at the first animation
 * frame where `ready` holds: timed inside the page, so no round trip to Playwright counts. A
 * function, not a string: the app's CSP forbids evaluating strings.
 */
export async function whenReady(page: Page, ready: ReadyCheck, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(ready, undefined, {
    polling: 'raf',
    timeout: timeoutMs,
  });
  return (await handle.jsonValue()) as number;
}

/**
 * The Login form of the web profile is usable: a visitor can type the number and press Get Code
 * (enabled once the number is valid, PRODUCT.md §5) and LOGIN: the field and LOGIN are live and
 * Get Code is there.
 */
export const LOGIN_USABLE: ReadyCheck = () => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  const input = doc.querySelector('input[aria-label="Mobile number"]');
  const buttons = [...doc.querySelectorAll('button')];
  const login = buttons.find((b) => b.textContent?.trim() === 'LOGIN');
  const getCode = buttons.find((b) => b.textContent?.trim() === 'Get Code');
  return input && !input.disabled && getCode && login && !login.disabled ? performance.now() : 0;
};

/** Home shows the amount (non-zero) and the enabled main button (Apply Now for can-borrow). */
export const HOME_WITH_DATA: ReadyCheck = () => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  const amount = doc.querySelector('[data-testid="home-amount"]')?.textContent ?? '';
  const button = [...doc.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'Apply Now',
  );
  return /[1-9]/.test(amount) && button && !button.disabled ? performance.now() : 0;
};

/**
 * The app's own Home runs: its amount and tab bar are on screen and no frame index.html painted
 * before the app ran is left (src/renderer/inline/firstFrame.ts), so a press is the app's.
 */
export const HOME_RUNNING: ReadyCheck = () => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  const amount = doc.querySelector('[data-testid="home-amount"]')?.textContent ?? '';
  const painted = doc.querySelector('[data-first-frame]');
  const tabBar = doc.querySelector('nav.tab-bar');
  return /[1-9]/.test(amount) && !painted && tabBar ? performance.now() : 0;
};

/** The few DOM members the checks read (bench code compiles without the DOM lib). */
interface PageElement {
  textContent: string | null;
  disabled?: boolean;
}
interface PageDocument {
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
