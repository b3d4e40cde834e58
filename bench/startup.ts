/**
 * Startup (issue 8 §2) in Chromium through Playwright with CDP throttling (CPU 4× slower, 150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up), cold cache (a fresh browser context per run),
 * median of 5: first contentful paint and navigation → Login form usable (web profile), and
 * navigation → Home showing the amount and the main button (lender profile, token from the host,
 * scenario can-borrow), including the handshake. Times are the page's own performance.now().
 */
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './lib/browser';
import {
  HOME_WITH_DATA,
  injectLender,
  LOGIN_USABLE,
  type SpaServer,
  startSpaServer,
  whenReady,
} from './lib/pages';
import type { Figure } from './lib/report';
import { builtSpa } from './lib/spa';
import { median } from './lib/stats';

export const RUNS = 5;
export const FCP_GOAL_MS = 1000;
export const LOGIN_GOAL_MS = 1700;
export const HOME_GOAL_MS = 2300;
/** The second open of Home in the same browser profile (performance, second round). */
export const WARM_HOME_GOAL_MS = 900;
export const WARM_REQUESTS_GOAL = 8;

/** The calls of a cold Home, one each (handshake, user info, unread, loan info, ads, banner). */
export const COLD_HOME_CALLS = [
  'config/getServicePublicKey',
  'user/userInfo',
  'user/unread',
  'loan/loanInfo',
  'advertisement/loadAdvertisement',
  'advertisement/loadBanner',
] as const;

/** The throttling of the issue (Lighthouse's "slow 4G" with a 4× slower CPU). */
export const THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1000) / 8,
} as const;

const SCREEN_TIMEOUT_MS = 30_000;

/** Counts what reaches the network (not the HTTP cache): 304 revalidations count, cache hits do not. */
interface NetworkCounter {
  /** Starts a new count. */
  reset(): void;
  count(): number;
}

async function throttle(page: Page): Promise<NetworkCounter> {
  const cdp = await page.context().newCDPSession(page);
  let fromNetwork = new Set<string>();
  let fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    const { response } = event;
    if (response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache) return;
    fromNetwork.add(event.requestId);
  });
  // Cold cache: each run has a fresh context, so its HTTP cache starts empty (but works during
  // the load, as a phone's would).
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return {
    reset() {
      fromNetwork = new Set();
      fromCache = new Set();
    },
    count: () => [...fromNetwork].filter((id) => !fromCache.has(id)).length,
  };
}

async function firstContentfulPaint(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0`,
    undefined,
    { timeout: SCREEN_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

interface Run {
  fcp: number;
  ready: number;
  /** Lender only: the cold Home's API paths, and the second open in the same profile. */
  coldPaths?: string[];
  warm?: number;
  warmRequests?: number;
}

/** One cold, throttled load of `/` until `ready` holds. */
async function run(browser: Browser, spa: SpaServer, profile: 'web' | 'lender'): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (profile === 'lender') await injectLender(page, await spa.lenderToken());
    const network = await throttle(page);
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const ready = await whenReady(
      page,
      profile === 'web' ? LOGIN_USABLE : HOME_WITH_DATA,
      SCREEN_TIMEOUT_MS,
    );
    const fcp = await firstContentfulPaint(page);
    if (profile === 'web') return { fcp, ready };
    // Every call of the cold Home has been made once the network is quiet.
    await page.waitForLoadState('networkidle');
    const coldPaths = await spa.loggedPaths();
    // The borrower opens the app again: same profile (HTTP cache, storage), a new page load.
    network.reset();
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const warm = await whenReady(page, HOME_WITH_DATA, SCREEN_TIMEOUT_MS);
    await page.waitForLoadState('networkidle');
    return { fcp, ready, coldPaths, warm, warmRequests: network.count() };
  } finally {
    await context.close();
  }
}

/**
 * Calls a cold Home made beyond one per need (COLD_HOME_CALLS), worst run: 0 is the goal, and the
 * note names the paths that went out twice or never.
 */
function duplicateCalls(runs: string[][]): Figure {
  let worst = 0;
  let detail = 'each once';
  for (const paths of runs) {
    const counts = new Map<string, number>();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    const missing = COLD_HOME_CALLS.filter((path) => !counts.has(path));
    const off = twice.reduce((sum, [, n]) => sum + n - 1, 0) + missing.length;
    if (off > worst) {
      worst = off;
      detail = [
        twice.length ? `twice: ${twice.map(([p, n]) => `${p} ×${n}`).join(', ')}` : '',
        missing.length ? `never: ${missing.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
    }
  }
  return {
    section: 'startup',
    name: `cold Home: calls beyond one per need (worst of ${runs.length})`,
    value: worst,
    unit: 'calls',
    goal: { op: '<=', limit: 0 },
    note: detail,
  };
}

/** Figures of the startup section. */
export async function benchStartup(): Promise<Figure[]> {
  const { dir } = await builtSpa();
  const spa = await startSpaServer(dir);
  const browser = await launchChromium();
  try {
    // One unthrottled load first, so the server's JIT and lazy modules are not in run 1.
    await run(browser, spa, 'web').catch(() => undefined);
    const web: Run[] = [];
    const lender: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      web.push(await run(browser, spa, 'web'));
      lender.push(await run(browser, spa, 'lender'));
    }
    const section = 'startup';
    const all = (runs: Run[], key: 'fcp' | 'ready' | 'warm' | 'warmRequests') =>
      runs.map((r) => Math.round(r[key] ?? Number.NaN)).join(', ');
    return [
      {
        section,
        name: `first contentful paint (median of ${RUNS}, web)`,
        value: median(web.map((r) => r.fcp)),
        unit: 'ms',
        goal: { op: '<=', limit: FCP_GOAL_MS },
        note: `runs: ${all(web, 'fcp')}; lender: ${all(lender, 'fcp')}`,
      },
      {
        section,
        name: `navigation → Login usable (median of ${RUNS}, web)`,
        value: median(web.map((r) => r.ready)),
        unit: 'ms',
        goal: { op: '<=', limit: LOGIN_GOAL_MS },
        note: `runs: ${all(web, 'ready')}`,
      },
      {
        section,
        name: `navigation → Home with data (median of ${RUNS}, lender)`,
        value: median(lender.map((r) => r.ready)),
        unit: 'ms',
        goal: { op: '<=', limit: HOME_GOAL_MS },
        note: `runs: ${all(lender, 'ready')}`,
      },
      {
        section,
        name: `second open → Home with data (median of ${RUNS}, lender, same profile)`,
        value: median(lender.map((r) => r.warm ?? Number.NaN)),
        unit: 'ms',
        goal: { op: '<=', limit: WARM_HOME_GOAL_MS },
        note: `runs: ${all(lender, 'warm')}`,
      },
      {
        section,
        name: 'second open: requests to the network (median, HTML + config + API)',
        value: median(lender.map((r) => r.warmRequests ?? Number.NaN)),
        unit: 'requests',
        goal: { op: '<=', limit: WARM_REQUESTS_GOAL },
        note: `runs: ${all(lender, 'warmRequests')}`,
      },
      duplicateCalls(lender.map((r) => r.coldPaths ?? [])),
    ];
  } finally {
    await browser.close();
    await spa.close();
  }
}
