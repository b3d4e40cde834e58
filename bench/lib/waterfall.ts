/**
 * The waterfall of a page load up to a moment: each request (Resource Timing, and the page itself
 * from Navigation Timing) and each long task (a PerformanceObserver for `longtask`, installed
 * before the page's scripts), start and end in ms since navigation start, so the critical path
 * is visible and a regression names its cause.
 *
 * Each request also gets its **wave** (bench/README.md "Startup"): the page is wave 1; a request
 * is one wave after the latest-ending request it could have waited for, among those that had
 * ended when it left. What it could have waited for: for a script or stylesheet, the page or a
 * script whose text names its file (a static or dynamic import, a preload list); for any other
 * request (the config, an API call, a picture), the page, the scripts on the stack that sent it
 * (DevTools protocol initiator) and every answer of the config or the API. So the handshake,
 * sent by the API client once the config is in, is one wave after the later of those two, and
 * the calls one wave after the handshake.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SentRequest } from './throttle';

/** What a request fetched. */
export type RequestKind = 'document' | 'script' | 'style' | 'config' | 'api' | 'image' | 'other';

export interface WaterfallRow {
  /** What it is: a URL, or `long task`. */
  label: string;
  start: number;
  end: number;
  /** Bytes over the network (0 from the cache or for a task). */
  bytes: number;
  kind?: RequestKind;
  /** Requests only: see the module comment. */
  wave?: number;
}

/** The Resource Timing members read in the page (bench code compiles without the DOM lib). */
interface PagePerformance {
  getEntriesByType(type: 'navigation' | 'resource'): {
    name: string;
    startTime: number;
    responseEnd: number;
    transferSize: number;
  }[];
}

/** Starts collecting long tasks in every later load of the page. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(`window.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    } catch {}`);
}

/**
 * Which built files name which (a script's text naming another file's name: an import, a
 * preload list; index.html's preloads and links), for the waves. Keys and values are paths
 * from the site's root (`assets/x.js`, `index.html`).
 */
export type AssetMentions = ReadonlyMap<string, ReadonlySet<string>>;

/** The mentions of a built site (index.html and assets/). */
export async function assetMentionsOf(dir: string): Promise<AssetMentions> {
  const assets = (await readdir(path.join(dir, 'assets')))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`);
  const texts = new Map<string, string>();
  for (const file of ['index.html', ...assets.filter((a) => a.endsWith('.js'))]) {
    texts.set(file, await readFile(path.join(dir, file), 'utf8'));
  }
  const mentions = new Map<string, Set<string>>();
  for (const asset of assets) {
    const name = path.basename(asset);
    const by = new Set<string>();
    for (const [file, text] of texts) if (file !== asset && text.includes(name)) by.add(file);
    mentions.set(asset, by);
  }
  return mentions;
}

/** The kind of a request by its URL (relative to the site's `origin`). */
function kindOf(url: URL, isPage: boolean): RequestKind {
  if (isPage) return 'document';
  const file = url.pathname;
  if (/\.js$/.test(file)) return 'script';
  if (/\.css$/.test(file)) return 'style';
  if (file.endsWith('/app-config.json')) return 'config';
  if (/^\/(main|channel|hk)\//.test(file)) return 'api';
  if (/\.(svg|png|jpe?g|webp|gif|avif)$/.test(file)) return 'image';
  return 'other';
}

/**
 * The waves of `rows` (requests in start order, the page first): see the module comment. `sent`
 * gives the scripts on each request's stack, `mentions` which files name a script or stylesheet.
 */
export function withWaves(
  rows: readonly WaterfallRow[],
  origin: string,
  sent: readonly SentRequest[],
  mentions: AssetMentions,
): WaterfallRow[] {
  const stacks = new Map<string, string[]>();
  for (const request of sent)
    if (!stacks.has(request.url)) stacks.set(request.url, request.stackUrls);
  const out: WaterfallRow[] = [];
  const pathOf = (label: string) => {
    try {
      const url = new URL(label);
      return url.origin === origin ? url.pathname.replace(/^\//, '') : label;
    } catch {
      return label;
    }
  };
  for (const [index, row] of rows.entries()) {
    if (row.label === 'long task') {
      out.push(row);
      continue;
    }
    let url: URL;
    try {
      url = new URL(row.label);
    } catch {
      out.push(row);
      continue;
    }
    const kind = kindOf(url, index === 0);
    if (kind === 'document') {
      out.push({ ...row, kind, wave: 1 });
      continue;
    }
    const own = pathOf(row.label);
    const namedBy = mentions.get(own);
    const stack = new Set((stacks.get(row.label) ?? []).map(pathOf));
    const couldWaitFor = (earlier: WaterfallRow): boolean => {
      if (earlier.kind === 'document') return true;
      const theirs = pathOf(earlier.label);
      if (kind === 'script' || kind === 'style') {
        return earlier.kind === 'script' && (namedBy?.has(theirs) ?? false);
      }
      if (earlier.kind === 'config' || earlier.kind === 'api') return true;
      return earlier.kind === 'script' && stack.has(theirs);
    };
    let wave = 2;
    for (const earlier of out) {
      if (earlier.wave === undefined || earlier.end > row.start) continue;
      if (couldWaitFor(earlier)) wave = Math.max(wave, earlier.wave + 1);
    }
    out.push({ ...row, kind, wave });
  }
  return out;
}

/** The requests and long tasks that started before `until` (ms since navigation start), in start order. */
export async function waterfallOf(page: Page, until: number): Promise<WaterfallRow[]> {
  const raw = await page.evaluate((limit: number) => {
    const rows: [string, number, number, number][] = [];
    const timing = performance as unknown as PagePerformance;
    const nav = timing.getEntriesByType('navigation')[0];
    if (nav) rows.push([nav.name, nav.startTime, nav.responseEnd, nav.transferSize]);
    for (const entry of timing.getEntriesByType('resource')) {
      if (entry.startTime <= limit) {
        rows.push([entry.name, entry.startTime, entry.responseEnd, entry.transferSize]);
      }
    }
    const tasks = (globalThis as unknown as { __longTasks?: [number, number][] }).__longTasks;
    for (const [start, duration] of tasks ?? []) {
      if (start <= limit) rows.push(['long task', start, start + duration, 0]);
    }
    return rows;
  }, until);
  return raw
    .map(([name, start, end, bytes]) => ({ label: name, start, end, bytes }))
    .sort((a, b) => a.start - b.start);
}

/** The highest wave among the requests of `kind` that ended by `until` (0 when none did). */
export function lastWave(
  rows: readonly WaterfallRow[],
  until: number,
  kinds?: RequestKind[],
): number {
  let wave = 0;
  for (const row of rows) {
    if (row.wave === undefined || row.end > until) continue;
    if (kinds && !kinds.includes(row.kind as RequestKind)) continue;
    wave = Math.max(wave, row.wave);
  }
  return wave;
}

/** The short name of a request: its path on the site, `/ (the page)` for the page. */
export function shortLabel(label: string): string {
  try {
    const url = new URL(label);
    return url.pathname === '/' || url.pathname === '/login'
      ? `${url.pathname} (the page)`
      : url.pathname.replace(/^\//, '');
  } catch {
    return label;
  }
}

/**
 * The rows as text: one line each, a bar on a scale of `until`, the wave, label shortened to the
 * path and named by `describe` (e.g. the chunk's main modules).
 */
export function formatWaterfall(
  rows: readonly WaterfallRow[],
  until: number,
  describe: (path: string) => string,
  width = 40,
): string {
  const scale = width / Math.max(1, until);
  return rows
    .map((row) => {
      const label = shortLabel(row.label);
      const what = describe(label);
      const from = Math.min(width, Math.floor(row.start * scale));
      const to = Math.min(width, Math.max(from + 1, Math.ceil(row.end * scale)));
      const bar = `${' '.repeat(from)}${'█'.repeat(to - from)}`.padEnd(width);
      const times = `${Math.round(row.start)}–${Math.round(row.end)}`.padStart(11);
      const wave = row.wave === undefined ? '   ' : `w${row.wave}`.padStart(3);
      const size = row.bytes ? `${(row.bytes / 1000).toFixed(1)} kB` : '';
      return `  ${times} ms ${wave} |${bar}| ${label}${what ? ` (${what})` : ''} ${size}`.trimEnd();
    })
    .join('\n');
}
