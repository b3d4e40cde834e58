// The engine lane's recorder (tests/engines), loaded before the app by the index.html the lane
// serves. WebKitWebDriver has no console or script-before-load command, so the page keeps what a
// borrower's console would show — uncaught errors, unhandled rejections, console.error, failed
// resources, CSP violations — and how often the secure-connection dialog (PRODUCT.md §8) opened.
// Kept in sessionStorage, so a reload loses nothing; the lane reads it between steps.
(() => {
  const KEY = '__engineProbe';
  const SECURE_DIALOG = 'There is a problem with the secure connection';
  let state = { errors: [], secureDialogs: 0, loads: 0 };
  try {
    state = JSON.parse(sessionStorage.getItem(KEY) || 'null') || state;
  } catch {}
  state.loads += 1;
  const save = () => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(state));
    } catch {}
  };
  save();
  const describe = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const record = (kind, message) => {
    state.errors.push(`${kind}: ${message} (at ${location.pathname})`.slice(0, 600));
    save();
  };
  addEventListener(
    'error',
    (event) => {
      if (event instanceof ErrorEvent) {
        record('uncaught', event.error ? describe(event.error) : event.message);
        return;
      }
      const element = event.target;
      if (element && element !== window && element.tagName) {
        const url = element.currentSrc || element.src || element.href || '';
        record('resource', `${element.tagName.toLowerCase()} ${element.rel || ''} ${url}`);
      }
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    record('unhandledrejection', describe(event.reason));
  });
  addEventListener('securitypolicyviolation', (event) => {
    record('csp', `${event.violatedDirective} ${event.blockedURI}`);
  });
  const consoleError = console.error;
  console.error = function (...args) {
    record('console.error', args.map(describe).join(' '));
    return consoleError.apply(this, args);
  };
  let dialogShown = false;
  const watchDialog = () => {
    const shown = !!document.body && (document.body.textContent || '').includes(SECURE_DIALOG);
    if (shown && !dialogShown) {
      state.secureDialogs += 1;
      save();
    }
    dialogShown = shown;
  };
  new MutationObserver(watchDialog).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
})();
