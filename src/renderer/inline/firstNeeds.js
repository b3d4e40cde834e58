/**
 * index.html's first inline script (inlined by scripts/preloadFirstNeedsPlugin.ts as written,
 * after the lists the build knows): it preloads, beside the boot chunk, the host implementation
 * of this page (the bridge's inside a native host, else the web's) and what the first page needs
 * (Login signed out; the API client and the crypto library inside a host or with a saved login),
 * and, signed in, imports the early session's entry (src/renderer/src/earlySession.ts) so the
 * handshake starts before the boot chunk is on the line (README "Early session").
 *
 * Plain JavaScript on the browser floor (scripts/check-floor.mjs), no imports; typed by JSDoc and
 * checked by `npm run typecheck`.
 *
 * @typedef {{ host: string[], web: string[], api: string[], login: string[] }} FirstNeedsLists
 * @typedef {Window & { nativeBridge?: unknown, __earlySession?: Promise<unknown>,
 *   __earlySessionStart?: unknown }} FirstNeedsWindow
 */

/**
 * @param {FirstNeedsWindow} win
 * @param {FirstNeedsLists} preloads the chunks and stylesheets of each first need, `./`-relative
 * @param {string} sessionEntry the early session's entry chunk, '' when the build has none
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the inline script around it
function preloadFirstNeeds(win, preloads, sessionEntry) {
  const doc = win.document;
  const inHost = Boolean(win.nativeBridge);
  let signedIn = inHost;
  try {
    const saved = JSON.parse(win.localStorage.getItem('dl.user') || 'null');
    signedIn = signedIn || Boolean(saved && saved.tokenValue);
  } catch (_) {}
  const files = new Set([
    ...(inHost ? preloads.host : preloads.web),
    ...(signedIn ? preloads.api : preloads.login),
  ]);
  for (const href of files) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own preloads and stylesheet links ask: a preload made otherwise is not used.
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  // Signed in: the session starts now, before the boot chunk is on the line; the app adopts it.
  if (sessionEntry && signedIn) {
    const early = import(sessionEntry).then(() => win.__earlySessionStart);
    early.catch(() => {});
    win.__earlySession = early;
  }
}
