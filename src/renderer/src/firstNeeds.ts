/**
 * What the first page needs, named through the import graph: each need is the modules it
 * imports. The web build reads this table (scripts/preloadFirstNeedsPlugin.ts): it resolves
 * every import as the bundler does, finds the chunks (and their stylesheets) that hold those
 * modules, and writes them into index.html's preloads (src/renderer/inline/firstNeeds.ts) and
 * the first frames' stylesheets (src/renderer/inline/firstFrame.ts). A need whose module is
 * renamed or moved fails the type check and the build, never leaves a preload out silently.
 */
export const firstNeeds = {
  /** Inside a native host: the bridge's host implementation. */
  host: () => import('./native/nativeBridgeHost'),
  /** On the web: the web host implementation. */
  web: () => import('./native/webHost'),
  /**
   * A signed-in first screen's calls: the API client (with the Signal session on the engine's
   * WebCrypto), its endpoint table and the session cache. The Signal library and its JS curves
   * are no first need: they load only where the engine lacks an algorithm
   * (src/shared/transport/clientSession.ts).
   */
  api: () =>
    Promise.all([
      import('@shared/transport/client'),
      import('@shared/api/endpoints'),
      import('./services/signalSessions'),
    ]),
  /** The first page signed out: Login (its stylesheets style the painted Login). */
  login: () => import('./features/login/LoginScreen'),
  /** The entry URL's page signed in: Home (its stylesheets style the painted Home). */
  home: () => import('./features/home/HomeScreen'),
  /** The tab bar under Home (shell/AppLayout.tsx loads it with the first tab page). */
  tabBar: () => import('./shell/TabBar'),
  /** The session's start before the boot chunk: the web build's second entry. */
  earlySession: () => import('./earlySession'),
  /**
   * Beside what both entries import (the build joins those by itself), what the early session
   * shares with pages a signed-out visitor opens: the peso format of its Home frame, which the
   * documents show too. In `boot-shared`, those pages never fetch a chunk of the session's (and
   * so none of the crypto's). With them, the small modules every first page loads beside the
   * boot chunk (the link rules of both host implementations and of the session's answers, zod's
   * issue texts): in the one chunk index.html names, not three requests more in the page's wave,
   * where HTTP/1.1's six connections per host make the seventh request wait a round trip.
   */
  bootShared: () =>
    Promise.all([
      import('@shared/money'),
      import('@shared/appPath'),
      import('@shared/links'),
      import('./native/refusedLink'),
      import('@shared/zodIssues'),
    ]),
  /**
   * What Home shares with the other tab pages — the tab bar, the pull to refresh, the date
   * formats, the ad picture and its name (the events' titles) —, one chunk on the first open instead of one each
   * (vite.web.config.ts).
   */
  homeShared: () =>
    Promise.all([
      import('./shell/TabBar'),
      import('./components/PullRefresh'),
      import('./lib/format'),
      import('./lib/marketCalendar'),
      import('./features/home/AdPicture'),
      import('./features/home/adName'),
      import('./lib/eventTitles'),
    ]),
  /**
   * Not preloaded: what every first page loads once it shows, Toast and Dialog (main.tsx,
   * services/ui.ts), each of its modules beyond the first open's in one chunk (vite.web.config.ts)
   * instead of a dozen of antd-mobile's.
   */
  feedback: () => import('./services/antdFeedback'),
  /** Not preloaded: Home's banner carousel, loaded when the browser is idle; one chunk too. */
  carousel: () => import('./features/home/BannerCarousel'),
};
