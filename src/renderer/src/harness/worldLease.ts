/**
 * Which world this tab's phone is (DESIGN.md §6 "Worlds and admin access"). The world id is kept
 * in the tab's sessionStorage so F5 finds the same world — but Chrome copies sessionStorage into
 * a duplicated tab and into a `window.open` copy, and a copy that took the id over shared the
 * world: its scenario switch kicked the original out while the original's header still named the
 * old scenario.
 *
 * So a live tab holds its world: a Web Lock named after the world id, held for the page's life and
 * released by the browser when the page goes (reload, close, navigation). A page that finds the
 * lock held by a live tab is a copy and takes a world of its own; a reload waits a moment for its
 * previous document to let go and keeps the world.
 *
 * Lock names are no secret to the origin (`navigator.locks.query()` lists them), so any other page
 * of the harness's origin could queue for a tab's lock and be granted it the moment the tab
 * reloads: the tab would then have taken itself for a copy and left its world to that page. So a
 * document that leaves (`pagehide`, not into the back-forward cache) says so in the tab's own
 * sessionStorage, which no other tab can read or write; the next document of the tab finds that
 * word, knows it is the same tab, and takes its world back (`steal`) from whoever holds it.
 */
import { isWorldId, newWorldId } from '@shared/simWorld';

/** How long a page waits for the previous document of its tab to release the world. */
const RELEASE_WAIT_MS = 1500;

/** The part of `navigator.locks` the lease uses. */
export interface WorldLocks {
  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

export interface ClaimedWorld {
  world: string;
  /** The world of the tab this one is a copy of; null when it is not a copy. */
  copiedFrom: string | null;
  /** Another page of the origin held this tab's world when it reloaded: taken back from it. */
  tookBack?: boolean;
}

interface ClaimOptions {
  /** The tab's sessionStorage; null where the browser refuses it. */
  storage: Storage | null;
  /** The sessionStorage key the world id is kept under. */
  key: string;
  /** `navigator.locks`; undefined outside secure contexts. */
  locks: WorldLocks | undefined;
  /** Without locks: whether a page opened this one (`window.opener`), the only copy we can see. */
  opened: boolean;
  waitMs?: number;
}

const lockName = (world: string) => `directLoanSimulator.world.${world}`;
/** Where a leaving document of the tab names the world it held (see above). */
const leavingKey = (key: string) => `${key}.leaving`;

/** Holds the world's lock for the page's life; resolves false when a live tab holds it. */
function hold(locks: WorldLocks, world: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(), waitMs);
    locks
      .request(lockName(world), { signal: giveUp.signal }, () => {
        clearTimeout(timer);
        resolve(true);
        // Never settles: the browser releases the lock when this page goes.
        return new Promise(() => undefined);
      })
      .catch(() => resolve(false));
  });
}

/** Holds the world's lock at once, taking it from whichever page holds it now. */
function takeBack(locks: WorldLocks, world: string): Promise<void> {
  return new Promise((resolve) => {
    locks
      .request(lockName(world), { steal: true }, () => {
        resolve();
        return new Promise(() => undefined);
      })
      .catch(() => resolve());
  });
}

/** The world a leaving document of this tab named (read once: the word is for the next one). */
function takeLeaving(storage: Storage | null, key: string): string | null {
  try {
    const world = storage?.getItem(leavingKey(key)) ?? null;
    storage?.removeItem(leavingKey(key));
    return world;
  } catch {
    return null;
  }
}

/**
 * Has this page say, when it goes (reload, navigation, close), that its tab held `world`: for the
 * tab's next document only. A page kept in the back-forward cache is not leaving and says nothing.
 */
export function sayWhenLeaving(
  target: Pick<Window, 'addEventListener'>,
  storage: Storage | null,
  key: string,
  world: string,
): void {
  target.addEventListener('pagehide', (event) => {
    if (event.persisted) return;
    try {
      storage?.setItem(leavingKey(key), world);
    } catch {
      // No storage: the next document waits as before and may take itself for a copy.
    }
  });
}

function keep(storage: Storage | null, key: string, world: string): void {
  try {
    storage?.setItem(key, world);
  } catch {
    // A full or private storage: F5 then makes a new world, nothing worse.
  }
}

/** This page's world: the tab's own, or a fresh one for a new tab or a copy of another tab. */
export async function claimTabWorld(options: ClaimOptions): Promise<ClaimedWorld> {
  const { storage, key, locks } = options;
  const leaving = takeLeaving(storage, key);
  let kept: string | null = null;
  try {
    kept = storage?.getItem(key) ?? null;
  } catch {
    kept = null;
  }
  const fresh = async (copiedFrom: string | null): Promise<ClaimedWorld> => {
    const world = newWorldId();
    keep(storage, key, world);
    if (locks) await hold(locks, world, options.waitMs ?? RELEASE_WAIT_MS);
    return { world, copiedFrom };
  };
  if (!isWorldId(kept)) return fresh(null);
  if (!locks) return options.opened ? fresh(kept) : { world: kept, copiedFrom: null };
  const ours = await hold(locks, kept, options.waitMs ?? RELEASE_WAIT_MS);
  if (ours) return { world: kept, copiedFrom: null };
  // This tab's own document held it a moment ago: the holder is another page that queued for it.
  if (leaving === kept) {
    await takeBack(locks, kept);
    return { world: kept, copiedFrom: null, tookBack: true };
  }
  return fresh(kept);
}
