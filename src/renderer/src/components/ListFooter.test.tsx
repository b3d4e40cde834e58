import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ListFooter } from './ListFooter';

afterEach(cleanup);

it('a list whose load failed offline loads again by itself when the network is back', async () => {
  const loadMore = vi.fn(async () => undefined);
  render(<ListFooter count={0} hasMore={false} failed loadMore={loadMore} />);
  expect(screen.getByText(/Loading failed/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(loadMore).toHaveBeenCalledTimes(1);
});

it('a list that loaded does not reload on a network change', async () => {
  const loadMore = vi.fn(async () => undefined);
  render(<ListFooter count={3} hasMore={false} failed={false} loadMore={loadMore} />);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(loadMore).not.toHaveBeenCalled();
});
