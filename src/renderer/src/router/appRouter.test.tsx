// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigating } from '@renderer/lib/navigating';
import { StoresProvider } from '@renderer/stores/StoresContext';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { type AppRoute, AppRouter, type LazyPage, memoryHistory } from './appRouter';
import { AppRouterProvider } from './AppRouterProvider';

afterEach(cleanup);

/** A screen's chunk that arrives (or fails) when the test says so. */
function gate() {
  let open: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  let loading: Promise<void> | undefined;
  let loaded = false;
  const page: LazyPage = {
    load: () =>
      (loading ??= new Promise<void>((resolve, reject) => {
        open = resolve;
        fail = reject;
      }).then(() => {
        loaded = true;
      })),
    get loaded() {
      return loaded;
    },
  };
  return { page, open: () => open(), fail: (error: unknown) => fail(error) };
}

function Shell() {
  const navigating = useNavigating();
  return (
    <div>
      <p data-testid="navigating">{String(navigating)}</p>
      <Link to="/slow">Slow</Link>
      <Link to="/doc/terms">Terms</Link>
      <Outlet />
    </div>
  );
}

function Doc() {
  const { file } = useParams();
  if (file === 'broken') throw new Error('render bug');
  return <h1>Doc {file}</h1>;
}

function setup(start: string, page: LazyPage, basename = '/') {
  const routes: AppRoute[] = [
    {
      path: '/',
      Component: Shell,
      children: [
        { index: true, Component: () => <h1>Home</h1> },
        { path: 'slow', Component: () => <h1>Slow</h1>, page },
        { path: 'doc/:file', Component: Doc },
      ],
    },
  ];
  const history = memoryHistory(start);
  const router = new AppRouter(routes, history, basename);
  const t = createTestRoot();
  render(
    <StoresProvider root={t.root}>
      <AppRouterProvider router={router} />
    </StoresProvider>,
  );
  return { router, history, ...t };
}

describe('the app router', () => {
  it('keeps the screen and the URL until the next screen’s code is in, saying it is navigating', async () => {
    const slow = gate();
    const { router, history } = setup('/', slow.page);
    expect(screen.getByRole('heading').textContent).toBe('Home');
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByRole('heading').textContent).toBe('Home');
    expect(screen.getByTestId('navigating').textContent).toBe('true');
    expect(history.location().pathname).toBe('/');
    await act(async () => slow.open());
    expect(screen.getByRole('heading').textContent).toBe('Slow');
    expect(screen.getByTestId('navigating').textContent).toBe('false');
    expect(history.location().pathname).toBe('/slow');
    expect(router.state.location.pathname).toBe('/slow');
  });

  it('drops a waiting navigation for a newer one', async () => {
    const slow = gate();
    const { router } = setup('/', slow.page);
    act(() => router.navigate('/slow'));
    act(() => router.navigate('/doc/terms'));
    expect(screen.getByRole('heading').textContent).toBe('Doc terms');
    await act(async () => slow.open());
    expect(screen.getByRole('heading').textContent).toBe('Doc terms');
    expect(router.state.navigating).toBe(false);
  });

  it('shows the Loading page until the first screen’s code is in', async () => {
    const slow = gate();
    const { router } = setup('/slow', slow.page);
    expect(screen.getByRole('heading', { name: 'Loading' })).toBeTruthy();
    expect(router.state.navigating).toBe(true);
    await act(async () => slow.open());
    expect(screen.getByRole('heading').textContent).toBe('Slow');
  });

  it('shows the crash page for a screen that failed, and leaves it on Back', async () => {
    const slow = gate();
    const { router, history, reported } = setup('/', slow.page);
    act(() => router.navigate('/slow'));
    const bug = new ReferenceError('x is not defined');
    await act(async () => {
      slow.fail(bug);
      await Promise.resolve();
    });
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(reported).toContain(bug);
    expect(router.state.location.pathname).toBe('/slow');
    await act(async () => history.go(-1));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('shows the crash page for a screen that throws while rendering, until another location', async () => {
    const { router } = setup('/doc/broken', gate().page);
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    act(() => router.navigate('/doc/terms'));
    expect(screen.getByRole('heading').textContent).toBe('Doc terms');
  });

  it('adds the deployment base to links and history, and strips it from the state', async () => {
    const slow = gate();
    const { router, history } = setup('/h5/doc/a', slow.page, '/h5');
    expect(screen.getByRole('heading').textContent).toBe('Doc a');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/h5/doc/terms');
    await userEvent.click(screen.getByRole('link', { name: 'Terms' }));
    expect(history.location().pathname).toBe('/h5/doc/terms');
    expect(router.state.location.pathname).toBe('/doc/terms');
    act(() => router.navigate('/', { replace: true }));
    expect(history.location().pathname).toBe('/h5');
    expect(screen.getByRole('heading').textContent).toBe('Home');
  });

  it('animates what asked for it, and Back over it', async () => {
    const { router, history } = setup('/', gate().page);
    const animated: boolean[] = [];
    router.subscribe((_state, change) => {
      if (!change.urgent) animated.push(change.viewTransition);
    });
    act(() => router.navigate('/doc/a', { viewTransition: true }));
    act(() => router.navigate('/doc/b'));
    await act(async () => history.go(-1));
    await act(async () => history.go(-1));
    expect(animated).toEqual([true, false, false, true]);
  });
});
