/**
 * One throttled first open of a site (bench/README.md "Startup"): a fresh browser context, so the
 * HTTP cache and storage start empty; the Login page of a signed-out web visitor, or Home in the
 * lender profile followed by a second open in the same context.
 */
import type { Browser, Page } from '@playwright/test';
import { floorCalls, injectFloorCalls } from './floor';
import { mainThreadOf, type MainThread, TRACE_CATEGORIES } from './mainThread';
import {
  HOME_RUNNING,
  HOME_WITH_DATA,
  injectLender,
  LOGIN_USABLE,
  type SpaServer,
  whenReady,
} from './pages';
import { type NetworkLog, type SentRequest, throttle } from './throttle';
import {
  type AssetMentions,
  observeLongTasks,
  type WaterfallRow,
  waterfallOf,
  withWaves,
} from './waterfall';

/** What a run loads: today's build, the first round's, or the floor page (./floor.ts). */
export interface Site {
  kind: 'today' | 'round1' | 'floor';
  /** As printed: `today`, `round 1`, `floor`. */
  name: string;
  spa: SpaServer;
  mentions: AssetMentions;
}

const SCREEN_TIMEOUT_MS = 30_000;

/** One run's figures, in ms since navigation start. */
export interface Run {
  fcp: number;
  /** Login usable, or Home with data (`pages.ts`). */
  ready: number;
  /**
   * Lender only: the app's own Home runs (HOME_RUNNING). Today's Home with data may be painted
   * by index.html before (src/renderer/inline/firstFrame.ts); the others have nothing more to run.
   */
  running?: number;
  /** Lender only: the cold Home's API paths (mock server log), today's build only. */
  coldPaths?: string[];
  /**
   * Script files the cold load fetched, until the page had settled (idle-time chunks included):
   * each a request on a slow line.
   */
  coldScripts: number;
  /** Lender only: the second open in the same profile, and its requests to the network. */
  warm?: number;
  warmRequests?: number;
  /** The URLs of those requests, kept when there are more than `WARM_REQUESTS_NOTED`. */
  warmUrls?: string[];
  /** The cold load's requests (with waves) and long tasks until the screen was ready. */
  waterfall: WaterfallRow[];
  /** Traced runs only: the page's main thread during the cold load. */
  mainThread?: MainThread;
}

/**
 * What a page that did not get ready was doing: its text, the startup record's parts, the
 * requests still unanswered and what it logged.
 */
async function whatThePageDid(
  page: Page,
  sent: readonly SentRequest[],
  consoleLines: readonly string[],
): Promise<string> {
  const state = await page
    .evaluate(() => {
      const doc = (globalThis as unknown as { document: { body: { innerText: string } } }).document;
      const startup = (globalThis as unknown as { __dlStartup?: Record<string, unknown> })
        .__dlStartup;
      return {
        text: doc.body.innerText.replace(/\s+/g, ' ').slice(0, 160),
        startup: startup ? Object.keys(startup).join(',') : 'none',
      };
    })
    .catch((error: unknown) => ({ text: `(page not readable: ${String(error)})`, startup: '' }));
  const name = (r: SentRequest) =>
    `${r.url.replace(/^.*\/\/[^/]+\//, '')}${r.detail ? ` (${r.detail})` : ''}`;
  const pending = sent.filter((r) => r.served === 'pending').map(name);
  const failed = sent.filter((r) => r.served === 'failed').map(name);
  return [
    `page text "${state.text}"`,
    `startup record: ${state.startup}`,
    `unanswered: ${pending.join(', ') || 'none'}`,
    `failed: ${failed.join(', ') || 'none'}`,
    `console: ${consoleLines.slice(-6).join(' | ') || 'nothing'}`,
  ].join('; ');
}

/**
 * Waits until the first open has loaded what it loads on its own: the network quiet, then two
 * idle periods of the page with no new request (its idle-time chunks: the banner carousel,
 * feedback components, the error reporter), so the second open is that of a borrower whose first
 * visit ended. Without it, a loaded machine delays those idle callbacks past the network's quiet
 * moment and the second open fetches them: 27–33 requests instead of 7.
 */
async function settled(page: Page, network: NetworkLog): Promise<void> {
  for (let round = 0; round < 6; round++) {
    await page.waitForLoadState('networkidle');
    const before = network.requests().length;
    // No named function inside: tsx would wrap it in a `__name` helper the page does not have.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const scope = globalThis as unknown as {
            requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void;
          };
          const ric = scope.requestIdleCallback;
          if (!ric) {
            setTimeout(resolve, 400);
            return;
          }
          ric(() => ric(() => resolve(), { timeout: 3000 }), { timeout: 3000 });
        }),
    );
    const pending = network.requests().some((r) => r.served === 'pending');
    if (network.requests().length === before && !pending) return;
  }
}

/** A second open with more requests than this keeps their URLs (a missed cache names itself). */
const WARM_REQUESTS_NOTED = 12;

async function firstContentfulPaint(page: Page): Promise<number> {
  // A function, not a string: the app's Content-Security-Policy refuses a string to evaluate.
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    undefined,
    { timeout: SCREEN_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * A cold, throttled open: `login` loads `/login` signed out (web profile) until Login is usable;
 * `lender` loads `/` with the lender app's bridge until Home shows its data, then opens `/` again
 * in the same profile. `trace` records a Chromium trace of the cold load (its main thread).
 */
export async function runOnce(
  browser: Browser,
  site: Site,
  profile: 'login' | 'lender',
  options: { trace?: boolean } = {},
): Promise<Run> {
  const { spa } = site;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (profile === 'lender') {
      const token = await spa.lenderToken();
      if (site.kind === 'floor')
        await injectFloorCalls(page, await floorCalls(spa.server.url, token));
      else await injectLender(page, token);
    }
    await observeLongTasks(page);
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    const network = await throttle(page);
    const url = `${spa.server.url}${profile === 'login' ? '/login' : '/'}`;
    if (options.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let traced = Boolean(options.trace);
    try {
      await page.goto(url, { waitUntil: 'commit' });
      const ready = await whenReady(
        page,
        profile === 'login' ? LOGIN_USABLE : HOME_WITH_DATA,
        SCREEN_TIMEOUT_MS,
      );
      const fcp = await firstContentfulPaint(page);
      const running =
        profile === 'lender' && site.kind === 'today'
          ? await whenReady(page, HOME_RUNNING, SCREEN_TIMEOUT_MS)
          : ready;
      // Every call of the cold Home has been made, and what the page loads when idle is in.
      await settled(page, network);
      const rows = await waterfallOf(page, Math.max(ready, running));
      const waterfall = withWaves(rows, spa.server.url, network.requests(), site.mentions);
      const mainThread = traced ? mainThreadOf(await browser.stopTracing(), url) : undefined;
      traced = false;
      const coldScripts = new Set(
        network
          .requests()
          .map((r) => new URL(r.url).pathname)
          .filter((path) => path.endsWith('.js')),
      ).size;
      if (profile === 'login')
        return { fcp, ready, coldScripts, waterfall, ...(mainThread ? { mainThread } : {}) };
      const coldPaths = site.kind === 'today' ? await spa.loggedPaths() : undefined;
      // The borrower opens the app again: same profile (HTTP cache, storage), a new page load.
      network.reset();
      await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
      const warm = await whenReady(page, HOME_WITH_DATA, SCREEN_TIMEOUT_MS);
      await page.waitForLoadState('networkidle');
      const sent = network.requests().filter((r) => r.served === 'network');
      return {
        fcp,
        ready,
        running,
        warm,
        coldScripts,
        warmRequests: sent.length,
        ...(sent.length > WARM_REQUESTS_NOTED ? { warmUrls: sent.map((r) => r.url) } : {}),
        waterfall,
        ...(coldPaths ? { coldPaths } : {}),
        ...(mainThread ? { mainThread } : {}),
      };
    } catch (error) {
      throw new Error(
        `${String(error).split('\n')[0]} — ${await whatThePageDid(page, network.requests(), consoleLines)}`,
        { cause: error },
      );
    } finally {
      if (traced) await browser.stopTracing().catch(() => undefined);
    }
  } catch (error) {
    throw new Error(`${site.name}, ${profile}: ${String(error).split('\n')[0]}`, { cause: error });
  } finally {
    await context.close();
  }
}
