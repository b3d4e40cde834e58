/**
 * What makes the harness's phone frame behave like its own phone (DESIGN.md §6 "Worlds and admin
 * access"), installed in the frame's window before the SPA's first script:
 * - every request the app makes carries the phone's world (`x-sim-world`), so two tabs, two
 *   testers or two test workers on one mock server never share state — the SPA never knows;
 * - storage is namespaced per world and profile: the lender app, the FastPay wallet and the web
 *   are different apps on a phone, so switching profile never shows another app's token, and
 *   switching back finds that app's own state;
 * - "offline" fails fetch, XHR and beacons alike, as a phone without network does.
 */
import { WORLD_HEADER } from '@shared/simWorld';

type FrameWindow = Window & typeof globalThis;

/** A Storage that sees only the keys under `prefix` of `inner`, without the prefix. */
export class NamespacedStorage implements Storage {
  constructor(
    private readonly inner: Storage,
    private readonly prefix: string,
  ) {}

  private ownKeys(): string[] {
    const keys: string[] = [];
    for (let i = 0; i < this.inner.length; i += 1) {
      const key = this.inner.key(i);
      if (key?.startsWith(this.prefix)) keys.push(key.slice(this.prefix.length));
    }
    return keys;
  }

  get length(): number {
    return this.ownKeys().length;
  }

  key(index: number): string | null {
    return this.ownKeys()[index] ?? null;
  }

  getItem(key: string): string | null {
    return this.inner.getItem(this.prefix + String(key));
  }

  setItem(key: string, value: string): void {
    this.inner.setItem(this.prefix + String(key), String(value));
  }

  removeItem(key: string): void {
    this.inner.removeItem(this.prefix + String(key));
  }

  clear(): void {
    for (const key of this.ownKeys()) this.inner.removeItem(this.prefix + key);
  }
}

/** The storage namespace of one app on one phone. */
export function storagePrefix(world: string, profile: string): string {
  return `dlsim:${world}:${profile}:`;
}

/** localStorage, sessionStorage and IndexedDB names of the frame under `prefix`. */
export function installStorageNamespace(frame: FrameWindow, prefix: string): void {
  const local = new NamespacedStorage(frame.localStorage, prefix);
  const session = new NamespacedStorage(frame.sessionStorage, prefix);
  Object.defineProperty(frame, 'localStorage', { configurable: true, get: () => local });
  Object.defineProperty(frame, 'sessionStorage', { configurable: true, get: () => session });
  const idb = frame.indexedDB;
  if (idb) {
    const scoped = {
      open: (name: string, version?: number) => idb.open(prefix + name, version),
      deleteDatabase: (name: string) => idb.deleteDatabase(prefix + name),
      cmp: (a: unknown, b: unknown) => idb.cmp(a, b),
      databases: async () =>
        (await idb.databases())
          .filter((db) => db.name?.startsWith(prefix))
          .map((db) => ({ ...db, name: db.name?.slice(prefix.length) })),
    };
    Object.defineProperty(frame, 'indexedDB', { configurable: true, get: () => scoped });
  }
}

/** The frame's network as the harness controls it. */
interface PhoneNetwork {
  setOnline(online: boolean): void;
}

/**
 * Routes every fetch and XHR of the frame to the phone's world and fails them while offline;
 * `navigator.onLine` and the online/offline events follow. Beacons cannot carry a header, so they
 * go as keepalive fetches (what a beacon is underneath).
 */
export function installPhoneNetwork(
  frame: FrameWindow,
  world: string,
  initiallyOnline: boolean,
  /** `?mock=`: another mock server, whose own app-config.json the app then uses. */
  mockOrigin?: string,
): PhoneNetwork {
  let online = initiallyOnline;
  Object.defineProperty(frame.navigator, 'onLine', { configurable: true, get: () => online });

  const realFetch = frame.fetch.bind(frame);
  const offlineError = () => new frame.TypeError('Failed to fetch');
  frame.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (!online) return frame.Promise.reject(offlineError());
    let request = new frame.Request(input, init);
    const url = new URL(request.url);
    if (
      mockOrigin &&
      url.origin === frame.location.origin &&
      url.pathname.endsWith('/app-config.json')
    ) {
      request = new frame.Request(`${mockOrigin}/app-config.json`, { cache: 'no-store' });
    }
    const headers = new frame.Headers(request.headers);
    headers.set(WORLD_HEADER, world);
    return realFetch(new frame.Request(request, { headers }));
  };

  const xhr = frame.XMLHttpRequest.prototype;
  const realOpen = xhr.open;
  const realSend = xhr.send;
  xhr.open = function open(this: XMLHttpRequest, ...args: unknown[]) {
    (realOpen as (...a: unknown[]) => void).apply(this, args);
    this.setRequestHeader(WORLD_HEADER, world);
  } as typeof xhr.open;
  xhr.send = function send(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (online) return realSend.call(this, body);
    // What a phone without network shows the page: an error event, status 0.
    frame.setTimeout(() => {
      this.dispatchEvent(new frame.ProgressEvent('error'));
      this.dispatchEvent(new frame.ProgressEvent('loadend'));
    }, 0);
  };

  frame.navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
    if (!online) return false;
    void frame.fetch(url, { method: 'POST', body: data ?? null, keepalive: true }).catch(() => {});
    return true;
  };

  return {
    setOnline(next) {
      if (next === online) return;
      online = next;
      frame.dispatchEvent(new frame.Event(next ? 'online' : 'offline'));
    },
  };
}
