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

/** The IndexedDB session cache, or undefined where the page has no IndexedDB. */
export function indexedDbSessionCache(): SessionCache | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let store: UseStore | undefined;
  const db = () => {
    store ??= createStore(DATABASE, STORE);
    return store;
  };
  return {
    async load(host) {
      const value: unknown = await get(host, db());
      return isSavedSession(value) ? value : null;
    },
    save: (host, session) => set(host, session, db()),
    drop: (host) => del(host, db()),
  };
}
