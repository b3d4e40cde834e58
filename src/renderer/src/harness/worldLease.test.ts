import { describe, expect, it } from 'vitest';
import { claimTabWorld, sayWhenLeaving, type WorldLocks } from './worldLease';

/** The browser's lock manager: a lock is held until the page holding it goes. */
class LockManager {
  private readonly holders = new Map<string, Page>();
  private readonly waiting: { name: string; page: Page; grant(): void }[] = [];
  private readonly rejectors = new Map<string, (error: unknown) => void>();

  page(): Page {
    return new Page(this);
  }

  request(
    page: Page,
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: () => unknown,
  ) {
    return new Promise<unknown>((_resolve, reject) => {
      const grant = () => {
        this.holders.set(name, page);
        this.rejectors.set(name, reject);
        callback();
      };
      if (options.steal) {
        // The Web Locks API: the holder's request rejects with an AbortError, the stealer holds.
        this.rejectors.get(name)?.(new DOMException('stolen', 'AbortError'));
        return grant();
      }
      if (!this.holders.has(name)) return grant();
      const waiter = { name, page, grant };
      this.waiting.push(waiter);
      options.signal?.addEventListener('abort', () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }

  holder(name: string): Page | undefined {
    return this.holders.get(name);
  }

  release(page: Page): void {
    for (const [name, holder] of [...this.holders]) {
      if (holder !== page) continue;
      this.holders.delete(name);
      const next = this.waiting.findIndex((w) => w.name === name);
      if (next >= 0) this.waiting.splice(next, 1)[0]?.grant();
    }
  }
}

class Page {
  readonly locks: WorldLocks;
  constructor(private readonly manager: LockManager) {
    this.locks = {
      request: (name, options, callback) => manager.request(this, name, options, callback),
    };
  }
  /** Reload, close or navigation: the browser lets go of its locks. */
  gone(): void {
    this.manager.release(this);
  }
}

function tabStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
    clear: () => values.clear(),
    key: (i: number) => [...values.keys()][i] ?? null,
    get length() {
      return values.size;
    },
  };
}

const KEY = 'directLoanSimulator.world';

describe('claimTabWorld', () => {
  it('keeps the world across a reload and gives a copied tab a world of its own', async () => {
    const browser = new LockManager();
    const storage = tabStorage();
    const first = browser.page();
    const claim = (page: Page, store: Storage) =>
      claimTabWorld({ storage: store, key: KEY, locks: page.locks, opened: false, waitMs: 50 });

    const opened = await claim(first, storage);
    expect(opened.copiedFrom).toBeNull();
    expect(storage.getItem(KEY)).toBe(opened.world);

    // F5: the old document goes, the new one finds the world free.
    first.gone();
    const reloaded = browser.page();
    expect(await claim(reloaded, storage)).toEqual({ world: opened.world, copiedFrom: null });

    // Duplicate tab / window.open: Chrome copies sessionStorage while the original still lives.
    const copiedStorage = tabStorage();
    copiedStorage.setItem(KEY, opened.world);
    const copy = await claim(browser.page(), copiedStorage);
    expect(copy.world).not.toBe(opened.world);
    expect(copy.copiedFrom).toBe(opened.world);
    expect(copiedStorage.getItem(KEY)).toBe(copy.world);
  });

  it('waits for the previous document of the tab to let go', async () => {
    const browser = new LockManager();
    const storage = tabStorage();
    const first = browser.page();
    const opened = await claimTabWorld({ storage, key: KEY, locks: first.locks, opened: false });
    const claiming = claimTabWorld({
      storage,
      key: KEY,
      locks: browser.page().locks,
      opened: false,
      waitMs: 1000,
    });
    first.gone();
    expect(await claiming).toEqual({ world: opened.world, copiedFrom: null });
  });

  it('without Web Locks, treats a page opened by another as its copy', async () => {
    const storage = tabStorage();
    storage.setItem(KEY, 'w-kept');
    const base = { storage, key: KEY, locks: undefined };
    expect(await claimTabWorld({ ...base, opened: false })).toEqual({
      world: 'w-kept',
      copiedFrom: null,
    });
    const copy = await claimTabWorld({ ...base, opened: true });
    expect(copy.copiedFrom).toBe('w-kept');
    expect(copy.world).not.toBe('w-kept');
  });

  it('takes its world back at F5 from another page of the origin that queued for it', async () => {
    const browser = new LockManager();
    const storage = tabStorage();
    const first = browser.page();
    const claim = (page: Page) =>
      claimTabWorld({ storage, key: KEY, locks: page.locks, opened: false, waitMs: 50 });
    const { world } = await claim(first);
    // Any page of the origin can read the lock's name (navigator.locks.query) and queue for it.
    const other = browser.page();
    const queued = other.locks.request(
      `directLoanSimulator.world.${world}`,
      {},
      () => new Promise(() => undefined),
    );
    queued.catch(() => undefined);
    // F5: the leaving document says so in the tab's own sessionStorage; the other page is
    // granted the lock as the old document lets go.
    const pagehide = new EventTarget();
    sayWhenLeaving(pagehide as unknown as Window, storage, KEY, world);
    pagehide.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    first.gone();
    expect(browser.holder(`directLoanSimulator.world.${world}`)).toBe(other);

    const reloaded = browser.page();
    expect(await claim(reloaded)).toEqual({ world, copiedFrom: null, tookBack: true });
    expect(browser.holder(`directLoanSimulator.world.${world}`)).toBe(reloaded);
    await expect(queued).rejects.toThrow('stolen');
    // The word was for that one document: a copy made later is still a copy.
    const copy = await claimTabWorld({
      storage,
      key: KEY,
      locks: browser.page().locks,
      opened: false,
      waitMs: 50,
    });
    expect(copy.copiedFrom).toBe(world);
  });

  it('says nothing when the page goes into the back-forward cache', () => {
    const storage = tabStorage();
    const target = new EventTarget();
    sayWhenLeaving(target as unknown as Window, storage, KEY, 'w-kept');
    target.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(storage.getItem(`${KEY}.leaving`)).toBeNull();
    target.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(storage.getItem(`${KEY}.leaving`)).toBe('w-kept');
  });
});
