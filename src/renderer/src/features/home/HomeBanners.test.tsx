import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Advertisement } from '@shared/api/entities';
import { HomeBanners } from './HomeBanners';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Longer than any idle wait of lib/idle.ts (its timeout fallback and its deadline). */
const PAST_IDLE_MS = 2500;

const banner = (id: number): Advertisement => ({
  id,
  type: 1,
  link: `/event/${id}`,
  picUrl: `/media/ads/banner-${id}.svg`,
});

it('paints the first banner at once and the carousel once Home is ready and idle', async () => {
  vi.useFakeTimers();
  const opened: number[] = [];
  const banners = [banner(1), banner(2)];
  const { rerender } = render(
    <HomeBanners banners={banners} ready={false} onOpen={(b) => opened.push(b.id)} />,
  );
  expect(screen.getAllByAltText('Advertisement')).toHaveLength(1);
  screen.getByRole('button').click();
  expect(opened).toEqual([1]);
  await act(() => vi.advanceTimersByTimeAsync(PAST_IDLE_MS));
  // Not ready: still the one picture, no carousel fetched.
  expect(screen.getAllByAltText('Advertisement')).toHaveLength(1);

  rerender(<HomeBanners banners={banners} ready onOpen={(b) => opened.push(b.id)} />);
  await act(() => vi.advanceTimersByTimeAsync(PAST_IDLE_MS));
  // Idle came: what is left is the carousel chunk's import, a condition and not a clock.
  vi.useRealTimers();
  await waitFor(() => expect(screen.getAllByAltText('Advertisement').length).toBeGreaterThan(1), {
    timeout: 15_000,
  });
  expect(screen.getByLabelText('Banners')).toBeTruthy();
});

it('shows nothing without banners', () => {
  const onOpen = vi.fn();
  const { container } = render(<HomeBanners banners={[]} ready onOpen={onOpen} />);
  expect(container.innerHTML).toBe('');
});
