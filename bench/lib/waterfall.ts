/**
 * The waterfall of a page load up to a moment: each request (Resource Timing, and the page itself
 * from Navigation Timing) and each long task (a PerformanceObserver for `longtask`, installed
 * before the page's scripts), start and end in ms since navigation start, so the critical path
 * is visible and a regression names its cause.
 */
import type { Page } from '@playwright/test';

export interface WaterfallRow {
  /** What it is: a path of the site, an API path, or `long task`. */
  label: string;
  start: number;
  end: number;
  /** Bytes over the network (0 from the cache or for a task). */
  bytes: number;
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

/** The rows that started before `until` (ms since navigation start), in start order. */
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

/**
 * The rows as text: one line each, a bar on a scale of `until`, label shortened to the path and
 * named by `describe` (e.g. the chunk's main modules).
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
      let label = row.label;
      try {
        const url = new URL(row.label);
        label = url.pathname === '/' ? '/ (the page)' : url.pathname.replace(/^\//, '');
      } catch {}
      const what = describe(label);
      const from = Math.min(width, Math.floor(row.start * scale));
      const to = Math.min(width, Math.max(from + 1, Math.ceil(row.end * scale)));
      const bar = `${' '.repeat(from)}${'█'.repeat(to - from)}`.padEnd(width);
      const times = `${Math.round(row.start)}–${Math.round(row.end)}`.padStart(11);
      const size = row.bytes ? `${(row.bytes / 1000).toFixed(1)} kB` : '';
      return `  ${times} ms |${bar}| ${label}${what ? ` (${what})` : ''} ${size}`.trimEnd();
    })
    .join('\n');
}
