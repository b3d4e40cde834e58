/**
 * The first frame painted by index.html before the boot chunk has run (bench/README.md, "What
 * limits the startup figures"), once the config has answered (a config that fails paints
 * nothing: the app shows its error page):
 *
 * - a second open of Home: a borrower who saw Home with figures last time sees Home's headline,
 *   amount and main button again, from the frame the app kept (UserStore.homeFrame, saved in
 *   `dl.user` under the session's token and API host, DESIGN.md §6 "Ownership and money"). It
 *   paints only when that record is this session's: the token the host gives now (or the saved
 *   login on the web) and the API host of this deployment's config. Kept text becomes text
 *   nodes only, never markup;
 * - a first open of Home (nothing kept for this session): the same frame, made by the session
 *   started before the boot chunk from its first answers (services/earlySession.ts, user info
 *   and loan info), when they come before React's first page;
 * - a borrower signed out on the web, at the entry URL or /login: the Login form (PRODUCT.md §2
 *   "Login page"), the fields the app renders with the same texts and labels.
 *
 * The frame is a layer over the page (`.first-frame`) until React's screen commits; that screen
 * then takes it over in the same frame (lib/firstFrame.ts): what the borrower typed is kept, and
 * a press made before (Home's main button, Get Code, LOGIN) is made again there, so a tap before
 * the app runs is neither lost nor dead. Any other first page removes it.
 *
 * Inlined by scripts/preloadFirstNeedsPlugin.ts as a classic script (its CSP hash is in the page's policy), as
 * written: no syntax above the browser floor (scripts/check-floor.mjs), no imports. `needs`
 * holds what the build knows: the stylesheets of Home and of Login, the area codes of the web
 * and the default one, the SMS code's length.
 */
/**
 * Typed by JSDoc (tsconfig.web.json checks this file): what the build passes, the kept frame,
 * the window as this script and lib/firstFrame.ts share it.
 * @typedef {{ homeCss: string[], loginCss: string[], areaCodes: readonly string[],
 *   defaultAreaCode: string, codeLength: number }} FirstFrameNeeds
 * @typedef {{ caption: string, amount: string,
 *   button: { label: string, disabled?: boolean } | null }} HomeFrame
 * @typedef {{ areaCode: HTMLSelectElement, phone: HTMLInputElement, code: HTMLInputElement }} LoginFields
 * @typedef {{ kind: 'home' | 'login', press: string | null, layer: HTMLElement,
 *   fields?: LoginFields, figures?: HomeFrame }} FrameState
 * @typedef {{ resultCode: number, data?: { tokenValue?: string } }} BaseInfoAnswer
 * @typedef {{ call(method: string): Promise<BaseInfoAnswer> }} Bridge
 * @typedef {Window & { nativeBridge?: Bridge, __appConfigFetch?: { response?: Promise<Response> },
 *   __earlySession?: Promise<{ token: string, homeFrame?: Promise<HomeFrame | undefined> } | undefined>,
 *   __earlyBaseInfo?: { bridge: Bridge, answer: Promise<BaseInfoAnswer> },
 *   __firstFrame?: FrameState, __firstFramePaint?: Promise<void>,
 *   __firstFrameShown?: () => Promise<unknown> }} PageWindow
 * @typedef {<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string)
 *   => HTMLElementTagNameMap[K]} ElementMaker
 */

/**
 * @param {PageWindow} win
 * @param {FirstFrameNeeds} needs
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the inline script around it
function paintFirstFrame(win, needs) {
  const doc = win.document;
  let saved;
  try {
    saved = JSON.parse(win.localStorage.getItem('dl.user') || 'null');
  } catch (_) {
    return;
  }
  const bridge = win.nativeBridge;
  const inHost = Boolean(bridge && typeof bridge.call === 'function');
  const signedOut = !inHost && !(saved && saved.tokenValue);
  // The entry URL is the deployment base itself (or its index.html).
  const base = new URL(doc.baseURI).pathname;
  const path = win.location.pathname;
  const atEntry = path === base || path === base + 'index.html' || path + '/' === base;
  /** @type {'home' | 'login'} */
  let kind;
  if (signedOut && (atEntry || path === base + 'login')) {
    // A running SMS countdown shows on Get Code: the app paints that page itself.
    let counting = false;
    try {
      counting = win.sessionStorage.getItem('dl.smsCountdownUntil') !== null;
    } catch (_) {}
    if (counting) return;
    kind = 'login';
  } else if (!signedOut && atEntry) {
    kind = 'home';
  } else {
    return;
  }
  const kept = kind === 'home' ? validHomeFrame(saved) : null;
  // Home with nothing kept for this session: the frame the early session makes from its first
  // answers (services/earlySession.ts).
  const early = kind === 'home' ? win.__earlySession : undefined;
  if (kind === 'home' && !kept && !early) return;
  const configFetch = win.__appConfigFetch;
  if (!configFetch || !configFetch.response) return;
  // A copy of the body: loadAppConfig reads the response itself.
  const config = configFetch.response.then((/** @type {Response} */ response) =>
    response.ok ? response.clone().json() : null,
  );
  let token = Promise.resolve(saved ? saved.tokenValue : '');
  if (kind === 'home' && inHost && bridge) {
    // The host's answer is the app's too (NativeBridgeHost takes it): the host is asked once.
    const answer = new Promise((resolve) => {
      resolve(bridge.call('getBaseInfo'));
    });
    win.__earlyBaseInfo = { bridge: bridge, answer: answer };
    token = answer.then((result) =>
      result && result.resultCode === 0 && result.data ? result.data.tokenValue : null,
    );
  }
  const styles = (kind === 'home' ? needs.homeCss : needs.loginCss).map(
    (/** @type {string} */ href) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
      return loadedSheet(link);
    },
  );
  // The app's own stylesheets (the end of <body>) style the frame too.
  const sheets = /** @type {NodeListOf<HTMLLinkElement>} */ (
    doc.querySelectorAll('link[rel="stylesheet"]')
  );
  for (const link of sheets) {
    if (!link.sheet) styles.push(loadedSheet(link));
  }
  /** @type {ElementMaker} */
  const element = (tag, className, text) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  /** @type {(state: FrameState) => void} */
  const show = (state) => {
    doc.body.appendChild(state.layer);
    win.__firstFrame = state;
  };
  /** @type {() => FrameState} */
  const frameState = () => {
    const state = { kind: kind, press: null, layer: element('div', 'first-frame') };
    state.layer.setAttribute('data-first-frame', kind);
    return state;
  };
  // Settles once a kept frame or Login painted, or the script decided they do not: true when
  // Home's frame is left to the early session.
  const decided = Promise.all([config, token].concat(styles))
    .then((answers) => {
      const cfg = answers[0];
      if (!cfg || !cfg.apiBase) return false;
      // React's first page is already on screen: nothing to paint.
      if (win.__firstFrame) return false;
      const state = frameState();
      if (kind === 'home') {
        if (!kept || cfg.apiBase.main !== saved.apiHost || answers[1] !== saved.tokenValue) {
          return true;
        }
        state.layer.appendChild(homeView(kept, true, element, state));
      } else {
        state.layer.appendChild(loginView(needs, element, state));
      }
      show(state);
      return false;
    })
    .catch(() => false);
  /** @type {() => Promise<unknown>} the session's token now: the host's, or the saved login */
  const tokenNow = () =>
    inHost
      ? token
      : Promise.resolve().then(() => {
          const now = JSON.parse(win.localStorage.getItem('dl.user') || 'null');
          return now && now.tokenValue;
        });
  // No kept frame for this session: Home's frame from the early session's first answers, if
  // they come before React's first page and the session is still the page's (same texts;
  // their figures are fresh).
  const paint = decided.then((leftToEarly) => {
    if (!leftToEarly || !early) return undefined;
    return early
      .then((session) =>
        Promise.all([session && session.homeFrame, tokenNow()]).then((answers) => {
          const frame = answers[0];
          if (!session || !frame || win.__firstFrame || answers[1] !== session.token) return;
          const state = frameState();
          state.layer.appendChild(homeView(frame, false, element, state));
          show(state);
        }),
      )
      .catch(() => {});
  });
  // Settles once a frame painted or the script decided not to (tests wait for it).
  win.__firstFramePaint = paint;
  /** @type {(ms: number, promise: Promise<unknown>) => Promise<unknown>} */
  const within = (ms, promise) =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  // The app waits for this before its first render (main.tsx), so a frame paints first: the
  // decision (at most 200 ms: a host slow to give its token), then the frame that shows the
  // layer (at most 100 ms: a hidden tab has no frames). A frame still waiting for the early
  // session's answers is not waited for: React's page comes first then.
  win.__firstFrameShown = () =>
    within(200, decided).then(() => {
      if (!(win.__firstFrame && win.__firstFrame.layer)) return undefined;
      return within(
        100,
        new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
    });
}

/**
 * The saved record's Home frame when it is well formed and names its API host, else null.
 * @param {any} saved parsed from storage: anything
 * @returns {HomeFrame | null}
 */
function validHomeFrame(saved) {
  const frame = saved && saved.homeFrame;
  if (!frame || typeof saved.tokenValue !== 'string' || saved.tokenValue === '') return null;
  if (typeof saved.apiHost !== 'string') return null;
  if (typeof frame.caption !== 'string' || typeof frame.amount !== 'string') return null;
  const button = frame.button;
  if (button !== null && (typeof button !== 'object' || typeof button.label !== 'string')) {
    return null;
  }
  return frame;
}

/**
 * Resolves once the stylesheet is in; rejects when it cannot load (then nothing paints).
 * @param {HTMLLinkElement} link
 * @returns {Promise<unknown>}
 */
function loadedSheet(link) {
  return new Promise((resolve, reject) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', reject);
  });
}

/**
 * Home's headline, amount and main button (features/home/HomeScreen.tsx) from text: kept from the
 * last open (then being refreshed, as Home says), or made from this open's first answers.
 * @param {HomeFrame} frame
 * @param {boolean} refreshing the figures are the kept ones
 * @param {ElementMaker} element
 * @param {FrameState} state
 */
function homeView(frame, refreshing, element, state) {
  // Handed to Home, whose figures may still be on their way when it takes the frame over.
  state.figures = frame;
  const page = element('section', 'home-page');
  const hero = element('div', 'home-hero');
  hero.appendChild(element('p', 'home-hero__caption', frame.caption));
  const amount = element('p', 'home-hero__amount', frame.amount);
  amount.setAttribute('data-testid', 'home-amount');
  hero.appendChild(amount);
  if (frame.button) {
    const press = element('button', 'home-hero__button', frame.button.label);
    press.type = 'button';
    press.disabled = frame.button.disabled === true;
    press.addEventListener('click', () => {
      // Pressed again by Home once the app runs (after fresh loan info, as any press).
      state.press = 'main';
      press.setAttribute('aria-busy', 'true');
    });
    hero.appendChild(press);
  }
  if (refreshing) {
    // The kept figures are being refreshed, as Home says while its calls run.
    const status = element('p', 'home-hero__stale', 'Updating…');
    status.setAttribute('role', 'status');
    hero.appendChild(status);
  }
  page.appendChild(hero);
  return page;
}

/**
 * The Login form (features/login/LoginScreen.tsx): same texts, labels and fields.
 * @param {FirstFrameNeeds} needs
 * @param {ElementMaker} element
 * @param {FrameState} state
 */
function loginView(needs, element, state) {
  const page = element('section', 'login-page');
  page.appendChild(element('h1', 'login-page__title', 'Direct Loan'));
  const form = element('form', 'login-form');
  const phoneRow = element('div', 'login-form__row');
  const area = element('select', 'login-form__area');
  area.setAttribute('aria-label', 'Area code');
  for (const code of needs.areaCodes) {
    const option = element('option', '', '+' + code);
    option.value = code;
    area.appendChild(option);
  }
  area.value = needs.defaultAreaCode;
  /** @type {(className: string, label: string, attributes: Record<string, string>) => HTMLInputElement} */
  const field = (className, label, attributes) => {
    const input = element('input', 'login-input ' + className);
    input.setAttribute('aria-label', label);
    input.placeholder = label;
    for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);
    return input;
  };
  const phone = field('login-form__phone', 'Mobile number', {
    type: 'tel',
    inputmode: 'numeric',
    autocomplete: 'tel-national',
  });
  phoneRow.appendChild(area);
  phoneRow.appendChild(phone);
  const codeRow = element('div', 'login-form__row');
  const code = field('login-form__code', 'Verification code', {
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: String(needs.codeLength),
  });
  const getCode = element('button', 'login-button login-form__get-code');
  getCode.type = 'button';
  getCode.appendChild(element('span', 'login-button__label', 'Get Code'));
  codeRow.appendChild(code);
  codeRow.appendChild(getCode);
  const submit = element('button', 'login-button login-form__submit');
  submit.type = 'submit';
  submit.appendChild(element('span', 'login-button__label', 'LOGIN'));
  form.appendChild(phoneRow);
  form.appendChild(codeRow);
  form.appendChild(submit);
  page.appendChild(form);
  // Pressed again by Login once the app runs, with what was typed here.
  /** @type {(button: HTMLButtonElement, press: string) => void} */
  const pressed = (button, press) => {
    state.press = press;
    button.setAttribute('aria-busy', 'true');
  };
  getCode.addEventListener('click', () => pressed(getCode, 'code'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    pressed(submit, 'login');
  });
  state.fields = { areaCode: area, phone: phone, code: code };
  return page;
}
