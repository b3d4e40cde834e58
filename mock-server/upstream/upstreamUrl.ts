/**
 * Where an upstream's three API hosts are (DESIGN.md §3, §5): the URL given to `--upstream`, the
 * panel or `PUT /__admin/upstream` is either
 * - an origin laid out as this mock server is (`http://127.0.0.1:4010` → `/main/`, `/channel/`,
 *   `/hk/`), or
 * - a deployed SPA's `app-config.json` (`https://h5.example.com/app-config.json`), whose `apiBase`
 *   names the real backend's three hosts.
 * Credentials, queries and fragments are refused: the URL is shown in the panel, the log and every
 * recording, and must never carry a secret.
 */
import type { ApiHost } from '@shared/api/endpoints';
import { appConfigSchema } from '@shared/appConfig';
import { describeIssues } from '@shared/zodIssues';

/** A URL an upstream cannot be; the message says why, for the person who typed it. */
export class UpstreamUrlError extends Error {}

/** The three host bases, each ending with '/'. */
export type UpstreamBases = Record<ApiHost, string>;

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

/**
 * The upstream's canonical URL (an origin, or the app-config's URL) or UpstreamUrlError. `self`
 * lists this server's own origins: relaying to itself would loop forever.
 */
export function parseUpstreamUrl(text: string, self: readonly string[] = []): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UpstreamUrlError(`"${text}" is not a URL (e.g. http://127.0.0.1:4011)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UpstreamUrlError(`An upstream is http: or https:, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new UpstreamUrlError(
      'An upstream URL must not carry credentials (it is shown and logged)',
    );
  }
  if (url.search || url.hash) {
    throw new UpstreamUrlError(
      'An upstream URL takes no query or fragment (it is shown and logged)',
    );
  }
  const isConfig = url.pathname.endsWith('/app-config.json');
  if (!isConfig && url.pathname !== '/') {
    throw new UpstreamUrlError(
      `An upstream is an origin (http://host:port, its hosts under /main/, /channel/, /hk/) or an app-config.json URL, not ${url.pathname}`,
    );
  }
  if (self.includes(url.origin)) {
    throw new UpstreamUrlError(
      `${url.origin} is this mock server itself: it would relay to itself`,
    );
  }
  return url;
}

/** The text of a parsed upstream URL as it is shown: the origin, or the app-config's URL. */
export function upstreamLabel(url: URL): string {
  return url.pathname === '/' ? url.origin : url.href;
}

/**
 * The three bases of an upstream: the mock's layout under an origin, or what its app-config.json
 * says (fetched now; UpstreamUrlError when it cannot be read or is not an app config).
 */
export async function upstreamBases(
  url: URL,
  fetchImpl: typeof fetch = fetch,
): Promise<UpstreamBases> {
  if (url.pathname === '/') {
    return {
      main: `${url.origin}/main/`,
      channel: `${url.origin}/channel/`,
      hk: `${url.origin}/hk/`,
    };
  }
  let body: unknown;
  try {
    const res = await fetchImpl(url.href, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (error) {
    throw new UpstreamUrlError(`${url.href} cannot be read: ${(error as Error).message}`);
  }
  const config = appConfigSchema.safeParse(body);
  if (!config.success) {
    throw new UpstreamUrlError(
      `${url.href} is not an app-config.json: ${describeIssues(config.error, { limit: 3 })}`,
    );
  }
  const { main, channel, hk } = config.data.apiBase;
  const bases = { main: withSlash(main), channel: withSlash(channel), hk: withSlash(hk) };
  for (const base of Object.values(bases)) {
    const parsed = URL.canParse(base) ? new URL(base) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new UpstreamUrlError(`${url.href} names an API base that is not http(s): ${base}`);
    }
  }
  return bases;
}
