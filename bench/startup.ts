/**
 * Startup (bench/README.md "Startup") in Chromium through Playwright with CDP throttling (CPU 4×
 * slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), cold cache (a fresh browser context
 * per run): today's build against the first round's (bench/lib/roundOne.ts) and against the
 * floor (bench/lib/floor.ts), runs alternating, medians of 7. Times are the page's own
 * performance.now(). Login usable at `/login` (web profile), Home with data at `/` (lender
 * profile, token from the host, scenario can-borrow) and the second open of Home.
 */
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bootPathOf } from './bundle';
import { launchChromium } from './lib/browser';
import { buildFloorSite, removeFloorSite } from './lib/floor';
import { type TimeShare, timeSplit } from './lib/mainThread';
import { startSpaServer } from './lib/pages';
import type { Figure } from './lib/report';
import { builtRoundOne, ROUND_ONE_COMMIT } from './lib/roundOne';
import { builtSpa, type ChunkInfo, moduleOwner } from './lib/spa';
import { median } from './lib/stats';
import { type Run, runOnce, type Site } from './lib/startupRun';
import {
  assetMentionsOf,
  formatWaterfall,
  lastWave,
  shortLabel,
  type WaterfallRow,
} from './lib/waterfall';

const RUNS = 7;
const FCP_GOAL_MS = 1000;
/** Goals of today / round 1, medians of one run (bench/README.md "Against round 1"). */
const HOME_ROUND_ONE_GOAL = 0.6;
const LOGIN_ROUND_ONE_GOAL = 0.6;
const WARM_ROUND_ONE_GOAL = 0.35;
/** Goals as app / floor of the same run (bench/lib/floor.ts). */
const LOGIN_FLOOR_RATIO_GOAL = 1.2;
const HOME_FLOOR_RATIO_GOAL = 1.3;
const WARM_FLOOR_RATIO_GOAL = 1.1;
const WARM_REQUESTS_GOAL = 8;
/**
 * Waves the contract forces: Login needs the page, then its config and stylesheets (2); Home the
 * page, then the code and the config, the handshake, the calls (4); before the handshake, the
 * page and then the session's code with the config, in one wave (2).
 */
const LOGIN_WAVES_GOAL = 2;
const HOME_WAVES_GOAL = 4;
const HANDSHAKE_WAVES_GOAL = 2;

/** The calls of a cold Home, one each (handshake, user info, unread, loan info, ads, banner). */
const COLD_HOME_CALLS = [
  'config/getServicePublicKey',
  'user/userInfo',
  'user/unread',
  'loan/loanInfo',
  'advertisement/loadAdvertisement',
  'advertisement/loadBanner',
] as const;

const HANDSHAKE = /\/(config\/getServicePublicKey|app\/secret\/getServicePublicKey\/v1)$/;

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

type Key = 'fcp' | 'ready' | 'running' | 'warm' | 'warmRequests' | 'coldScripts';
const valuesOf = (runs: readonly Run[], key: Key) => runs.map((r) => r[key] ?? Number.NaN);
const listOf = (runs: readonly Run[], key: Key) =>
  valuesOf(runs, key)
    .map((v) => Math.round(v))
    .join(', ');

/** The run whose `key` is the median (the waterfall printed, the waves counted). */
function medianRun(runs: readonly Run[], key: Key): Run | undefined {
  const m = median(valuesOf(runs, key));
  return runs.find((r) => r[key] === m);
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

/** The handshake's request in a waterfall. */
const handshakeOf = (rows: readonly WaterfallRow[]) =>
  rows.find((row) => row.kind === 'api' && HANDSHAKE.test(row.label));

/** Bytes of the scripts that had arrived when the handshake left (the crypto's critical path). */
function scriptBytesBeforeHandshake(rows: readonly WaterfallRow[]): number {
  const handshake = handshakeOf(rows);
  if (!handshake) return Number.NaN;
  return rows
    .filter((row) => row.kind === 'script' && row.end <= handshake.start)
    .reduce((sum, row) => sum + row.bytes, 0);
}

/** What the browser's own shares of the time split are, as printed. */
const SHARE_NAMES: Record<string, string> = {
  requests: "sending requests and taking their answers in (the browser's main thread)",
  render: 'style, layout and paint',
  page: "the HTML and the page's set-up",
  other: 'other browser work on the main thread (task overhead, messages)',
  gc: 'garbage collection',
  'run (script)': 'scripts the profiler did not sample',
  network: 'main thread idle, waiting for the network',
  idle: 'main thread idle, nothing in flight',
};

/**
 * The time split (bench/lib/mainThread.ts) as lines: per script its run and compile time, then
 * the browser's own work, then the waits.
 */
function formatSplit(shares: readonly TimeShare[], describe: (label: string) => string): string {
  const perScript = new Map<string, { compile: number; run: number }>();
  const rest = new Map<string, number>();
  for (const { what, ms } of shares) {
    const match = what.match(/^(compile|run) (.+)$/);
    if (!match || what === 'run (script)') {
      rest.set(what, (rest.get(what) ?? 0) + ms);
      continue;
    }
    const [, kind, url] = match as unknown as [string, 'compile' | 'run', string];
    const entry = perScript.get(url) ?? { compile: 0, run: 0 };
    entry[kind] += ms;
    perScript.set(url, entry);
  }
  const total = (e: { compile: number; run: number }) => e.compile + e.run;
  const line = (ms: number, text: string) =>
    `    ${String(Math.round(ms)).padStart(5)} ms  ${text}`;
  const lines = [...perScript]
    .sort((a, b) => total(b[1]) - total(a[1]))
    .filter(([, e]) => total(e) >= 3)
    .map(([url, e]) => {
      const label = shortLabel(url);
      const what = describe(label);
      return line(
        total(e),
        `${label}${what ? ` (${what})` : ''}: run ${Math.round(e.run)}, compile ${Math.round(e.compile)}`,
      );
    });
  const small = [...perScript]
    .filter(([, e]) => total(e) < 3)
    .reduce((s, [, e]) => s + total(e), 0);
  if (small) lines.push(line(small, 'the other scripts'));
  for (const [what, ms] of [...rest].sort((a, b) => b[1] - a[1])) {
    lines.push(line(ms, SHARE_NAMES[what] ?? what));
  }
  return lines.join('\n');
}

/** The waves until `until`: for each, its requests that ended by then, their span and bytes. */
function formatWaves(rows: readonly WaterfallRow[], until: number): string {
  const waves = new Map<number, WaterfallRow[]>();
  for (const row of rows) {
    if (row.wave === undefined || row.end > until || row.kind === 'image' || row.kind === 'other') {
      continue;
    }
    waves.set(row.wave, [...(waves.get(row.wave) ?? []), row]);
  }
  return [...waves]
    .sort((a, b) => a[0] - b[0])
    .map(([wave, list]) => {
      const start = Math.min(...list.map((r) => r.start));
      const end = Math.max(...list.map((r) => r.end));
      const kB = list.reduce((sum, r) => sum + r.bytes, 0) / 1000;
      const kinds = [...new Set(list.map((r) => r.kind))].join(', ');
      return `    wave ${wave}: ${Math.round(start)}–${Math.round(end)} ms, ${list.length} requests (${kinds}), ${kB.toFixed(1)} kB`;
    })
    .join('\n');
}

/** The split of a traced cold Home: navigation → handshake sent, and → Home with data. */
function describeTracedRun(site: Site, run: Run, describe: (label: string) => string): string {
  if (!run.mainThread) return '';
  const requests = run.waterfall.filter((row) => row.kind !== undefined);
  const handshake = handshakeOf(run.waterfall);
  const lines: string[] = [];
  for (const [what, at] of [
    ['the handshake sent', handshake?.start],
    ['Home with data', run.ready],
  ] as const) {
    if (at === undefined) continue;
    lines.push(
      `  navigation → ${what}, ${Math.round(at)} ms; the request waves it waited for:`,
      formatWaves(run.waterfall, at),
      '  and the main thread:',
      formatSplit(timeSplit(run.mainThread, requests, at), describe),
    );
  }
  return `[bench] startup: where the time of a traced cold Home went, ${site.name}:\n${lines.join('\n')}\n`;
}

const loadNow = () => os.loadavg()[0] ?? Number.NaN;

/** Figures of the startup section. */
export async function benchStartup(): Promise<Figure[]> {
  const log = (line: string) => process.stdout.write(`[bench] startup: ${line}\n`);
  const { dir, chunks } = await builtSpa();
  const roundOneDir = await builtRoundOne(log);
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const floorDir = await buildFloorSite(dir, bootPathOf(html));
  const sites: Site[] = [];
  const browser = await launchChromium();
  const browserName = `Chromium ${browser.version()}`;
  try {
    for (const [kind, name, siteDir] of [
      ['today', 'today', dir],
      ['round1', `round 1 (${ROUND_ONE_COMMIT})`, roundOneDir],
      ['floor', 'floor', floorDir],
    ] as const) {
      sites.push({
        kind,
        name,
        spa: await startSpaServer(siteDir),
        mentions: await assetMentionsOf(siteDir),
      });
    }
    const [today, roundOne, floor] = sites as [Site, Site, Site];
    const loads: number[] = [loadNow()];
    // One unthrottled-cache warm-up of each, so the server's JIT and lazy modules are not in run 1.
    for (const site of sites) await runOnce(browser, site, 'lender').catch(() => undefined);
    const login = new Map<Site, Run[]>(sites.map((s) => [s, []]));
    const home = new Map<Site, Run[]>(sites.map((s) => [s, []]));
    // Alternating, so a change in the machine's load hits every site alike; today and round 1
    // swap places each time.
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? [today, roundOne, floor] : [roundOne, today, floor];
      for (const site of order) login.get(site)?.push(await runOnce(browser, site, 'login'));
      for (const site of order) home.get(site)?.push(await runOnce(browser, site, 'lender'));
      loads.push(loadNow());
    }
    // One traced cold Home each of today and round 1, for the time split (tracing costs time, so
    // the timed runs above are not traced).
    const traced = new Map<Site, Run>();
    for (const site of [today, roundOne]) {
      traced.set(site, await runOnce(browser, site, 'lender', { trace: true }));
    }
    loads.push(loadNow());
    const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    const describe = chunkNames(chunks);
    const homeOf = (site: Site) => home.get(site) ?? [];
    const loginOf = (site: Site) => login.get(site) ?? [];
    const medianHome = medianRun(homeOf(today), 'ready');
    if (medianRun(homeOf(today), 'ready')) {
      log(
        `waterfall of today's cold Home (lender, median run, Home with data ${Math.round(medianHome?.ready ?? Number.NaN)} ms, the app's own ${Math.round(medianHome?.running ?? Number.NaN)} ms, ${browserName}, ${load}; wN: its wave):\n` +
          formatWaterfall(medianHome?.waterfall ?? [], medianHome?.running ?? 1, describe),
      );
    }
    const roundOneHome = medianRun(homeOf(roundOne), 'ready');
    if (roundOneHome) {
      log(
        `waterfall of round 1's cold Home (median run, ${Math.round(roundOneHome.ready)} ms):\n` +
          formatWaterfall(roundOneHome.waterfall, roundOneHome.ready, () => ''),
      );
    }
    for (const site of [today, roundOne]) {
      const run = traced.get(site);
      if (run)
        process.stdout.write(describeTracedRun(site, run, site === today ? describe : () => ''));
    }
    const section = 'startup';
    const againstRoundOne = (
      name: string,
      of: (site: Site) => readonly Run[],
      key: Key,
      goal: number,
    ): Figure => {
      const ours = median(valuesOf(of(today), key));
      const theirs = median(valuesOf(of(roundOne), key));
      return {
        section,
        name,
        value: ours / theirs,
        unit: '× round 1',
        goal: { op: '<=', limit: goal },
        note: `today ${Math.round(ours)} ms (${listOf(of(today), key)}) / round 1 ${Math.round(theirs)} ms (${listOf(of(roundOne), key)}); ${browserName}, ${load}`,
      };
    };
    const againstFloor = (
      name: string,
      of: (site: Site) => readonly Run[],
      key: Key,
      goal: number | undefined,
    ): Figure => {
      const ours = median(valuesOf(of(today), key));
      const floorMs = median(valuesOf(of(floor), key === 'running' ? 'ready' : key));
      return {
        section,
        name,
        value: ours / floorMs,
        unit: '× floor',
        ...(goal === undefined ? {} : { goal: { op: '<=', limit: goal } }),
        note: `today ${Math.round(ours)} ms (${listOf(of(today), key)}) / floor ${Math.round(floorMs)} ms (${listOf(of(floor), key === 'running' ? 'ready' : key)})`,
      };
    };
    const wavesFigure = (
      name: string,
      wave: (run: Run) => number,
      of: (site: Site) => readonly Run[],
      goal: number,
    ): Figure => {
      const ours = of(today).map(wave);
      const theirs = of(roundOne).map(wave);
      return {
        section,
        name,
        value: median(ours),
        unit: 'waves',
        goal: { op: '<=', limit: goal },
        note: `today ${ours.join(', ')}; round 1 ${theirs.join(', ')} (median ${median(theirs)})`,
      };
    };
    const loginWaves = (run: Run) =>
      lastWave(run.waterfall, run.ready, ['document', 'script', 'style', 'config']);
    const homeWaves = (run: Run) =>
      lastWave(run.waterfall, run.ready, ['document', 'script', 'config', 'api']);
    // The handshake leaves one wave after the code that sends it and the config.
    const wavesBeforeHandshake = (run: Run) => (handshakeOf(run.waterfall)?.wave ?? Number.NaN) - 1;
    const bytesToday = homeOf(today).map((run) => scriptBytesBeforeHandshake(run.waterfall));
    const bytesRoundOne = homeOf(roundOne).map((run) => scriptBytesBeforeHandshake(run.waterfall));
    const warmRuns = homeOf(today);
    const missed = warmRuns.find((run) => run.warmUrls);
    return [
      againstRoundOne(
        `cold Home with data, today / round 1 (medians of ${RUNS}, lender)`,
        homeOf,
        'ready',
        HOME_ROUND_ONE_GOAL,
      ),
      againstRoundOne(
        `Login usable at /login, today / round 1 (medians of ${RUNS}, web)`,
        loginOf,
        'ready',
        LOGIN_ROUND_ONE_GOAL,
      ),
      againstRoundOne(
        `second open → Home with data, today / round 1 (medians of ${RUNS})`,
        homeOf,
        'warm',
        WARM_ROUND_ONE_GOAL,
      ),
      {
        section,
        name: `first contentful paint (median of ${RUNS}, /login)`,
        value: median(valuesOf(loginOf(today), 'fcp')),
        unit: 'ms',
        goal: { op: '<=', limit: FCP_GOAL_MS },
        note: `runs: ${listOf(loginOf(today), 'fcp')}; round 1 ${Math.round(median(valuesOf(loginOf(roundOne), 'fcp')))} ms; floor ${Math.round(median(valuesOf(loginOf(floor), 'fcp')))} ms`,
      },
      againstFloor(
        `Login usable at /login, app / floor (medians of ${RUNS})`,
        loginOf,
        'ready',
        LOGIN_FLOOR_RATIO_GOAL,
      ),
      againstFloor(
        `cold Home with data, app / floor (medians of ${RUNS}, lender)`,
        homeOf,
        'ready',
        HOME_FLOOR_RATIO_GOAL,
      ),
      // No goal of its own: the borrower sees Home with data first (above); this says when
      // the app behind it runs (the painted frame replays a press made before).
      againstFloor(
        `cold Home: the app's own screen runs, app / floor (medians of ${RUNS})`,
        homeOf,
        'running',
        undefined,
      ),
      againstFloor(
        `second open → Home with data, app / floor (medians of ${RUNS})`,
        homeOf,
        'warm',
        WARM_FLOOR_RATIO_GOAL,
      ),
      wavesFigure(
        'Login at /login: request waves until usable (median)',
        loginWaves,
        loginOf,
        LOGIN_WAVES_GOAL,
      ),
      wavesFigure(
        'cold Home: request waves until Home with data (median)',
        homeWaves,
        homeOf,
        HOME_WAVES_GOAL,
      ),
      wavesFigure(
        'cold Home: request waves before the handshake leaves (median)',
        wavesBeforeHandshake,
        homeOf,
        HANDSHAKE_WAVES_GOAL,
      ),
      {
        section,
        name: 'cold Home: script bytes in before the handshake left (median)',
        value: median(bytesToday) / 1000,
        unit: 'kB',
        note: `today ${bytesToday.map((b) => (b / 1000).toFixed(1)).join(', ')}; round 1 median ${(median(bytesRoundOne) / 1000).toFixed(1)} kB (over the network, compressed)`,
      },
      {
        section,
        name: 'cold Home: script files fetched until the page settled (median)',
        value: median(valuesOf(homeOf(today), 'coldScripts')),
        unit: 'files',
        note: `today ${listOf(homeOf(today), 'coldScripts')}; round 1 ${listOf(homeOf(roundOne), 'coldScripts')}; Login today ${listOf(loginOf(today), 'coldScripts')}, round 1 ${listOf(loginOf(roundOne), 'coldScripts')}`,
      },
      {
        section,
        name: 'second open: requests to the network (median, HTML + config + API)',
        value: median(valuesOf(warmRuns, 'warmRequests')),
        unit: 'requests',
        goal: { op: '<=', limit: WARM_REQUESTS_GOAL },
        note: `runs: ${listOf(warmRuns, 'warmRequests')}${missed?.warmUrls ? `; one with ${missed.warmUrls.length}: ${missed.warmUrls.map(shortLabel).slice(0, 12).join(', ')}…` : ''}; round 1 ${listOf(homeOf(roundOne), 'warmRequests')}`,
      },
      duplicateCalls(homeOf(today).map((r) => r.coldPaths ?? [])),
    ];
  } finally {
    await browser.close();
    for (const site of sites) await site.spa.close();
    await removeFloorSite(floorDir);
  }
}
