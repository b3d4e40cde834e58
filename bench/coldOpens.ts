/**
 * Many first opens (bench/README.md "Cold opens"): today's build, `npm run bench -- --only
 * cold-opens` (not in the default run; `BENCH_COLD_OPENS=N` sets how many, default 100), each a
 * throttled cold Home in the lender profile and then a second open in the same profile, as the
 * startup section makes them. It counts the opens that never showed Home with data (a borrower
 * stuck on the Loading page) and the second opens that went to the network for more than the
 * page, the config and the calls (a missed HTTP cache), and names what each of those did.
 */
import os from 'node:os';
import { launchChromium } from './lib/browser';
import { startSpaServer } from './lib/pages';
import type { Figure } from './lib/report';
import { builtSpa } from './lib/spa';
import { median, quantile } from './lib/stats';
import { runOnce, type Site } from './lib/startupRun';
import { assetMentionsOf, shortLabel } from './lib/waterfall';

const DEFAULT_OPENS = 100;
/** The page, the config and the five calls, and one more for a revalidated picture. */
const WARM_REQUESTS_EXPECTED = 8;

export async function benchColdOpens(): Promise<Figure[]> {
  const opens = Number(process.env.BENCH_COLD_OPENS ?? DEFAULT_OPENS);
  const { dir } = await builtSpa();
  const site: Site = {
    kind: 'today',
    name: 'today',
    spa: await startSpaServer(dir),
    mentions: await assetMentionsOf(dir),
  };
  const browser = await launchChromium();
  const browserName = `Chromium ${browser.version()}`;
  const loads: number[] = [];
  const ready: number[] = [];
  const warmCounts: number[] = [];
  const stuck: string[] = [];
  const missed: string[] = [];
  try {
    for (let i = 0; i < opens; i++) {
      loads.push(os.loadavg()[0] ?? Number.NaN);
      try {
        const run = await runOnce(browser, site, 'lender');
        ready.push(run.ready);
        warmCounts.push(run.warmRequests ?? Number.NaN);
        if ((run.warmRequests ?? 0) > WARM_REQUESTS_EXPECTED) {
          missed.push(
            `#${i + 1}: ${run.warmRequests} (${(run.warmUrls ?? []).map(shortLabel).join(', ')})`,
          );
        }
      } catch (error) {
        stuck.push(`#${i + 1}: ${String(error).split('\n')[0]}`);
      }
      if ((i + 1) % 10 === 0) {
        process.stdout.write(
          `[bench] cold-opens: ${i + 1}/${opens}, ${stuck.length} stuck, ${missed.length} second opens over ${WARM_REQUESTS_EXPECTED} requests\n`,
        );
      }
    }
  } finally {
    await browser.close();
    await site.spa.close();
  }
  const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  const section = 'cold-opens';
  return [
    {
      section,
      name: `cold Home never showed its data (of ${opens})`,
      value: stuck.length,
      unit: 'opens',
      goal: { op: '<=', limit: 0 },
      note: stuck.length ? stuck.slice(0, 5).join('; ') : `${browserName}, ${load}`,
    },
    {
      section,
      name: 'cold Home with data: median / p95',
      value: median(ready),
      unit: 'ms',
      note: `p95 ${Math.round(quantile(ready, 0.95))} ms, max ${Math.round(Math.max(...ready))} ms; ${browserName}, ${load}`,
    },
    {
      section,
      name: `second opens with more than ${WARM_REQUESTS_EXPECTED} requests (of ${warmCounts.length})`,
      value: missed.length,
      unit: 'opens',
      goal: { op: '<=', limit: 0 },
      note: missed.length
        ? missed.slice(0, 3).join('; ')
        : `counts: ${[...new Set(warmCounts)].sort((a, b) => a - b).join(', ')}`,
    },
  ];
}
