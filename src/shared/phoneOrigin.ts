/**
 * The browser harness's per-phone origins (docs/simulator.md "Browser harness"): each app profile
 * of each phone gets a host of its own on the harness's port. Browsers resolve `*.localhost` to
 * loopback and treat it as a secure context, and localStorage, sessionStorage, IndexedDB, Cache
 * Storage, service workers, BroadcastChannel and Web Locks are the browser's own per origin — so
 * two profiles (or two phones) cannot see each other's, from inside the phone or through
 * `window.parent`. The dev server and the mock server admit exactly these names (and CORS exactly
 * these origins on their own port), nothing wider. No electron, node: or DOM imports.
 *
 * Two arrangements, by what the browser allows a framed phone:
 * - **cross-site** (the harness on `127.0.0.1` or `localhost`): the phone is
 *   `<world>-<profile>.localhost`, a site of its own — a third-party frame, so it needs a browser
 *   that gives third-party frames storage;
 * - **same-site** (the harness on `harness.localhost`): the phone is
 *   `<world>-<profile>.harness.localhost`, another origin of the harness's own site (browsers
 *   count `localhost` as the top-level domain, so the site is `harness.localhost`) — a first-party
 *   frame, which browsers that block third-party storage (Chrome Incognito, Safari, Brave,
 *   Debian's Chromium) still give its storage. Cookies are kept per host as well; only a cookie a
 *   page deliberately scopes to `Domain=harness.localhost` would reach the other phones.
 */

/** The harness's host name in the same-site arrangement. */
const SAME_SITE_HARNESS_HOST = 'harness.localhost';

/**
 * `<world>-<profile>.localhost` or `<world>-<profile>.harness.localhost`: the first label (≤ 63
 * characters) of a-z, 0-9 and `-`.
 */
export const PHONE_HOSTNAME =
  /^([a-z0-9](?:[a-z0-9-]{0,52}[a-z0-9])?)-(lender|fastpay|web)\.(?:harness\.)?localhost$/;

/** How a harness page holds its phones (see above); `shared-origin`: on its own origin. */
export type PhoneArrangement = 'cross-site' | 'same-site' | 'shared-origin';

/** The arrangement a harness page at `harnessOrigin` gives its phones (by its host name). */
export function arrangementOf(harnessOrigin: string): PhoneArrangement {
  let url: URL;
  try {
    url = new URL(harnessOrigin);
  } catch {
    return 'shared-origin';
  }
  if (url.protocol !== 'http:') return 'shared-origin';
  if (url.hostname === SAME_SITE_HARNESS_HOST) return 'same-site';
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return 'cross-site';
  return 'shared-origin';
}

/**
 * The phone's host name, or null when the world id cannot be one DNS label (capitals, `_`).
 * `sameSite`: under the harness's own site (`.harness.localhost`).
 */
export function phoneHostname(world: string, profile: string, sameSite = false): string | null {
  const hostname = `${world}-${profile}.${sameSite ? SAME_SITE_HARNESS_HOST : 'localhost'}`;
  return PHONE_HOSTNAME.test(hostname) ? hostname : null;
}

/**
 * The phone's origin beside `harnessOrigin` (http://127.0.0.1:5173 →
 * http://w-abc-lender.localhost:5173; http://harness.localhost:5173 →
 * http://w-abc-lender.harness.localhost:5173), or null when it has none (a world id that is not
 * a DNS label, or a harness that is not on one of those loopback names: a LAN address).
 */
export function phoneOrigin(harnessOrigin: string, world: string, profile: string): string | null {
  const arrangement = arrangementOf(harnessOrigin);
  if (arrangement === 'shared-origin') return null;
  const hostname = phoneHostname(world, profile, arrangement === 'same-site');
  if (!hostname) return null;
  const { port } = new URL(harnessOrigin);
  return `http://${hostname}${port ? `:${port}` : ''}`;
}

/** The same-site arrangement's harness origin on the port of `origin` (any loopback origin). */
export function sameSiteHarnessOrigin(origin: string): string {
  const { port } = new URL(origin);
  return `http://${SAME_SITE_HARNESS_HOST}${port ? `:${port}` : ''}`;
}

/**
 * The harness origins that may frame the phone at `origin` (its relay and its app): the
 * cross-site phone's harness on `127.0.0.1` or `localhost`, the same-site phone's on
 * `harness.localhost`, each on the phone's own port. None for anything that is not a phone.
 */
export function harnessOriginsOf(origin: string): string[] {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' || url.origin !== origin || !PHONE_HOSTNAME.test(url.hostname)) {
    return [];
  }
  const port = url.port ? `:${url.port}` : '';
  return url.hostname.endsWith(`.${SAME_SITE_HARNESS_HOST}`)
    ? [`http://${SAME_SITE_HARNESS_HOST}${port}`]
    : [`http://127.0.0.1${port}`, `http://localhost${port}`];
}

/** True for a phone origin on the port of one of `servedOrigins` (the server's own ones). */
export function isPhoneOriginOf(origin: string, servedOrigins: Iterable<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' || parsed.origin !== origin) return false;
  if (!PHONE_HOSTNAME.test(parsed.hostname)) return false;
  for (const served of servedOrigins) {
    try {
      const own = new URL(served);
      const loopback = own.hostname === '127.0.0.1' || own.hostname === 'localhost';
      if (own.protocol === 'http:' && loopback && own.port === parsed.port) return true;
    } catch {
      // Not a URL (app://simulator parses, others may not): not a port to serve phones on.
    }
  }
  return false;
}
