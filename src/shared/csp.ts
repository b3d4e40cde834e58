/**
 * The Content-Security-Policy of the SPA's web build (DESIGN.md §3): a meta tag in
 * `dist/web/index.html` (vite.web.config.ts) and, with frame-ancestors, the header `npm run mock
 * -- --web` sends. No 'unsafe-eval': zod runs jitless (services/apiTransport.ts); long.js's
 * WebAssembly probe is allowed by 'wasm-unsafe-eval', which compiles WebAssembly but runs no
 * JavaScript string. Inline styles stay allowed: antd-mobile and React set style attributes.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { toBase64 } from './transport/bytes.ts';

/** The inline `<script>` bodies and inline event handlers of a page, to hash for script-src. */
function inlineCode(html: string): { scripts: string[]; handlers: string[] } {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? '')
    .filter((s) => s.trim());
  const handlers = [...html.matchAll(/\son[a-z]+="([^"]*)"/gi)].map((m) =>
    (m[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
  return { scripts, handlers };
}

const hashSource = (text: string) => `'sha256-${toBase64(sha256(new TextEncoder().encode(text)))}'`;

/**
 * CSP source expressions for the inline scripts and inline event handlers of `html`. The SPA's
 * index.html works out its deployment base in an inline script and its Loading page has an inline
 * back handler; a strict `script-src 'self'` would block both, so the app:// handler, the web
 * build and the mock's web server allow exactly those by hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const { scripts, handlers } = inlineCode(html);
  const sources = [...new Set([...scripts, ...handlers])].map(hashSource);
  return handlers.length > 0 ? ["'unsafe-hashes'", ...sources] : sources;
}

interface WebCspOptions {
  /** 'sha256-…' sources of the page's inline code (and 'unsafe-hashes' when it has handlers). */
  scriptHashes: readonly string[];
  /**
   * Where the app may connect: its API hosts and Sentry. The build cannot know a deployment's
   * hosts, so it allows any https origin; a deployer narrows it to app-config.json's hosts in the
   * header their server sends (docs/deployment.md).
   */
  connectSrc?: readonly string[];
  /** Only a header can say who may frame the app (a meta tag cannot). */
  frameAncestors?: string;
}

export function webCsp(options: WebCspOptions): string {
  const connect = options.connectSrc ?? ["'self'", 'https:'];
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(options.frameAncestors ? [`frame-ancestors ${options.frameAncestors}`] : []),
  ].join('; ');
}
