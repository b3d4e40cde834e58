/**
 * The startup floor: a synthetic page that does only what the app's contract forces before each
 * screen, with the app's sizes, served by the same mock server code (a second instance in the
 * same process, so it gets the same compression, cache headers and `app-config.json`, and its own
 * `/` for the page):
 *
 * - the HTML: the app's built index.html (Loading page, styles) without its scripts, padded with
 *   the removed text, so the same bytes go over the wire; its inline script starts
 *   `app-config.json` at once, as the app's does;
 * - one module script of the boot path's size: every file of the app's boot path, verbatim,
 *   inside a comment (same bytes, same compression, nearly no parse), then a few lines of code;
 * - Login (web profile): the number field, Get Code and LOGIN once the config is in;
 * - Home (lender profile): one handshake-sized exchange (a real client bundle, made in Node, to
 *   the real handshake endpoint), then one round of the startup calls (the five calls of a cold
 *   Home, real encrypted envelopes made in Node for a session of their own, so the server does
 *   the real work and answers the real sizes; the page does not decrypt), then the amount and
 *   the Apply Now button. Sequential round trips: HTML → script ∥ config → handshake → calls;
 * - second open: the HTML and config revalidated, the script from the HTTP cache, Home painted
 *   from the figures the first open kept (what the app's second open waits for too).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { handshakePathOf } from '@shared/api/endpoints';
import type { UserBaseInfo } from '@shared/envelope';
import { ApiClient } from '@shared/transport/client';

/** One request the floor page sends as made in Node: API path (under apiBase.main) and body. */
interface FloorRequest {
  path: string;
  body: string;
}

/** What a lender run of the floor page sends (injected before its scripts run). */
export interface FloorCalls {
  token: string;
  deviceId: string;
  handshake: FloorRequest;
  calls: FloorRequest[];
}

/** The floor site's directory (index.html, its script), built from the app's build. */
export async function buildFloorSite(
  appDir: string,
  bootFiles: readonly string[],
): Promise<string> {
  const dir = path.join(tmpdir(), `dl-bench-floor-${randomUUID()}`);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const boot = await Promise.all(
    bootFiles.map((file) => readFile(path.join(appDir, file.replace(/^\.?\//, '')), 'utf8')),
  );
  // The boot path's bytes, verbatim but for what would end the comment early.
  const padding = boot.join('\n').replaceAll('*/', '* /');
  const script = `/*${padding}*/\n${FLOOR_SCRIPT}`;
  const scriptName = `assets/floor.${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  await writeFile(path.join(dir, scriptName), script);
  const appHtml = await readFile(path.join(appDir, 'index.html'), 'utf8');
  await writeFile(path.join(dir, 'index.html'), floorHtml(appHtml, scriptName));
  return dir;
}

export async function removeFloorSite(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** The app's page without its scripts, links and CSP meta (the server sends the policy). */
function floorHtml(appHtml: string, scriptName: string): string {
  const removed: string[] = [];
  const strip = (pattern: RegExp) => (html: string) =>
    html.replace(pattern, (tag) => {
      removed.push(tag);
      return '';
    });
  let html = appHtml;
  for (const pattern of [
    /<meta http-equiv="Content-Security-Policy"[^>]*>/g,
    /<script\b[^>]*>[\s\S]*?<\/script>/g,
    /<link\b[^>]*>/g,
  ]) {
    html = strip(pattern)(html);
  }
  const pad = `<!--${removed.join('\n').replaceAll('--', '- -')}-->`;
  const head = `<script>
      (() => {
        const url = new URL('app-config.json', document.baseURI).href;
        const response = fetch(url, { cache: 'no-store' });
        response.catch(() => {});
        window.__appConfigFetch = { url, response };
      })();
    </script>
    <script type="module" crossorigin src="./${scriptName}"></script>
    ${pad}`;
  return html.replace('</head>', `${head}\n  </head>`);
}

/** The floor's own code, after the padding comment. */
const FLOOR_SCRIPT = `
const KEPT = 'floor.home';
const root = document.getElementById('root');
const showHome = (amount) => {
  root.innerHTML = '<div data-testid="home-amount">' + amount + '</div><button type="button">Apply Now</button>';
};
const post = (url, plan, body) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: plan.token, deviceId: plan.deviceId, crypt: 'false' },
    body,
  }).then((res) => res.text());
(async () => {
  const config = await (await window.__appConfigFetch.response).json();
  const plan = window.__floorCalls;
  if (!plan) {
    root.innerHTML =
      '<input aria-label="Mobile number" /><button type="button" disabled>Get Code</button><button type="button">LOGIN</button>';
    return;
  }
  const kept = localStorage.getItem(KEPT);
  if (kept) return showHome(kept);
  const base = config.apiBase.main;
  await post(base + plan.handshake.path, plan, plan.handshake.body);
  const answers = await Promise.all(plan.calls.map((call) => post(base + call.path, plan, call.body)));
  const amount = 'PHP ' + answers.reduce((sum, text) => sum + text.length, 0);
  localStorage.setItem(KEPT, amount);
  showHome(amount);
})();
`;

/**
 * The requests of one floor run, made in Node against the floor's server: a client bundle for
 * the page's handshake (its own, never used after), and the five calls of a cold Home encrypted
 * for a session Node opened (sent by the page, answered by the server with the real sizes).
 */
export async function floorCalls(origin: string, token: string): Promise<FloorCalls> {
  const deviceId = `bench-floor-${randomUUID().slice(0, 8)}-h5`;
  const baseInfo = (): UserBaseInfo => ({
    deviceId,
    system: 'android',
    tokenValue: token,
    version: '2.9.0',
  });
  const apiBase = { main: `${origin}/main/`, channel: `${origin}/channel/`, hk: `${origin}/hk/` };
  const handshakePath = handshakePathOf('main');
  const captured: FloorRequest[] = [];
  /** Keeps a request's body instead of sending it (the page sends it). */
  const capture = (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    captured.push({ path: url.slice(apiBase.main.length), body: String(init?.body) });
    return Promise.resolve(new Response('{}', { status: 503 }));
  };
  // The page's handshake: a real bundle of a client of its own.
  const forPage = new ApiClient({ apiBase, baseInfo, token: () => token, fetch: capture });
  await forPage.warmUp();
  const handshake = captured.splice(0).find((request) => request.path === handshakePath);
  if (!handshake) throw new Error('floor: no handshake body was made');
  // The calls: shaken hands for real, then encrypted and kept.
  const forCalls = new ApiClient({
    apiBase,
    baseInfo,
    token: () => token,
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      return url.endsWith(`/${handshakePath}`) ? fetch(input, init) : capture(input, init);
    },
  });
  await Promise.allSettled([
    forCalls.call('userInfo', {}),
    forCalls.call('unread', {}),
    forCalls.call('loanInfo', {}),
    forCalls.call('loadAdvertisement', {}),
    forCalls.call('loadBanner', { location: 'home' }),
  ]);
  if (captured.length !== 5) throw new Error(`floor: ${captured.length} of 5 calls were made`);
  return { token, deviceId, handshake, calls: captured };
}

/** Gives the next loads of the page its floor requests (the web profile has none). */
export async function injectFloorCalls(page: Page, calls: FloorCalls): Promise<void> {
  await page.addInitScript(`window.__floorCalls = ${JSON.stringify(calls)};`);
}
