import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Advertisement } from '../../../../shared/api/entities';
import { HomeBanners } from './HomeBanners';

afterEach(cleanup);

const banner = (id: number): Advertisement => ({
  id,
  type: 1,
  link: `/event/${id}`,
  picUrl: `/media/ads/banner-${id}.svg`,
});

it('paints the first banner at once and the carousel once Home is ready and idle', async () => {
  const opened: number[] = [];
  const banners = [banner(1), banner(2)];
  const { rerender } = render(
    <HomeBanners banners={banners} ready={false} onOpen={(b) => opened.push(b.id)} />,
  );
  expect(screen.getAllByAltText('Banner')).toHaveLength(1);
  screen.getByRole('button').click();
  expect(opened).toEqual([1]);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  // Not ready: still the one picture, no carousel fetched.
  expect(screen.getAllByAltText('Banner')).toHaveLength(1);

  rerender(<HomeBanners banners={banners} ready onOpen={(b) => opened.push(b.id)} />);
  await waitFor(() => expect(screen.getAllByAltText('Banner').length).toBeGreaterThan(1), {
    timeout: 3000,
  });
  expect(screen.getByLabelText('Banners')).toBeTruthy();
});

it('shows nothing without banners', () => {
  const onOpen = vi.fn();
  const { container } = render(<HomeBanners banners={[]} ready onOpen={onOpen} />);
  expect(container.innerHTML).toBe('');
});
