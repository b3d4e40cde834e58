/**
 * The phone of `npm run dev:web` loads the bundle that ships (DESIGN.md §7 "Tested against the real
 * runtime"): every file it got from the dev server is, byte for byte, the one `npm run build:web`
 * wrote to dist/web (scripts/e2e.mjs runs it first) — the page with its CSP meta and inline
 * scripts (the early session, the painted first frame), the entry, the chunks, the stylesheets.
 * The dev server built its own copy (scripts/phoneBundle.ts), so this checks the build as well as
 * the serving.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appFrame, expect, phoneApp, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1000 } });

/** The page globals used here (tests compile without the DOM lib). */
interface PhoneWindow {
  location: { href: string; origin: string };
  performance: { getEntriesByType(type: 'resource'): { name: string }[] };
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
    querySelectorAll(selector: string): { length: number };
  };
  fetch(url: string, init: { cache: 'no-store' }): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
  crypto: { subtle: { digest(algorithm: string, data: ArrayBuffer): Promise<ArrayBuffer> } };
}

/** Paths the dev server answers itself: the config it writes per origin, the mock's, the worker's. */
const NOT_THE_BUNDLE =
  /^\/(app-config\.json|main\/|hk\/|channel\/app|sentry\/|media\/|__sim-phone\/)/;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('every byte the phone got from the dev server is the bytes npm run build:web wrote', async ({
  page,
  openHarness,
  server,
}) => {
  const shippedDir = path.resolve(import.meta.dirname, '../../dist/web');
  // Two builds, not one folder served twice.
  expect(path.resolve(server.phoneBundleDir)).not.toBe(shippedDir);
  await openHarness('profile=lender&scenario=can-borrow');
  await expect(phoneApp(page).getByText('Apply Now')).toBeVisible();
  const frame = await appFrame(page);
  // What the phone loaded from its own origin, fetched again from inside it, as its own page
  // fetches (through the phone's service worker): path and SHA-256 of the answer.
  const received = await frame.evaluate(async (skip) => {
    const w = globalThis as unknown as PhoneWindow;
    const urls = [
      w.location.href,
      ...w.performance.getEntriesByType('resource').map((e) => e.name),
    ];
    const own = [...new Set(urls)].filter((url) => {
      const parsed = new URL(url);
      return parsed.origin === w.location.origin && !new RegExp(skip).test(parsed.pathname);
    });
    return Promise.all(
      own.map(async (url) => {
        const body = await (await w.fetch(url, { cache: 'no-store' })).arrayBuffer();
        const digest = new Uint8Array(await w.crypto.subtle.digest('SHA-256', body));
        return {
          path: new URL(url).pathname,
          sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''),
        };
      }),
    );
  }, NOT_THE_BUNDLE.source);

  const shipped = (urlPath: string) =>
    readFileSync(path.join(shippedDir, urlPath.startsWith('/assets/') ? urlPath : 'index.html'));
  // The page, the entry, its chunks and stylesheets at least.
  expect(received.map((file) => file.path)).toContain('/');
  expect(received.filter((file) => file.path.endsWith('.js')).length).toBeGreaterThan(2);
  expect(received.some((file) => file.path.endsWith('.css'))).toBe(true);
  for (const file of received) {
    expect(file.sha256, file.path).toBe(sha256(shipped(file.path)));
  }

  // And the document the phone runs is that page: its CSP meta and inline scripts are there.
  const page0 = shipped('/').toString('utf8');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page0)?.[1];
  expect(csp).toBeTruthy();
  const inDocument = await frame.evaluate(() => {
    const { document } = globalThis as unknown as PhoneWindow;
    return {
      csp: document
        .querySelector('meta[http-equiv="Content-Security-Policy"]')
        ?.getAttribute('content'),
      inlineScripts: document.querySelectorAll('script:not([src])').length,
    };
  });
  expect(inDocument.csp).toBe(csp);
  expect(inDocument.inlineScripts).toBe(page0.match(/<script(?![^>]*\bsrc=)[^>]*>/g)?.length);
});
