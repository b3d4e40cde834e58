// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, resilientLoad } from './chunkLoad';

const fetchFailure = new TypeError(
  'Failed to fetch dynamically imported module: https://h5/assets/BillScreen-x.js',
);

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

  it('lets a screen that throws for another reason reach the crash page', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(resilientLoad(() => Promise.reject(bug))()).rejects.toBe(bug);
  });
});
