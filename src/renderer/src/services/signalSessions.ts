/**
 * The SPA's Signal sessions in IndexedDB (src/shared/transport/sessionCache.ts), one entry per API
 * host, so a borrower who opens the app again goes on with the session instead of shaking hands
 * (DESIGN.md §5). Loaded with the API client, never on the boot path. A read that is not a saved
 * session is ignored (a handshake follows); the client resumes only sessions of its own device.
 *
 * IndexedDB can stop answering for good (WebKitGTK, after a page left while it was writing: every
 * later open hangs, across reloads). A step that takes longer than `IDB_TIMEOUT_MS` counts as no
 * cache for the rest of the page: the client shakes hands and goes on, never waits forever.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { SessionCache } from '@shared/transport/sessionCache';
import { isSavedSession } from '@shared/transport/sessionCache';

const DATABASE = 'dl-signal';
const STORE = 'sessions';
/**
 * localStorage marks the hosts with a saved session: a first open (nothing saved) shakes hands
 * at once instead of waiting for IndexedDB to be created and read (≈ 60 ms at 4× CPU).
 */
const markOf = (host: string) => `dl.signalSession.${host}`;

/** Longer than IndexedDB's slowest healthy open on a slow phone (≈ 60 ms at 4× CPU), by far. */
export const IDB_TIMEOUT_MS = 2_000;

/** Settles with `fallback` when `step` has not settled within `ms`. */
function within<T>(step: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(onTimeout()), ms);
    step.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The IndexedDB session cache, or undefined where the page has no IndexedDB. */
export function indexedDbSessionCache(
  marks: Storage | null = localStorageOrNull(),
  timeoutMs = IDB_TIMEOUT_MS,
): SessionCache | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let store: UseStore | undefined;
  /** IndexedDB stopped answering once: nothing more is asked of it in this page. */
  let stuck = false;
  const db = () => {
    store ??= createStore(DATABASE, STORE);
    return store;
  };
  const timedOut =
    <T>(fallback: T) =>
    () => {
      stuck = true;
      return fallback;
    };
  const marked = (host: string) => marks === null || marks.getItem(markOf(host)) !== null;
  return {
    async load(host) {
      if (stuck || !marked(host)) return null;
      const value: unknown = await within(get(host, db()), timeoutMs, timedOut(undefined));
      return isSavedSession(value) ? value : null;
    },
    async save(host, session) {
      if (stuck) return;
      const saved = await within(
        set(host, session, db()).then(() => true),
        timeoutMs,
        timedOut(false),
      );
      if (saved) marks?.setItem(markOf(host), '1');
    },
    async drop(host) {
      marks?.removeItem(markOf(host));
      if (stuck) return;
      await within(del(host, db()), timeoutMs, timedOut(undefined));
    },
  };
}

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
