/**
 * The browser harness's per-phone origins (README "Browser harness"): each app profile of each
 * phone gets a host of its own, `<world>-<profile>.localhost` on the harness's port. Browsers
 * resolve `*.localhost` to loopback and treat it as a secure context, and storage, cookies and
 * IndexedDB are the browser's own per origin — so two profiles (or two phones) cannot see each
 * other's, from inside the phone or through `window.parent`. The dev server and the mock server
 * admit exactly these names (and CORS exactly these origins on their own port), nothing wider.
 * No electron, node: or DOM imports.
 */

/** `<world>-<profile>.localhost`: one DNS label (≤ 63 characters) of a-z, 0-9 and `-`. */
export const PHONE_HOSTNAME =
  /^([a-z0-9](?:[a-z0-9-]{0,52}[a-z0-9])?)-(lender|fastpay|web)\.localhost$/;

/** The phone's host name, or null when the world id cannot be one DNS label (capitals, `_`). */
export function phoneHostname(world: string, profile: string): string | null {
  const hostname = `${world}-${profile}.localhost`;
  return PHONE_HOSTNAME.test(hostname) ? hostname : null;
}

/**
 * The phone's origin beside `harnessOrigin` (e.g. http://127.0.0.1:5173 →
 * http://w-abc-lender.localhost:5173), or null when it has none (a world id that is not a DNS
 * label, or a harness that is not on http loopback).
 */
export function phoneOrigin(harnessOrigin: string, world: string, profile: string): string | null {
  const hostname = phoneHostname(world, profile);
  if (!hostname) return null;
  try {
    const base = new URL(harnessOrigin);
    if (base.protocol !== 'http:') return null;
    return `http://${hostname}${base.port ? `:${base.port}` : ''}`;
  } catch {
    return null;
  }
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
