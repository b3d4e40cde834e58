import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PullRefresh } from './PullRefresh';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A finger from y=100 down by `distance` px in 10 px steps, left on the screen. */
function pull(target: Element, distance: number) {
  fireEvent.touchStart(target, { touches: [{ clientY: 100 }] });
  for (let moved = 10; moved <= distance; moved += 10) {
    fireEvent.touchMove(target, { touches: [{ clientY: 100 + moved }] });
  }
}

it('says what a pull will do, refreshes once past the threshold, then says it is done', async () => {
  vi.useFakeTimers();
  let finish: () => void = () => {};
  const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(
    <PullRefresh onRefresh={onRefresh}>
      <p>Home</p>
    </PullRefresh>,
  );
  const page = screen.getByText('Home');
  pull(page, 60);
  expect(screen.getByRole('status').textContent).toBe('Pull down to refresh');
  pull(page, 200);
  expect(screen.getByRole('status').textContent).toBe('Release to refresh');
  await act(async () => {
    fireEvent.touchEnd(page);
  });
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  expect(onRefresh).toHaveBeenCalledTimes(1);
  await act(async () => finish());
  expect(screen.getByRole('status').textContent).toBe('Refreshed');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
  expect(screen.getByRole('status').textContent).toBe('');
});

it('a short pull, or one on a scrolled page, refreshes nothing', async () => {
  const onRefresh = vi.fn(async () => undefined);
  render(
    <PullRefresh onRefresh={onRefresh}>
      <p>Bill</p>
    </PullRefresh>,
  );
  const page = screen.getByText('Bill');
  pull(page, 100);
  await act(async () => {
    fireEvent.touchEnd(page);
  });
  expect(onRefresh).not.toHaveBeenCalled();
  expect(screen.getByRole('status').textContent).toBe('');

  const scrolled = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollTop', { value: y, configurable: true });
  };
  scrolled(300);
  pull(page, 200);
  await act(async () => {
    fireEvent.touchEnd(page);
  });
  expect(onRefresh).not.toHaveBeenCalled();
  scrolled(0);
});

it('a failed refresh still settles the gesture', async () => {
  const onRefresh = vi.fn(async () => {
    throw new Error('offline');
  });
  render(
    <PullRefresh onRefresh={onRefresh}>
      <p>Profile</p>
    </PullRefresh>,
  );
  const page = screen.getByText('Profile');
  pull(page, 200);
  await act(async () => {
    fireEvent.touchEnd(page);
  });
  expect(screen.getByRole('status').textContent).toBe('Refreshed');
});
