/**
 * What index.html preloads beside the boot chunk (docs/deployment.md, "Preloads"), by the startup
 * decision: the host implementation of this page (the bridge's inside a native host, else the
 * web's) and what the first page needs (Login signed out; the API client and the crypto library
 * signed in). Signed in, it also imports the early session's entry
 * (src/renderer/src/earlySession.ts), so the handshake starts before the boot chunk is on the line
 * (docs/architecture.md "Startup"). The lists are the build's (scripts/preloadFirstNeedsPlugin.ts,
 * from the needs named in src/renderer/src/firstNeeds.ts).
 */
import type * as EarlySessionEntry from '@renderer/earlySession';
import { type StartupDecision, startupPage } from '@renderer/lib/startupPage';
import type { StartupWindow } from '@renderer/services/startupDecision';

/** The chunks and stylesheets of each first need, `./`-relative. */
export interface FirstNeedsLists {
  host: readonly string[];
  web: readonly string[];
  api: readonly string[];
  login: readonly string[];
}

/** A `<link>` that fetches `href` now, as Vite's own preloads ask (else the fetch is not reused). */
export function preloadLink(doc: Document, href: string): void {
  const link = doc.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  doc.head.appendChild(link);
}

/**
 * @param sessionEntry the early session's entry chunk, '' when the build has none
 */
export function preloadFirstNeeds(
  win: StartupWindow & { document: Document },
  decision: StartupDecision,
  preloads: FirstNeedsLists,
  sessionEntry: string,
): void {
  const files = new Set([
    ...(decision.inHost ? preloads.host : preloads.web),
    ...(decision.signedIn ? preloads.api : preloads.login),
  ]);
  for (const href of files) preloadLink(win.document, href);
  // Signed in: the session starts now, before the boot chunk is on the line; the app adopts it.
  if (sessionEntry && decision.signedIn) {
    // Typed as the entry module: a rename of its export fails the type check.
    const early = import(/* @vite-ignore */ sessionEntry).then((entry: typeof EarlySessionEntry) =>
      entry.startEarlySession(win),
    );
    early.catch(() => {});
    startupPage(win).earlySession = early;
  }
}
