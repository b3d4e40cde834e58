// Entry of the borrower SPA (runs in the browser / webview). Keeps the boot path small: config,
// host info and the crypto warm-up start in parallel; pages and heavy UI load lazily.
import 'antd-mobile/es/global';
import './styles/app.css';
import { reaction, when } from 'mobx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { UserBaseInfo } from '@shared/envelope';
import { loadAppConfig } from './config/loadAppConfig';
import { createSentryReporter } from './errors/sentryReporter';
import { dropFirstFrame, firstFrameOnScreen } from './lib/firstFrame';
import { whenIdle } from './lib/idle';
import { type BaseInfo, linkPolicy, loadNativeHost } from './native';
import { userBaseInfoOf } from './native/baseInfo';
import { AppRouter, browserHistory } from './router/appRouter';
import { AppRouterProvider } from './router/AppRouterProvider';
import { routes } from './router/routes';
import { accessOf } from './rules/access';
import { createApiTransport } from './services/apiTransport';
import { systemClock } from './services/clock';
import { RouterNavigation } from './services/navigation';
import { startupDecision } from './services/startupDecision';
import { JsonStorage, memoryStorage } from './lib/storage';
import { userRecordSeal } from './services/userRecordSeal';
import { antdUi, preloadFeedback } from './services/ui';
import { warmUpWhenCallsAreComing } from './services/warmUpPolicy';
import { ConfigErrorPage } from './shell/ConfigErrorPage';
import { RootStore } from './stores/RootStore';
import { StoresProvider } from './stores/StoresContext';

function storageOrMemory(pick: () => Storage): JsonStorage {
  try {
    return new JsonStorage(pick());
  } catch {
    return new JsonStorage(memoryStorage());
  }
}

/** The deployment base the inline script of index.html worked out ("/" at the root). */
function basename(): string {
  const path = new URL(document.baseURI).pathname;
  return path === '/' ? '/' : path.replace(/\/$/, '');
}

/** A host that opens the file itself (…/index.html) means the home route. */
function normalizeEntryPath(): void {
  const { pathname, search, hash } = window.location;
  if (pathname.endsWith('/index.html')) {
    window.history.replaceState(null, '', pathname.slice(0, -'index.html'.length) + search + hash);
  }
}

/** The first page's calls are over when none has run for this long (ApiService.quietFor). */
const FIRST_CALLS_QUIET_MS = 500;

/** Longest wait for a signed-in first page's calls before Sentry's SDK loads anyway. */
const SENTRY_LATEST_MS = 20_000;

/** Longest wait for the first page before the crypto warm-up starts anyway. */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * Resolves once startup is done and the router has loaded the first page (or after a while). A
 * private page while logged out is not that page: the shell is about to send the borrower to
 * Login, so this waits for Login's chunk too.
 */
function firstPageShown(root: RootStore, router: AppRouter) {
  return new Promise<void>((resolve) => {
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, FIRST_PAGE_WAIT_MS);
    const settled = (state: typeof router.state) =>
      !state.navigating &&
      !(accessOf(state.location.pathname) === 'private' && !root.user.isLoggedIn);
    void when(() => root.session.appInited).then(() => {
      if (settled(router.state)) return done();
      unsubscribe = router.subscribe((state) => {
        if (settled(state)) done();
      });
    });
  });
}

async function boot(container: HTMLElement): Promise<void> {
  // Decided once, by index.html's first inline script (or now, without it), before the address
  // is tidied below.
  const decision = startupDecision();
  normalizeEntryPath();
  const storage = storageOrMemory(() => window.localStorage);
  const sessionStorage = storageOrMemory(() => window.sessionStorage);
  // The first page's chunks now, instead of after the config and the session checks
  // (bench/README.md): signed out, Login; signed in at the entry URL, the Home tab, while the
  // crypto library loads and the startup calls run. index.html's inline script has already asked
  // for Login and the API client the same way.
  if (!decision.signedIn) void import('./features/login/LoginScreen').catch(() => {});
  else if (decision.atEntry) void import('./features/home/HomeScreen').catch(() => {});
  const configLoad = loadAppConfig();
  // Whether the saved login is this app's own (its figures may show before the server answers).
  const recordSeal = Promise.resolve()
    .then(() => userRecordSeal(window.localStorage))
    .catch(() => ({ trusted: false, seal: async () => undefined }));
  const native = await loadNativeHost(window, storage);
  let hostInfo: BaseInfo | undefined;
  const hostInfoReady = native.getBaseInfo().then(
    (info) => {
      hostInfo = info;
      // Inside a host with a token, the first screen's calls need the API client and its
      // Signal session: fetch them now, alongside the config, instead of after the stores exist
      // (bench/README.md).
      if (info.tokenValue) {
        import('@shared/transport/clientSession')
          .then(({ warmUpSignalKit }) => warmUpSignalKit())
          .catch(() => {});
      }
    },
    // A failing host: the session's start reports it and keeps the Loading page (§4).
    () => undefined,
  );
  const configResult = await configLoad;
  // A second open's kept Home frame (index.html) shows before the first render's long task.
  await firstFrameOnScreen();
  const reactRoot = createRoot(container);
  if (!configResult.ok) {
    dropFirstFrame();
    console.error('App init failed', configResult.error);
    reactRoot.render(<ConfigErrorPage error={configResult.error} />);
    return;
  }
  const { config } = configResult;
  linkPolicy.allowHttp = config.env !== 'production';
  const reporter = createSentryReporter(config.sentryDsn, config.env);
  const navigation = new RouterNavigation();
  let token = () => '';
  const baseInfo = (): UserBaseInfo => userBaseInfoOf(hostInfo, token());
  // The session index.html started before this chunk ran is adopted only for the token current
  // then: the host's (which the session's start makes the user's) or the saved login's.
  const transport = createApiTransport(
    config,
    baseInfo,
    () => token(),
    () => hostInfo?.tokenValue || token(),
  );
  const root = new RootStore({
    userRecordSeal: await recordSeal,
    config,
    transport,
    native,
    storage,
    sessionStorage,
    clock: systemClock,
    ui: antdUi,
    navigation,
    reporter,
    reload: () => window.location.reload(),
  });
  token = () => root.user.tokenValue;

  const router = new AppRouter(routes, browserHistory(), basename());
  navigation.attach(router, basename());
  // With a token (from the host or a saved login) the first screen needs the API: shake hands at
  // once. Logged out, nothing is encrypted before the borrower acts, so the crypto library
  // (~130 kB gzip, a second of CPU on a slow phone) waits for the first page instead of
  // competing with it, and loads only on a page where a call is coming (Login, sign-up): a
  // visitor reading a public document never needs it (services/warmUpPolicy.ts).
  const hasToken = () => Boolean(hostInfo?.tokenValue || token());
  void hostInfoReady.then(async () => {
    if (!hasToken()) await firstPageShown(root, router);
    warmUpWhenCallsAreComing({
      signedIn: hasToken,
      pathname: () => router.state.location.pathname,
      onChange: (listener) => {
        const stopRoutes = router.subscribe(listener);
        const stopSignIn = reaction(() => root.user.isLoggedIn, listener);
        return () => {
          stopRoutes();
          stopSignIn();
        };
      },
      warmUp: () => transport.warmUp(),
    });
  });
  root.network.listen(window);
  void root.session.start(navigation.current());

  void firstPageShown(root, router).then(() => {
    // No dialog opens before the first page: the focus keeper waits off the boot path.
    void import('./lib/dialogFocus').then((m) => m.installDialogFocus()).catch(() => {});
  });
  // Toast and Dialog ahead of need, so the offline toast works without the network. Logged in,
  // the first page has its calls to make: they come first on a slow network (bench/README.md).
  void firstPageShown(root, router).then(async () => {
    if (root.user.isLoggedIn) await root.api.quietFor(FIRST_CALLS_QUIET_MS);
    preloadFeedback();
  });
  // Sentry's SDK once the first screen shows its data (signed in: its first calls answered),
  // when the browser is idle: on a slow link it never shares the line with that screen
  // (bench/README.md). An error reported earlier fetches it at once.
  void firstPageShown(root, router).then(async () => {
    if (root.user.isLoggedIn) {
      await Promise.race([
        root.api.firstCallsOver(FIRST_CALLS_QUIET_MS),
        new Promise((resolve) => setTimeout(resolve, SENTRY_LATEST_MS)),
      ]);
    }
    whenIdle(() => reporter.loadSdk());
  });
  reactRoot.render(
    <StrictMode>
      <StoresProvider root={root}>
        <AppRouterProvider router={router} />
      </StoresProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void boot(container);
