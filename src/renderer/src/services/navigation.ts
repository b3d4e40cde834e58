/**
 * Navigation as a service: stores route the user (login redirects, kick-out, deny pages) without
 * importing React. The router is attached after it is created (main.tsx).
 */
import { silenceInterruptedViewTransitions } from './viewTransitions';

export interface Navigation {
  /** Current path with search, without origin (the start state's `url`). */
  current(): string;
  go(to: string, options?: { replace?: boolean }): void;
}

interface RouterLike {
  navigate(
    to: string,
    options?: { replace?: boolean; viewTransition?: boolean },
  ): Promise<void> | void;
  state: { location: { pathname: string; search: string } };
}

export class RouterNavigation implements Navigation {
  private router: RouterLike | undefined;
  private basename = '/';

  /** `basename` is the deployment base; paths given to `go` and from `current` exclude it. */
  attach(router: RouterLike, basename = '/'): void {
    this.router = router;
    this.basename = basename;
    // Every transition the router starts (ours and <Link viewTransition>) may be interrupted.
    if (typeof document !== 'undefined') silenceInterruptedViewTransitions(document);
  }

  current(): string {
    if (this.router) {
      const { pathname, search } = this.router.state.location;
      return pathname + search;
    }
    const { pathname, search } = window.location;
    const base = this.basename === '/' ? '' : this.basename;
    return (pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname) + search;
  }

  /**
   * A forward move animates (view transition); a redirect (`replace`: login, logout, kick-out,
   * deny) does not: it often lands while another transition runs and would cut it short. Any
   * interrupted transition (Back pressed during one, too) stays silent (./viewTransitions).
   */
  go(to: string, options?: { replace?: boolean }): void {
    if (this.router)
      void this.router.navigate(to, { ...options, viewTransition: !options?.replace });
    else window.location.assign(to);
  }
}

/** Records navigations (tests). */
export function recordingNavigation(start = '/'): Navigation & { visited: string[] } {
  const visited: string[] = [];
  let at = start;
  return {
    visited,
    current: () => at,
    go: (to) => {
      at = to;
      visited.push(to);
    },
  };
}
