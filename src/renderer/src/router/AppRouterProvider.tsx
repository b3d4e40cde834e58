/**
 * Renders the router's location with react-router's declarative API (`<Router>` and
 * `useRoutes`): links, params and search params work as with the data router, whose loading
 * machinery the app does not need (router/appRouter.ts).
 */
import {
  Component,
  type ReactNode,
  startTransition,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { type Location, Router, useRoutes } from 'react-router-dom';
import { NavigatingContext } from '@renderer/lib/navigating';
import { CrashPage } from '@renderer/shell/CrashPage';
import { LoadingPage } from '@renderer/shell/LoadingPage';
import type { AppRoute, AppRouter, AppRouterChange } from './appRouter';

function Routes({ routes }: { routes: AppRoute[] }) {
  return useRoutes(routes);
}

interface BoundaryProps {
  location: Location;
  error: unknown;
  children: ReactNode;
}

/**
 * The crash page instead of the screens when one throws while rendering or its code failed
 * (PRODUCT.md §2 "Other"); another location tries the screens again (Back leaves the crash).
 */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  override state = { error: this.props.error, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A screen threw nothing') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: unknown; location: Location },
  ) {
    if (props.location !== state.location) return { error: props.error, location: props.location };
    return { error: props.error ?? state.error, location: state.location };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <CrashPage error={this.state.error} />
    );
  }
}

/** With the base restored: react-router's `<Router>` takes the browser's path. */
function withBase(location: Location, basename: string): Location {
  if (basename === '/') return location;
  return {
    ...location,
    pathname: location.pathname === '/' ? basename : basename + location.pathname,
  };
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const show = (change: AppRouterChange) => {
      // Always the router's latest state: a view transition's update runs a frame later.
      const latest = () => setState(router.state);
      const doc = document as Partial<Pick<Document, 'startViewTransition'>>;
      if (change.urgent) latest();
      else if (change.viewTransition && typeof doc.startViewTransition === 'function') {
        document.startViewTransition(() => flushSync(latest));
      } else startTransition(latest);
    };
    // A change before this effect (the first screen's code arriving early) is not missed.
    setState(router.state);
    return router.subscribe((_state, change) => show(change));
  }, [router]);
  const location = useMemo(
    () => withBase(state.location, router.basename),
    [state.location, router.basename],
  );

  return (
    <NavigatingContext.Provider value={state.navigating}>
      <Router
        basename={router.basename}
        location={location}
        navigationType={state.action}
        navigator={router.navigator}
      >
        {state.initialized ? (
          <RouteErrorBoundary location={state.location} error={state.error}>
            <Routes routes={router.routes} />
          </RouteErrorBoundary>
        ) : (
          // While the first screen's code loads: the same Loading page index.html painted.
          <LoadingPage />
        )}
      </Router>
    </NavigatingContext.Provider>
  );
}
