/**
 * The first frame of a second open, painted by index.html before the boot chunk has run
 * (bench/README.md, "What limits the startup figures"): a borrower who saw Home with figures
 * last time sees Home's headline, amount and main button again as soon as the config has
 * answered, from the frame the app kept (UserStore.homeFrame, saved in `dl.user` under the
 * session's token and API host, DESIGN.md §6 "Ownership and money"). It paints only when that
 * record is this session's: the token the host gives now (or the saved login on the web) and the
 * API host of this deployment's config. Kept text becomes text nodes only, never markup.
 *
 * The frame is a layer over the page (`.first-frame`) until React's Home commits; Home then
 * removes it in the same frame (lib/firstFrame.ts), and a press of the main button made before
 * is pressed again there, so a tap before the app runs is neither lost nor dead. Any other first
 * page removes it too (main.tsx).
 *
 * Inlined by vite.web.config.ts as a classic script (its CSP hash is in the page's policy), as
 * written: no syntax above the browser floor, no imports. `homeCss` lists Home's stylesheets.
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the inline script around it
function paintFirstFrame(win, homeCss) {
  const doc = win.document;
  let saved;
  try {
    saved = JSON.parse(win.localStorage.getItem('dl.user') || 'null');
  } catch (_) {
    return;
  }
  const frame = saved && saved.homeFrame;
  if (!frame || typeof saved.tokenValue !== 'string' || saved.tokenValue === '') return;
  if (typeof saved.apiHost !== 'string') return;
  if (typeof frame.caption !== 'string' || typeof frame.amount !== 'string') return;
  const button = frame.button;
  if (button !== null && (typeof button !== 'object' || typeof button.label !== 'string')) return;
  // Home is the entry URL: the deployment base itself (or its index.html).
  const base = new URL(doc.baseURI).pathname;
  const path = win.location.pathname;
  if (path !== base && path !== base + 'index.html' && path + '/' !== base) return;
  const early = win.__appConfigFetch;
  if (!early || !early.response) return;
  // A copy of the body: loadAppConfig reads the response itself.
  const config = early.response.then((response) => (response.ok ? response.clone().json() : null));
  let token;
  const bridge = win.nativeBridge;
  if (bridge && typeof bridge.call === 'function') {
    // The host's answer is the app's too (NativeBridgeHost takes it): the host is asked once.
    const answer = new Promise((resolve) => {
      resolve(bridge.call('getBaseInfo'));
    });
    win.__earlyBaseInfo = { bridge: bridge, answer: answer };
    token = answer.then((result) =>
      result && result.resultCode === 0 && result.data ? result.data.tokenValue : null,
    );
  } else {
    token = Promise.resolve(saved.tokenValue);
  }
  const styles = homeCss.map((href) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    doc.head.appendChild(link);
    return loaded;
  });
  const element = (tag, className, text) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  // The app waits for this before its first render, so the kept frame paints first
  // (lib/firstFrame.ts).
  win.__firstFramePaint = Promise.all([config, token].concat(styles))
    .then((answers) => {
      const cfg = answers[0];
      const ours = cfg && cfg.apiBase && cfg.apiBase.main === saved.apiHost;
      // React's first page is already on screen: nothing to paint.
      if (!ours || answers[1] !== saved.tokenValue || win.__firstFrame) return;
      const layer = element('div', 'first-frame');
      layer.setAttribute('data-first-frame', 'home');
      const page = element('section', 'home-page');
      const hero = element('div', 'home-hero');
      hero.appendChild(element('p', 'home-hero__caption', frame.caption));
      const amount = element('p', 'home-hero__amount', frame.amount);
      amount.setAttribute('data-testid', 'home-amount');
      hero.appendChild(amount);
      const state = { tapped: false, layer: layer };
      if (button) {
        const press = element('button', 'home-hero__button', button.label);
        press.type = 'button';
        press.disabled = button.disabled === true;
        press.addEventListener('click', () => {
          // Pressed again by Home once the app runs (after fresh loan info, as any press).
          state.tapped = true;
          press.setAttribute('aria-busy', 'true');
        });
        hero.appendChild(press);
      }
      // The kept figures are being refreshed, as Home says while its calls run.
      const status = element('p', 'home-hero__stale', 'Updating…');
      status.setAttribute('role', 'status');
      hero.appendChild(status);
      page.appendChild(hero);
      layer.appendChild(page);
      doc.body.appendChild(layer);
      win.__firstFrame = state;
    })
    .catch(() => {});
}
