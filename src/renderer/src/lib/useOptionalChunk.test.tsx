import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useOptionalChunk } from './useOptionalChunk';

afterEach(cleanup);

function Carousel() {
  return <p>carousel</p>;
}

it('a chunk that fails offline leaves the page as it is and loads when the network is back', async () => {
  let online = false;
  let attempts = 0;
  const load = async () => {
    attempts += 1;
    if (!online) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Carousel };
  };
  function Page() {
    const Loaded = useOptionalChunk(load);
    return Loaded ? <Loaded /> : <p>still banner</p>;
  }
  render(<Page />);
  await act(async () => {});
  expect(screen.getByText('still banner')).toBeTruthy();
  expect(attempts).toBe(1);

  online = true;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.getByText('carousel')).toBeTruthy();
  expect(attempts).toBe(2);
});

it('loads nothing until it is wanted', async () => {
  let attempts = 0;
  const load = async () => {
    attempts += 1;
    return { default: Carousel };
  };
  function Page({ wanted }: { wanted: boolean }) {
    const Loaded = useOptionalChunk(load, wanted);
    return Loaded ? <Loaded /> : <p>nothing yet</p>;
  }
  const { rerender } = render(<Page wanted={false} />);
  await act(async () => {});
  expect(attempts).toBe(0);
  rerender(<Page wanted />);
  await act(async () => {});
  expect(screen.getByText('carousel')).toBeTruthy();
});
