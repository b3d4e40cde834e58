// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, resilientLoad } from './chunkLoad';

const fetchFailure = new TypeError(
  'Failed to fetch dynamically imported module: https://h5/assets/BillScreen-x.js',
);

afterEach(cleanup);

describe('chunk loading', () => {
  it('knows the fetch failures of Chromium, Safari and Firefox from other errors', () => {
    expect(isChunkLoadError(fetchFailure)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new ReferenceError('x is not defined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
  });

  it('answers the offline screen for a chunk that cannot be fetched', async () => {
    const load = resilientLoad(() => Promise.reject(fetchFailure));
    const { default: Screen } = await load();
    render(<Screen />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded|disconnected/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('back online before the stand-in mounted (Firefox): the screen loads without a tap', async () => {
    let fails = 1;
    const load = resilientLoad(() =>
      fails-- > 0
        ? Promise.reject(fetchFailure)
        : Promise.resolve({ default: () => <p>Bill screen</p> }),
    );
    const { default: Screen } = await load();
    render(<Screen />);
    expect(await screen.findByText('Bill screen')).toBeTruthy();
  });

  it('a quiet try that fails again keeps the failure on screen, with Retry', async () => {
    const load = resilientLoad(() => Promise.reject(fetchFailure));
    const { default: Screen } = await load();
    render(<Screen />);
    const retry = screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(retry.disabled).toBe(false));
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('lets a screen that throws for another reason reach the crash page', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(resilientLoad(() => Promise.reject(bug))()).rejects.toBe(bug);
  });
});
