/**
 * The SPA's Signal sessions in IndexedDB (src/shared/transport/sessionCache.ts), one entry per API
 * host, so a borrower who opens the app again goes on with the session instead of shaking hands
 * (DESIGN.md §5). Loaded with the API client, never on the boot path. A read that is not a saved
 * session is ignored (a handshake follows); the client resumes only sessions of its own device.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { SessionCache } from '../../../shared/transport/sessionCache';
import { isSavedSession } from '../../../shared/transport/sessionCache';

const DATABASE = 'dl-signal';
const STORE = 'sessions';
/**
 * localStorage marks the hosts with a saved session: a first open (nothing saved) shakes hands
 * at once instead of waiting for IndexedDB to be created and read (≈ 60 ms at 4× CPU).
 */
const markOf = (host: string) => `dl.signalSession.${host}`;

/** The IndexedDB session cache, or undefined where the page has no IndexedDB. */
export function indexedDbSessionCache(
  marks: Storage | null = localStorageOrNull(),
): SessionCache | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let store: UseStore | undefined;
  const db = () => {
    store ??= createStore(DATABASE, STORE);
    return store;
  };
  const marked = (host: string) => marks === null || marks.getItem(markOf(host)) !== null;
  return {
    async load(host) {
      if (!marked(host)) return null;
      const value: unknown = await get(host, db());
      return isSavedSession(value) ? value : null;
    },
    async save(host, session) {
      await set(host, session, db());
      marks?.setItem(markOf(host), '1');
    },
    async drop(host) {
      marks?.removeItem(markOf(host));
      await del(host, db());
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
