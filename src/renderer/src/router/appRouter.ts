/**
 * The app's router state: which location is shown, and whether a navigation waits for its screen's
 * code. react-router renders the routes in its declarative mode (AppRouterProvider.tsx); this holds
 * what its data router did for us without its loaders, actions, fetchers and revalidation, which
 * the app does not use (docs/architecture.md "Dependencies", the boot path's size):
 *
 * - a navigation to a screen whose chunk is not loaded yet keeps the current screen, says it is
 *   navigating (lib/navigating.ts), and moves — URL included — once the chunk is in;
 * - a newer navigation (a tap, Back) replaces a waiting one;
 * - a chunk that fails for another reason than the network shows the crash page at the new
 *   location (PRODUCT.md §2 "Other"); a network failure is the screen's own offline state
 *   (router/chunkLoad.tsx).
 *
 * No React here: stores navigate through services/navigation.ts, main.tsx watches the first page.
 */
import {
  createPath,
  type Location,
  matchRoutes,
  NavigationType,
  type Navigator,
  parsePath,
  type RouteObject,
  resolvePath,
  type To,
} from 'react-router-dom';

/** A screen loaded on first use: `load()` fetches its chunk (once, unless it failed). */
export interface LazyPage {
  load(): Promise<void>;
  readonly loaded: boolean;
}

/** A route of the table (router/routes.tsx); `page` marks a screen loaded on first use. */
export type AppRoute = RouteObject & { page?: LazyPage; children?: AppRoute[] };

export interface AppRouterState {
  /** The location shown, its pathname without the deployment base. */
  location: Location;
  action: NavigationType;
  /** The first screen is on screen (its code loaded): until then, the Loading page. */
  initialized: boolean;
  /** A navigation waits for its screen's code; the shown screen stays meanwhile. */
  navigating: boolean;
  /** The screen's code failed (not the network): the crash page, at `location`. */
  error?: unknown;
}

/** How the change should reach the screen: at once (the pending signal) or as a navigation. */
export interface AppRouterChange {
  urgent: boolean;
  viewTransition: boolean;
}

type Listener = (state: AppRouterState, change: AppRouterChange) => void;

/** The browser's (or a test's) session history, in full paths (deployment base included). */
export interface AppHistory {
  /** The current entry: path, search, hash, with the state and key it was pushed with. */
  location(): Omit<Location, 'mask'>;
  push(href: string, entry: HistoryEntry): void;
  replace(href: string, entry: HistoryEntry): void;
  go(delta: number): void;
  /** Back/forward moved to another entry (the URL is already the new one). */
  listen(onPop: () => void): () => void;
}

interface HistoryEntry {
  usr: unknown;
  key: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function entryOf(state: unknown): HistoryEntry {
  const entry = state as Partial<HistoryEntry> | null;
  return { usr: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The window's history (what react-router's BrowserRouter uses, without its listeners API). */
export function browserHistory(win: Window = window): AppHistory {
  return {
    location() {
      const { pathname, search, hash } = win.location;
      const { usr, key } = entryOf(win.history.state);
      return { pathname, search, hash, state: usr, key };
    },
    push: (href, entry) => win.history.pushState(entry, '', href),
    replace: (href, entry) => win.history.replaceState(entry, '', href),
    go: (delta) => win.history.go(delta),
    listen(onPop) {
      win.addEventListener('popstate', onPop);
      return () => win.removeEventListener('popstate', onPop);
    },
  };
}

/** An in-memory history (unit tests). */
export function memoryHistory(start = '/'): AppHistory {
  const entries = [{ href: start, entry: { usr: null, key: 'default' } as HistoryEntry }];
  let index = 0;
  let onPop = () => {};
  return {
    location() {
      const current = entries[index]!;
      const { pathname = '/', search = '', hash = '' } = parsePath(current.href);
      return { pathname, search, hash, state: current.entry.usr, key: current.entry.key };
    },
    push(href, entry) {
      entries.splice(index + 1, entries.length, { href, entry });
      index = entries.length - 1;
    },
    replace(href, entry) {
      entries[index] = { href, entry };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      queueMicrotask(() => onPop());
    },
    listen(listener) {
      onPop = listener;
      return () => {
        onPop = () => {};
      };
    },
  };
}

export class AppRouter {
  state: AppRouterState;
  /** What react-router's links and `useNavigate` call (paths with the deployment base). */
  readonly navigator: Navigator;
  private readonly listeners = new Set<Listener>();
  /** The latest navigation: an older one still waiting for its chunk is dropped. */
  private latest = 0;
  /** The moves that animated, from path to paths (Back over one animates too). */
  private readonly animated = new Map<string, Set<string>>();

  constructor(
    readonly routes: AppRoute[],
    private readonly history: AppHistory,
    readonly basename = '/',
  ) {
    const href = history.location();
    const location = { ...href, pathname: this.appPath(href.pathname) };
    this.state = {
      location,
      action: NavigationType.Pop,
      initialized: false,
      navigating: true,
      error: undefined,
    };
    this.navigator = {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      encodeLocation: (to) => {
        const url = new URL(typeof to === 'string' ? to : createPath(to), 'http://localhost');
        return { pathname: url.pathname, search: url.search, hash: url.hash };
      },
      go: (delta) => history.go(delta),
      push: (to, usr, options) => this.move(to, NavigationType.Push, usr, options?.viewTransition),
      replace: (to, usr, options) =>
        this.move(to, NavigationType.Replace, usr, options?.viewTransition),
    };
    history.listen(() => this.pop());
    this.arrive(location, NavigationType.Pop, false, () => {});
  }

  /** Listens to every change; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Goes to an app path (without the deployment base), as a store's redirect or the shell's
   * links do; `viewTransition` animates the change where the engine can.
   */
  navigate(to: string, options: { replace?: boolean; viewTransition?: boolean } = {}): void {
    const base = this.basename === '/' ? '' : this.basename;
    const target = resolvePath(to, this.state.location.pathname);
    this.move(
      { ...target, pathname: target.pathname === '/' ? base || '/' : base + target.pathname },
      options.replace ? NavigationType.Replace : NavigationType.Push,
      null,
      options.viewTransition,
    );
  }

  /** The app path of a full pathname: the deployment base stripped. */
  private appPath(pathname: string): string {
    const base = this.basename;
    if (base === '/' || !pathname.toLowerCase().startsWith(base.toLowerCase())) return pathname;
    const rest = pathname.slice(base.length);
    return rest.startsWith('/') ? rest : rest ? pathname : '/';
  }

  private move(to: To, action: NavigationType, usr: unknown, viewTransition = false): void {
    const href = typeof to === 'string' ? to : createPath(to);
    const { pathname = '/', search = '', hash = '' } = parsePath(href);
    const entry = { usr: usr ?? null, key: newKey() };
    const location = {
      pathname: this.appPath(pathname),
      search,
      hash,
      state: entry.usr,
      key: entry.key,
    };
    this.arrive(location, action, viewTransition, () => {
      if (action === NavigationType.Replace) this.history.replace(href, entry);
      else this.history.push(href, entry);
    });
  }

  /** Back or forward: the browser shows the new URL already; the screen follows. */
  private pop(): void {
    const href = this.history.location();
    this.arrive(
      { ...href, pathname: this.appPath(href.pathname) },
      NavigationType.Pop,
      false,
      () => {},
    );
  }

  /**
   * Shows `location` once its screen's code is loaded (at once when it is, or when the route
   * has none to load); `record` writes the history entry at that moment, as the data router did.
   */
  private arrive(
    location: Location,
    action: NavigationType,
    viewTransition: boolean,
    record: () => void,
  ): void {
    const id = ++this.latest;
    const commit = (error?: unknown) => {
      if (id !== this.latest) return;
      record();
      const animate = this.state.initialized && this.animates(location, action, viewTransition);
      this.set(
        { location, action, initialized: true, navigating: false, error },
        { urgent: false, viewTransition: animate },
      );
    };
    const page = this.pageOf(location.pathname);
    if (!page || page.loaded) {
      commit();
      return;
    }
    if (!this.state.navigating) {
      this.set({ ...this.state, navigating: true }, { urgent: true, viewTransition: false });
    }
    page.load().then(() => commit(), commit);
  }

  /**
   * Whether a change animates: a link or redirect asking for it, and Back or Forward over a
   * move that did (the data router's rule), so going back plays the transition in reverse.
   */
  private animates(to: Location, action: NavigationType, asked: boolean): boolean {
    const from = this.state.location.pathname;
    if (action === NavigationType.Pop) {
      return Boolean(this.animated.get(from)?.has(to.pathname) || this.animated.has(to.pathname));
    }
    if (asked) this.animated.set(from, (this.animated.get(from) ?? new Set()).add(to.pathname));
    return asked;
  }

  private pageOf(pathname: string): LazyPage | undefined {
    const matches = matchRoutes(this.routes, pathname);
    return matches?.[matches.length - 1]?.route.page;
  }

  private set(state: AppRouterState, change: AppRouterChange): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener(state, change);
  }
}
