/**
 * The shell: the Loading page until startup finishes, then the kept-alive tabs with the bottom
 * bar, or the current route's page. `/profile/:action` is master-detail at 768 px and wider
 * (the profile stays on the left). A page init closes any open dialog (PRODUCT.md §2).
 */
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { leaveFirstFrameFor } from '@renderer/lib/firstFrame';
import { useOptionalChunk } from '@renderer/lib/useOptionalChunk';
import { accessOf } from '@renderer/rules/access';
import { useStores } from '@renderer/stores/StoresContext';
import { KeepAliveTabs } from './KeepAliveTabs';
import { useKeptScroll } from './keptScroll';
import { LoadingPage } from './LoadingPage';
import { PageSkeleton } from './PageSkeleton';
import { type TabPages, tabOf } from './tabs';

/**
 * The bottom bar loads with the first tab, not with the boot chunk (Login, the web's usual
 * first page, has none); until it comes (offline: until the network is back), an empty bar of
 * its height holds the layout.
 */
const loadTabBar = () => import('./TabBar');

/** Tabs are kept alive, so is their scroll; a route page opens at its top. */
const keepsScroll = (view: string) => !view.startsWith('/');

/** The shell, with the pages of the tabs it keeps alive (the router's, router/tabPages.tsx). */
export const AppLayout = observer(function AppLayout({ tabPages }: { tabPages: TabPages }) {
  const { session, user, services, screensKey } = useStores();
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  const profileDetail = pathname.startsWith('/profile/');
  const tabsKey = tab?.key ?? (profileDetail ? 'profile' : undefined);
  /** The last tab shown: it stays mounted (hidden) under route pages, as a native tab host's. */
  const lastTab = useRef({ tab: tabsKey, session: screensKey });
  if (tabsKey || lastTab.current.session !== screensKey) {
    lastTab.current = { tab: tabsKey, session: screensKey };
  }
  useKeptScroll(tab?.key ?? pathname, keepsScroll, screensKey);
  // After startup, leaving for a private page while logged out asks for a login again.
  const mustLogin = session.appInited && accessOf(pathname) === 'private' && !user.isLoggedIn;
  const showsTabs = session.appInited && !mustLogin;
  const TabBar = useOptionalChunk(loadTabBar, showsTabs && Boolean(tab));

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new page closes dialogs
  useEffect(() => {
    services.ui.closeDialogs();
  }, [pathname, services]);

  useEffect(() => {
    if (mustLogin) session.relogin();
  }, [mustLogin, session]);

  // The first frame index.html may paint (Home's or Login's, lib/firstFrame.ts) goes before any
  // other page shows; its own screen takes it over.
  useLayoutEffect(() => {
    leaveFirstFrameFor(pathname);
  }, [pathname]);

  // Logged out on a private page, the borrower is on the way to Login: the Loading page stays
  // instead of a tab that would fetch its chunks on Login's path (bench/README.md, the boot path's size).
  if (!showsTabs) return <LoadingPage />;

  // A tab is a signed-in page (PRODUCT.md §2): once the session ended, the kept one goes with
  // its figures instead of staying hidden under Login (DESIGN.md §6 "Session scope").
  const shownTab = tabsKey ?? (user.isLoggedIn ? lastTab.current.tab : undefined);
  // Keyed by the sessions that ended (DESIGN.md §6): a new borrower gets new screens, never the
  // kept-alive tabs, rows, selection or scroll of the one before.
  return (
    <div key={screensKey} className={`app-shell${profileDetail ? ' master-detail' : ''}`}>
      {shownTab && (
        // The page's main landmark while a tab is the page; under a route page (hidden, or the
        // master of master-detail) that page's <main> is. An attribute, not another element, so
        // the kept-alive tabs are never remounted.
        <div
          className={`tabs-pane${tab ? '' : ' tabs-pane--master'}`}
          hidden={!tabsKey}
          role={tab ? 'main' : undefined}
        >
          <KeepAliveTabs active={shownTab} pages={tabPages} />
        </div>
      )}
      {!tab && (
        <main className="route-pane">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      )}
      {tab && (TabBar ? <TabBar /> : <div className="tab-bar-placeholder" />)}
    </div>
  );
});
