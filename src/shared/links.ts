/**
 * Links that come from data are untrusted (server content, host answers, URL parameters): one
 * allow-list decides what may ever be opened or navigated to. An ad, banner, message, repay order
 * or document link that fails it is dropped at the schema, and the native adapter refuses it at
 * the sink (`openBrowser`, `window.open`), so `javascript:`, `data:`, `//host` or a lookalike
 * never runs or leaves the app.
 */

import { parseAppPath, SUSPICIOUS_IN_LINK } from './appPath';

/** What a safe link is: an app route, a web page, or a phone, SMS or e-mail address. */
type SafeLink =
  | { kind: 'route'; href: string }
  | { kind: 'web'; href: string }
  | { kind: 'tel' | 'sms' | 'mailto'; href: string };

export interface LinkPolicy {
  /** `http:` pages are allowed outside production only (DESIGN.md §3 `env`). */
  allowHttp: boolean;
}

const SCHEMES: Record<string, SafeLink['kind'] | undefined> = {
  'https:': 'web',
  'http:': 'web',
  'tel:': 'tel',
  'sms:': 'sms',
  'mailto:': 'mailto',
};

/**
 * The link as it may be used, or null. A route is a path of this app (appPath.ts): `/x`, never
 * `//x` or `/javascript:x`.
 */
export function safeLink(raw: unknown, policy: LinkPolicy = { allowHttp: false }): SafeLink | null {
  if (typeof raw !== 'string') return null;
  const link = raw.trim();
  if (link === '' || link.length > 2048 || SUSPICIOUS_IN_LINK.test(link)) return null;
  if (link.startsWith('/')) {
    const path = parseAppPath(link);
    return path === null ? null : { kind: 'route', href: path };
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const kind = SCHEMES[url.protocol];
  if (!kind) return null;
  if (kind === 'web') {
    if (url.protocol === 'http:' && !policy.allowHttp) return null;
    if (!url.hostname || url.username || url.password) return null;
  }
  return { kind, href: link } as SafeLink;
}
