/**
 * CSP hashes of a page's own inline code. The SPA's index.html works out its deployment base in
 * an inline script and its Loading page has an inline back handler; a strict `script-src 'self'`
 * would block both, so the app:// handler allows exactly those by hash.
 */
import { createHash } from 'node:crypto';
import { inlineCode } from '../shared/csp';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** CSP source expressions for the inline scripts and inline event handlers of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const { scripts, handlers } = inlineCode(html);
  const sources = [...new Set([...scripts, ...handlers])].map(sha256);
  return handlers.length > 0 ? ["'unsafe-hashes'", ...sources] : sources;
}
