import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexedDbSessionCache } from './signalSessions';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the SPA’s session cache', () => {
  it('is absent where the page has no IndexedDB (the client then shakes hands every time)', () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(indexedDbSessionCache(window.localStorage)).toBeUndefined();
  });

  it('a first open (nothing saved) does not wait for IndexedDB at all', async () => {
    const open = vi.fn(() => {
      throw new Error('IndexedDB must not be opened for a first open');
    });
    vi.stubGlobal('indexedDB', { open });
    const cache = indexedDbSessionCache(window.localStorage);
    await expect(cache?.load('main')).resolves.toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
