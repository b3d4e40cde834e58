/**
 * Bundle (bench/README.md "Bundle"): gzip bytes of the boot path (what index.html makes the browser
 * fetch before the app boots: entry script, module preloads, stylesheets) and of every script and
 * stylesheet Chromium loaded until Home showed its data (lender profile, can-borrow), plus the
 * largest chunks and the modules that fill them. gzip level 9; 1 kB = 1000 bytes (as Vite reports
 * sizes).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './lib/browser';
import { HOME_WITH_DATA, injectLender, startSpaServer, whenReady } from './lib/pages';
import type { Figure } from './lib/report';
import { builtSpa, type ChunkInfo, moduleOwner } from './lib/spa';

const BOOT_PATH_GOAL_KB = 120;
/** Sentry's SDK chunk (errors/sentrySdk.ts): what error reports need, nothing more. */
const SENTRY_GOAL_KB = 30;
const HOME_GOAL_KB = 230;
const TOP_CHUNKS = 6;

/**
 * Asset URLs (relative to index.html) that index.html makes the browser fetch to boot on the
 * web: its entry script, module preloads and stylesheets, and the web host implementation its
 * inline script preloads (scripts/preloadFirstNeedsPlugin.ts). What that script preloads of
 * the first page (Login, or the API client and Home when signed in) is not boot code: it shows in
 * the Login and Home figures.
 */
export function bootPathOf(html: string): string[] {
  return [...new Set([...staticBootPathOf(html), ...(inlinePreloadsOf(html).web ?? [])])];
}

/** The inline script's preload lists by need (host, web, api, login, home). */
function inlinePreloadsOf(html: string): Record<string, string[]> {
  const lists = html.match(/const preloads = (\{.*?\});/);
  return lists ? (JSON.parse(lists[1] as string) as Record<string, string[]>) : {};
}

function staticBootPathOf(html: string): string[] {
  const assets: string[] = [];
  // The entry script the inline loader adds (scripts/preloadFirstNeedsPlugin.ts): it waits for
  // the session's start on a signed-in page, else it loads at once, as a <script> tag would.
  const loaded = html.match(/const bootEntry = "([^"]+)";/)?.[1];
  if (loaded) assets.push(loaded);
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script') && attr('type') === 'module' && attr('src')) {
      assets.push(attr('src') as string);
    } else if (tag.startsWith('<link')) {
      const rel = attr('rel');
      const href = attr('href');
      if (href && (rel === 'modulepreload' || rel === 'stylesheet')) assets.push(href);
    }
  }
  return assets;
}

const gzipCache = new Map<string, number>();

/** gzip -9 size of a built file (path relative to the build dir). */
async function gzipBytes(dir: string, file: string): Promise<number> {
  const full = path.join(dir, file.replace(/^\.?\//, ''));
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(await readFile(full), { level: 9 }).byteLength;
    gzipCache.set(full, size);
  }
  return size;
}

/**
 * Scripts and stylesheets (paths inside the build) the page started fetching before the frame
 * where Home showed its data: the page's own Resource Timing entries up to that moment, so what
 * loads after Home is usable (the banner carousel, feedback components) is not counted even
 * when its request leaves before Playwright hears that Home is ready.
 */
async function assetsUntilHome(dir: string): Promise<string[]> {
  const spa = await startSpaServer(dir);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await injectLender(page, await spa.lenderToken());
    await page.goto(`${spa.server.url}/`, { waitUntil: 'commit' });
    const readyAt = await whenReady(page, HOME_WITH_DATA, 60_000);
    const urls = await page.evaluate(
      (until) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= until)
          .map((entry) => entry.name),
      readyAt,
    );
    await context.close();
    const seen = new Set<string>();
    for (const href of urls) {
      const url = new URL(href);
      if (url.origin === spa.server.url && /\.(js|css)$/.test(url.pathname)) seen.add(url.pathname);
    }
    return [...seen];
  } finally {
    await browser.close();
    await spa.close();
  }
}

function describeChunk(chunk: ChunkInfo): string {
  const byOwner = new Map<string, number>();
  let total = 0;
  for (const m of chunk.modules) {
    const owner = moduleOwner(m.id);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + m.bytes);
    total += m.bytes;
  }
  return [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([owner, bytes]) => `${owner} ${Math.round((100 * bytes) / Math.max(1, total))}%`)
    .join(', ');
}

/** Figures of the bundle section. */
export async function benchBundle(): Promise<Figure[]> {
  const { dir, chunks } = await builtSpa();
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const boot = bootPathOf(html);
  let bootBytes = 0;
  for (const file of boot) bootBytes += await gzipBytes(dir, file);
  const home = await assetsUntilHome(dir);
  let homeBytes = 0;
  for (const file of home) homeBytes += await gzipBytes(dir, file);
  const section = 'bundle';
  const kB = (bytes: number) => bytes / 1000;
  const figures: Figure[] = [
    {
      section,
      name: `boot path, gzip (${boot.length} files)`,
      value: kB(bootBytes),
      unit: 'kB',
      goal: { op: '<=', limit: BOOT_PATH_GOAL_KB },
    },
    {
      section,
      name: `until Home is interactive, gzip (${home.length} files)`,
      value: kB(homeBytes),
      unit: 'kB',
      goal: { op: '<=', limit: HOME_GOAL_KB },
    },
    {
      section,
      name: 'index.html itself, gzip',
      value: kB(gzipSync(html, { level: 9 }).byteLength),
      unit: 'kB',
    },
  ];
  // Vite drops the empty JS chunk of a CSS-only module after generateBundle: skip what is gone.
  const emitted = chunks.filter((chunk) => existsSync(path.join(dir, chunk.fileName)));
  const sentry = emitted.filter((chunk) =>
    chunk.modules.some((m) => moduleOwner(m.id).startsWith('@sentry/')),
  );
  let sentryBytes = 0;
  for (const chunk of sentry) sentryBytes += await gzipBytes(dir, chunk.fileName);
  figures.push({
    section,
    name: `Sentry SDK, gzip (${sentry.length} ${sentry.length === 1 ? 'chunk' : 'chunks'})`,
    value: sentry.length ? kB(sentryBytes) : Number.NaN,
    unit: 'kB',
    goal: { op: '<=', limit: SENTRY_GOAL_KB },
    ...(sentry.length ? {} : { note: 'no chunk holds @sentry/* modules' }),
  });
  const sized = await Promise.all(
    emitted.map(async (chunk) => ({ chunk, gzip: await gzipBytes(dir, chunk.fileName) })),
  );
  const bootSet = new Set(boot.map((f) => f.replace(/^\.?\//, '')));
  for (const { chunk, gzip } of sized.sort((a, b) => b.gzip - a.gzip).slice(0, TOP_CHUNKS)) {
    const tag = bootSet.has(chunk.fileName)
      ? 'boot'
      : home.some((h) => h.endsWith(chunk.fileName))
        ? 'home'
        : 'lazy';
    figures.push({
      section,
      name: `chunk ${path.basename(chunk.fileName)} (${tag})`,
      value: kB(gzip),
      unit: 'kB',
      note: describeChunk(chunk),
    });
  }
  return figures;
}
