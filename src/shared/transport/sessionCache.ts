/**
 * Where the API client keeps its Signal sessions between page loads (DESIGN.md §5): a warm start
 * resumes the session instead of shaking hands again. The SPA keeps them in IndexedDB
 * (src/renderer/src/services/signalSessions.ts); tests use the in-memory one. A session is bound
 * to the device it was made for: the client resumes it only for the same deviceId.
 */
import type { ApiHost } from '@shared/api/endpoints';
import type { StoreSnapshot } from './store';

export interface SavedSession {
  sid: string;
  deviceId: string;
  store: StoreSnapshot;
  /** Epoch ms of the save. */
  savedAt: number;
  /** Server clock minus the device's when saved: a resumed session's first `ts` is on time. */
  clockOffset?: number;
}

export interface SessionCache {
  load(host: ApiHost): Promise<SavedSession | null>;
  save(host: ApiHost, session: SavedSession): Promise<void>;
  drop(host: ApiHost): Promise<void>;
}

/** True when `value` has the shape of a saved session (what a cache read back is checked with). */
export function isSavedSession(value: unknown): value is SavedSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<SavedSession>;
  const store = v.store as Partial<StoreSnapshot> | undefined;
  return (
    typeof v.sid === 'string' &&
    typeof v.deviceId === 'string' &&
    typeof v.savedAt === 'number' &&
    (v.clockOffset === undefined || Number.isFinite(v.clockOffset)) &&
    !!store &&
    typeof store.registrationId === 'number' &&
    typeof store.identity?.pubKey === 'string' &&
    typeof store.identity?.privKey === 'string' &&
    (store.pinned === null || typeof store.pinned === 'string') &&
    !!store.sessions &&
    typeof store.sessions === 'object'
  );
}

/** Sessions kept in memory (tests, and a second client standing for the same page reloaded). */
export class MemorySessionCache implements SessionCache {
  readonly saved = new Map<ApiHost, SavedSession>();
  async load(host: ApiHost): Promise<SavedSession | null> {
    const saved = this.saved.get(host);
    // A copy, as a real store would read back.
    return saved ? (JSON.parse(JSON.stringify(saved)) as SavedSession) : null;
  }
  async save(host: ApiHost, session: SavedSession): Promise<void> {
    this.saved.set(host, JSON.parse(JSON.stringify(session)) as SavedSession);
  }
  async drop(host: ApiHost): Promise<void> {
    this.saved.delete(host);
  }
}
