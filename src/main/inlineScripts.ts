/**
 * CSP hashes of a page's own inline code. The SPA's index.html works out its deployment base in
 * an inline script and its Loading page has an inline back handler; a strict `script-src 'self'`
 * would block both, so the app:// handler allows exactly those by hash.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const HANDLER_ATTRIBUTE = /\son[a-z]+="([^"]*)"/gi;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** CSP source expressions for the inline scripts and inline event handlers of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1] ?? '').filter((s) => s.trim());
  const handlers = [...html.matchAll(HANDLER_ATTRIBUTE)].map((m) => decodeEntities(m[1] ?? ''));
  const sources = [...new Set([...scripts, ...handlers])].map(sha256);
  return handlers.length > 0 ? ["'unsafe-hashes'", ...sources] : sources;
}
