/**
 * Startup (bench/README.md "Startup") in Chromium through Playwright with CDP throttling (CPU 4×
 * slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), cold cache (a fresh browser context
 * per run), median of 5: first contentful paint and navigation → Login form usable (web profile),
 * and navigation → Home showing the amount and the main button (lender profile, token from the
 * host, scenario can-borrow), including the handshake. Times are the page's own performance.now().
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { bootPathOf } from './bundle';
import { launchChromium } from './lib/browser';
import { buildFloorSite, floorCalls, injectFloorCalls, removeFloorSite } from './lib/floor';
import {
  HOME_RUNNING,
  HOME_WITH_DATA,
  injectLender,
  LOGIN_USABLE,
  type SpaServer,
  startSpaServer,
  whenReady,
} from './lib/pages';
import type { Figure } from './lib/report';
import { builtSpa, type ChunkInfo, moduleOwner } from './lib/spa';
import { median } from './lib/stats';
import { formatWaterfall, observeLongTasks, type WaterfallRow, waterfallOf } from './lib/waterfall';

const RUNS = 5;
const FCP_GOAL_MS = 1000;
/** Goals as app / floor of the same run (bench/lib/floor.ts): machines and browsers move both. */
const LOGIN_FLOOR_RATIO_GOAL = 1.2;
const HOME_FLOOR_RATIO_GOAL = 1.3;
/** The second open of Home in the same browser profile, against the floor's second open. */
const WARM_FLOOR_RATIO_GOAL = 1.1;
const WARM_REQUESTS_GOAL = 8;

/** The calls of a cold Home, one each (handshake, user info, unread, loan info, ads, banner). */
const COLD_HOME_CALLS = [
  'config/getServicePublicKey',
  'user/userInfo',
  'user/unread',
  'loan/loanInfo',
  'advertisement/loadAdvertisement',
  'advertisement/loadBanner',
] as const;

/** The throttling of the startup figures (Lighthouse's "slow 4G" with a 4× slower CPU). */
const THROTTLING = {
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
  // A function, not a string: the app's Content-Security-Policy refuses a string to evaluate.
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    undefined,
    { timeout: SCREEN_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

interface Run {
  fcp: number;
  ready: number;
  /**
   * Lender only: the app's own Home runs (HOME_RUNNING). Home with data may be painted by
   * index.html before (src/renderer/inline/firstFrame.ts); the floor has nothing more to run.
   */
  running?: number;
  /** Lender only: the cold Home's API paths, and the second open in the same profile. */
  coldPaths?: string[];
  warm?: number;
  warmRequests?: number;
  /** App lender only: the cold load's requests and long tasks until the app's own Home ran. */
  waterfall?: WaterfallRow[];
}

/** What one run loads: the app, or the floor page (bench/lib/floor.ts). */
interface Site {
  kind: 'app' | 'floor';
  spa: SpaServer;
}

/** One cold, throttled load of `/` until `ready` holds. */
async function run(browser: Browser, site: Site, profile: 'web' | 'lender'): Promise<Run> {
  const { spa } = site;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (profile === 'lender') {
      const token = await spa.lenderToken();
      if (site.kind === 'app') await injectLender(page, token);
      else await injectFloorCalls(page, await floorCalls(spa.server.url, token));
    }
    await observeLongTasks(page);
    const network = await throttle(page);
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const ready = await whenReady(
      page,
      profile === 'web' ? LOGIN_USABLE : HOME_WITH_DATA,
      SCREEN_TIMEOUT_MS,
    );
    const fcp = await firstContentfulPaint(page);
    if (profile === 'web') return { fcp, ready };
    const running =
      site.kind === 'app' ? await whenReady(page, HOME_RUNNING, SCREEN_TIMEOUT_MS) : ready;
    // Every call of the cold Home has been made once the network is quiet.
    await page.waitForLoadState('networkidle');
    const waterfall = site.kind === 'app' ? await waterfallOf(page, running) : undefined;
    const coldPaths = site.kind === 'app' ? await spa.loggedPaths() : undefined;
    // The borrower opens the app again: same profile (HTTP cache, storage), a new page load.
    network.reset();
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const warm = await whenReady(page, HOME_WITH_DATA, SCREEN_TIMEOUT_MS);
    await page.waitForLoadState('networkidle');
    return {
      fcp,
      ready,
      running,
      warm,
      warmRequests: network.count(),
      ...(coldPaths ? { coldPaths } : {}),
      ...(waterfall ? { waterfall } : {}),
    };
  } catch (error) {
    throw new Error(`${site.kind}, ${profile} profile: ${String(error).split('\n')[0]}`, {
      cause: error,
    });
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

type Key = 'fcp' | 'ready' | 'running' | 'warm' | 'warmRequests';
const valuesOf = (runs: Run[], key: Key) => runs.map((r) => r[key] ?? Number.NaN);
const listOf = (runs: Run[], key: Key) =>
  valuesOf(runs, key)
    .map((v) => Math.round(v))
    .join(', ');

/** A startup figure as app / floor (medians of the same run), both in the note. */
function ratio(
  name: string,
  app: Run[],
  floor: Run[],
  key: Key,
  goal: number | undefined,
  browserName: string,
): Figure {
  const appMs = median(valuesOf(app, key));
  const floorMs = median(valuesOf(floor, key));
  return {
    section: 'startup',
    name,
    value: appMs / floorMs,
    unit: '× floor',
    ...(goal === undefined ? {} : { goal: { op: '<=', limit: goal } }),
    note: `app ${Math.round(appMs)} ms (${listOf(app, key)}) / floor ${Math.round(floorMs)} ms (${listOf(floor, key)}); ${browserName}`,
  };
}

/** The chunk's main modules, to name a request of the waterfall. */
function chunkNames(chunks: ChunkInfo[]): (label: string) => string {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return (label) => {
    const chunk = byFile.get(label);
    if (!chunk) return '';
    const byOwner = new Map<string, number>();
    for (const m of chunk.modules) {
      const owner = moduleOwner(m.id);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + m.bytes);
    }
    return [...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([owner]) => owner.replace(/^src\/renderer\/src\//, ''))
      .join(', ');
  };
}

/** Figures of the startup section. */
export async function benchStartup(): Promise<Figure[]> {
  const { dir, chunks } = await builtSpa();
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const floorDir = await buildFloorSite(dir, bootPathOf(html));
  const spa = await startSpaServer(dir);
  const floorSpa = await startSpaServer(floorDir);
  const browser = await launchChromium();
  const browserName = `Chromium ${browser.version()}`;
  const app: Site = { kind: 'app', spa };
  const floor: Site = { kind: 'floor', spa: floorSpa };
  try {
    // One unthrottled load of each first, so the server's JIT and lazy modules are not in run 1.
    await run(browser, app, 'web').catch(() => undefined);
    await run(browser, floor, 'lender').catch(() => undefined);
    const web: Run[] = [];
    const lender: Run[] = [];
    const floorWeb: Run[] = [];
    const floorLender: Run[] = [];
    // Alternating, so a change in the machine's load hits the app and the floor alike.
    for (let i = 0; i < RUNS; i++) {
      web.push(await run(browser, app, 'web'));
      floorWeb.push(await run(browser, floor, 'web'));
      lender.push(await run(browser, app, 'lender'));
      floorLender.push(await run(browser, floor, 'lender'));
    }
    // The waterfall of the run whose cold Home time is the median.
    const homeMedian = median(valuesOf(lender, 'ready'));
    const medianRun = lender.find((r) => r.ready === homeMedian);
    if (medianRun?.waterfall) {
      process.stdout.write(
        `[bench] startup: waterfall of the cold Home (lender, median run, Home with data ${Math.round(homeMedian)} ms, the app's own ${Math.round(medianRun.running ?? Number.NaN)} ms, ${browserName}):\n` +
          `${formatWaterfall(medianRun.waterfall, medianRun.running ?? homeMedian, chunkNames(chunks))}\n`,
      );
    }
    const section = 'startup';
    return [
      {
        section,
        name: `first contentful paint (median of ${RUNS}, web)`,
        value: median(valuesOf(web, 'fcp')),
        unit: 'ms',
        goal: { op: '<=', limit: FCP_GOAL_MS },
        note: `runs: ${listOf(web, 'fcp')}; floor ${Math.round(median(valuesOf(floorWeb, 'fcp')))} ms (${listOf(floorWeb, 'fcp')}); ${browserName}`,
      },
      ratio(
        `Login usable, app / floor (medians of ${RUNS}, web)`,
        web,
        floorWeb,
        'ready',
        LOGIN_FLOOR_RATIO_GOAL,
        browserName,
      ),
      ratio(
        `cold Home with data, app / floor (medians of ${RUNS}, lender)`,
        lender,
        floorLender,
        'ready',
        HOME_FLOOR_RATIO_GOAL,
        browserName,
      ),
      // No goal of its own: the borrower sees Home with data first (above); this says when
      // the app behind it runs (the painted frame replays a press made before).
      ratio(
        `cold Home: the app's own screen runs, app / floor (medians of ${RUNS}, lender)`,
        lender,
        floorLender,
        'running',
        undefined,
        browserName,
      ),
      ratio(
        `second open → Home with data, app / floor (medians of ${RUNS}, same profile)`,
        lender,
        floorLender,
        'warm',
        WARM_FLOOR_RATIO_GOAL,
        browserName,
      ),
      {
        section,
        name: 'second open: requests to the network (median, HTML + config + API)',
        value: median(valuesOf(lender, 'warmRequests')),
        unit: 'requests',
        goal: { op: '<=', limit: WARM_REQUESTS_GOAL },
        note: `runs: ${listOf(lender, 'warmRequests')}`,
      },
      duplicateCalls(lender.map((r) => r.coldPaths ?? [])),
    ];
  } finally {
    await browser.close();
    await spa.close();
    await floorSpa.close();
    await removeFloorSite(floorDir);
  }
}
