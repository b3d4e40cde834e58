/**
 * index.html's boot loader (inlined by scripts/preloadFirstNeedsPlugin.ts as written, after the
 * lists the build knows), in place of the entry's `<script type="module">` when the build has an
 * early session: signed in, it adds the boot chunk once the early session has started, so the
 * crypto comes first on a slow line, with Home's and the tab bar's chunks at the entry URL;
 * signed out, the boot chunk loads at once (README "Early session").
 *
 * Plain JavaScript on the browser floor (scripts/check-floor.mjs), no imports; typed by JSDoc and
 * checked by `npm run typecheck`.
 *
 * @typedef {Window & { __earlySession?: Promise<unknown> }} BootLoaderWindow
 */

/**
 * @param {BootLoaderWindow} win
 * @param {string} bootEntry the entry chunk, `./`-relative
 * @param {string[]} homeFiles Home's and the tab bar's chunks and stylesheets
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the inline script around it
function loadBootChunk(win, bootEntry, homeFiles) {
  const doc = win.document;
  const load = () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = bootEntry;
    doc.body.appendChild(script);
  };
  const early = win.__earlySession;
  if (!early) {
    load();
    return;
  }
  // Signed in at the entry URL: Home's chunks come with the boot chunk, after the session's.
  const base = new URL(doc.baseURI).pathname;
  const path = win.location.pathname;
  const home = path === base || path === base + 'index.html' || path + '/' === base;
  early.then(load, load).then(() => {
    if (!home) return;
    for (const href of homeFiles) {
      const link = doc.createElement('link');
      link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
      if (href.endsWith('.css')) link.as = 'style';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
  });
}
