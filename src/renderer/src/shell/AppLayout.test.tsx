import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppRoute, AppRouter, memoryHistory } from '@renderer/router/appRouter';
import { AppRouterProvider } from '@renderer/router/AppRouterProvider';
import { routes } from '@renderer/router/routes';
import { StoresProvider } from '@renderer/stores/StoresContext';
import { fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { AppLayout } from './AppLayout';
import type { TabPages } from './tabs';

/**
 * The shell under test holds stand-ins for the tab pages, as the router hands it the real ones:
 * what it keeps alive shows, without loading three features' code the test does not look at.
 */
const TAB_PAGES: TabPages = {
  home: () => <h1>Home page</h1>,
  bill: () => <h1>Bill page</h1>,
  profile: () => <h1>Profile page</h1>,
};

/** The app's routes (every route page, the catch-all) under the shell with those tab pages. */
const shellRoutes: AppRoute[] = routes.map((route) => ({
  ...route,
  Component: () => <AppLayout tabPages={TAB_PAGES} />,
}));

const user = testBorrower();

function renderApp(path: string) {
  const t = createTestRoot({
    transport: fakeTransport({ userInfo: ok(user), unread: ok([]) }),
    start: path,
  });
  t.root.user.setUser(user);
  const router = new AppRouter(shellRoutes, memoryHistory(path));
  render(
    <StoresProvider root={t.root}>
      <AppRouterProvider router={router} />
    </StoresProvider>,
  );
  return { ...t, router };
}

afterEach(cleanup);

describe('the shell', () => {
  it('shows the Loading page until startup finishes, then the tabs', async () => {
    const { root } = renderApp('/');
    expect(screen.getByRole('heading', { name: 'Loading' })).toBeTruthy();
    await act(() => root.session.start('/'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Loan', 'Bill', 'Profile']);
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('keeps visited tabs alive and shows a red dot on Profile for unread items', async () => {
    const { root } = renderApp('/');
    await act(() => root.session.start('/'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByTestId('profile-red-dot')).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Bill' }));
    expect(await screen.findByRole('heading', { name: 'Bill page' })).toBeTruthy();
    // Home's page stays mounted, hidden.
    const home = document.querySelector('[data-tab="home"]') as HTMLElement;
    expect(home.hidden).toBe(true);
    expect(within(home).getByRole('heading', { name: 'Home page', hidden: true })).toBeTruthy();
    act(() => root.user.setUnread(['Message']));
    expect(screen.getByTestId('profile-red-dot')).toBeTruthy();
    act(() => root.user.setUnread(['KYC']));
    expect(screen.queryByTestId('profile-red-dot')).toBeNull();
  });

  it('shows a non-tab page without the tab bar, and the catch-all for unknown paths', async () => {
    const { root } = renderApp('/no/such/page');
    await act(() => root.session.start('/no/such/page'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
