import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { StoresProvider } from '../stores/StoresContext';
import { createTestRoot } from '../test/testRoot';
import TabBar from './TabBar';

afterEach(cleanup);

it('locks the tab links while a route change is in progress', async () => {
  const { root } = createTestRoot();
  let finish: () => void = () => {};
  const slow = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/', Component: TabBar },
      { path: '/bill', Component: TabBar },
      { path: '/slow', loader: () => slow, Component: TabBar },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <StoresProvider root={root}>
      <RouterProvider router={router} />
    </StoresProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const bill = within(nav).getByRole('link', { name: 'Bill' });
  expect(bill.getAttribute('aria-disabled')).toBeNull();

  act(() => void router.navigate('/slow'));
  expect(bill.getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(bill, { pointerEventsCheck: 0 });
  expect(router.state.navigation.location?.pathname).toBe('/slow');

  await act(async () => {
    finish();
    await slow;
  });
  expect(router.state.location.pathname).toBe('/slow');
  expect(bill.getAttribute('aria-disabled')).toBeNull();
  await userEvent.click(bill);
  expect(router.state.location.pathname).toBe('/bill');
});
