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
export const LOGIN_GOAL_MS = 2000;
export const HOME_GOAL_MS = 3000;

/** The throttling of the issue (Lighthouse's "slow 4G" with a 4× slower CPU). */
export const THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1000) / 8,
} as const;

const SCREEN_TIMEOUT_MS = 30_000;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
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
}

/** One cold, throttled load of `/` until `ready` holds. */
async function run(browser: Browser, spa: SpaServer, profile: 'web' | 'lender'): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (profile === 'lender') await injectLender(page, await spa.lenderToken());
    await throttle(page);
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const ready = await whenReady(
      page,
      profile === 'web' ? LOGIN_USABLE : HOME_WITH_DATA,
      SCREEN_TIMEOUT_MS,
    );
    return { fcp: await firstContentfulPaint(page), ready };
  } finally {
    await context.close();
  }
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
    const all = (runs: Run[], key: keyof Run) => runs.map((r) => Math.round(r[key])).join(', ');
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
    ];
  } finally {
    await browser.close();
    await spa.close();
  }
}
