import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { AppRouter, memoryHistory } from '@renderer/router/appRouter';
import { AppRouterProvider } from '@renderer/router/AppRouterProvider';
import { StoresProvider } from '@renderer/stores/StoresContext';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import TabBar from './TabBar';

afterEach(cleanup);

it('locks the tab links while a route change waits for its screen', async () => {
  const { root } = createTestRoot();
  let finish: () => void = () => {};
  const slow = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let loaded = false;
  const slowPage = {
    load: () =>
      slow.then(() => {
        loaded = true;
      }),
    get loaded() {
      return loaded;
    },
  };
  const router = new AppRouter(
    [
      { path: '/', Component: TabBar },
      { path: '/bill', Component: TabBar },
      { path: '/slow', Component: TabBar, page: slowPage },
    ],
    memoryHistory('/'),
  );
  render(
    <StoresProvider root={root}>
      <AppRouterProvider router={router} />
    </StoresProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const bill = within(nav).getByRole('link', { name: 'Bill' });
  expect(bill.getAttribute('aria-disabled')).toBeNull();

  act(() => router.navigate('/slow'));
  expect(bill.getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(bill, { pointerEventsCheck: 0 });
  expect(router.state.location.pathname).toBe('/');

  await act(async () => {
    finish();
    await slow;
  });
  expect(router.state.location.pathname).toBe('/slow');
  expect(bill.getAttribute('aria-disabled')).toBeNull();
  await userEvent.click(bill);
  expect(router.state.location.pathname).toBe('/bill');
});
