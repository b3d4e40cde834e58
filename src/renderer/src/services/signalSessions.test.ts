import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDB_TIMEOUT_MS, indexedDbSessionCache } from './signalSessions';

afterEach(() => {
  vi.useRealTimers();
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

  it('an IndexedDB that never answers costs one timeout, then a handshake (WebKitGTK)', async () => {
    vi.useFakeTimers();
    // An open request whose events never fire: what a stuck IndexedDB does.
    const open = vi.fn(() => ({}));
    vi.stubGlobal('indexedDB', { open });
    window.localStorage.setItem('dl.signalSession.main', '1');
    const cache = indexedDbSessionCache(window.localStorage);
    const loading = cache?.load('main');
    await vi.advanceTimersByTimeAsync(IDB_TIMEOUT_MS);
    await expect(loading).resolves.toBeNull();
    // Stuck for the page: nothing more waits on it, and no session is marked as saved.
    window.localStorage.removeItem('dl.signalSession.main');
    await expect(cache?.save('main', {} as never)).resolves.toBeUndefined();
    await expect(cache?.load('main')).resolves.toBeNull();
    expect(window.localStorage.getItem('dl.signalSession.main')).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
