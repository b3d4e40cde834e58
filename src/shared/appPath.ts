/**
 * An app path is a route of the SPA — `/bill?x=1#y` — relative to wherever the app is served
 * (the harness's phone base, `app://simulator/`, the dev server). Paths arrive from places an
 * attacker can write: the harness's `?path=`, a repro bundle passed between colleagues, a route in
 * server data that the phone frame then reports back. Read naively, `/javascript:…` loses its
 * slash and becomes a script URL in the harness's origin, and `/http://x/`, `//x` or `/\x` become
 * another site in the phone. So every path is parsed here, as a path of the app's own origin and
 * nothing else, and every phone URL is built from it here (DESIGN.md §6 "Worlds and admin access").
 */

/** Stand-in origin: a path is resolved against it and must stay on it. */
const PROBE_ORIGIN = 'http://app-path.invalid';

/** Longest path taken (a route with its query and hash). */
export const APP_PATH_MAX_LENGTH = 2048;

/** Control characters, whitespace and backslashes inside a link: how URL filters get fooled. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const SUSPICIOUS_IN_LINK = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029]/;

/** A first segment with a colon reads as a scheme once its slash is gone (`javascript:`). */
const SCHEME_LIKE = /^\/[^/?#]*:/;

/** Encoded `/`, `\`, `:` and control characters in the path part: decoded later, they are the above. */
const ENCODED_TRICK = /%(2f|5c|3a|[01][0-9a-f]|7f)/i;

/**
 * The app path `raw` names, normalized (`/a/../b?q#h` → `/b?q#h`), or null when it is not a plain
 * path of the app: not starting with one `/`, a scheme, another host, a backslash, a control
 * character or an encoded one of these.
 */
export function parseAppPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > APP_PATH_MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || SUSPICIOUS_IN_LINK.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, `${PROBE_ORIGIN}/`);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return null;
  const { pathname } = url;
  // Dot segments can fold `/a/..//x` into `//x`: an empty segment is never a route.
  if (pathname.includes('//') || SCHEME_LIKE.test(pathname) || ENCODED_TRICK.test(pathname)) {
    return null;
  }
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * The phone's URL for an app path: `appBase` (the app's origin and base, ending in `/`) plus the
 * path. A path that is not an app path opens the app's start (`appBase`) instead; the result
 * always starts with `appBase`.
 */
export function appPathUrl(path: string, appBase: string): string {
  const safe = parseAppPath(path);
  if (safe === null || safe === '/') return appBase;
  // `./` keeps the first segment a path segment, never a scheme.
  const url = new URL(`.${safe}`, appBase).href;
  return url.startsWith(appBase) ? url : appBase;
}

/** The app path of a phone URL under `appBase`, or null when the URL is not one of the app's. */
export function appPathOf(href: string, appBase: string): string | null {
  if (!href.startsWith(appBase)) return null;
  return parseAppPath(`/${href.slice(appBase.length)}`);
}
