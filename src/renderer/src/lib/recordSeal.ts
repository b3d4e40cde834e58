/**
 * The seal of what the app saved for its session (`dl.user`, DESIGN.md §6): an HMAC-SHA-256 of
 * the saved text under a key made non-extractable and kept in this browser's IndexedDB. Figures
 * are shown before the server has answered (the painted Home of a second open, Home's kept
 * figures) only when the saved record carries a valid seal: the app's own code, in this browser,
 * wrote it. A record planted in storage — any token, any figures, any button text — has none and
 * shows nothing; its token is still tried, and the server decides about it. Runs in the page and
 * in index.html's inline script (src/renderer/inline/firstFrame.ts).
 *
 * Where the page has no WebCrypto (insecure contexts) or no IndexedDB, nothing is sealed and no
 * figure is shown before the server's; IndexedDB that stops answering (WebKitGTK, see
 * services/signalSessions.ts) counts as no seal after `SEAL_TIMEOUT_MS`.
 */
import { createStore, get, type UseStore, update } from 'idb-keyval';

const DATABASE = 'dl-record-seal';
const STORE = 'keys';
const KEY = 'user';

/** Longer than IndexedDB's slowest healthy open on a slow phone (≈ 60 ms at 4× CPU), by far. */
const SEAL_TIMEOUT_MS = 1_000;

const HMAC: HmacKeyGenParams = { name: 'HMAC', hash: 'SHA-256' };

let store: UseStore | undefined;
/** This page's key, asked for once: a login seals two records a moment apart. */
let pageKey: Promise<CryptoKey> | undefined;

/** The page's means to seal, or undefined where it has none. */
function sealing(): { subtle: SubtleCrypto; db: UseStore } | undefined {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || typeof indexedDB === 'undefined') return undefined;
  store ??= createStore(DATABASE, STORE);
  return { subtle, db: store };
}

/** `step`'s value, or `fallback` when it fails or takes longer than SEAL_TIMEOUT_MS. */
function bounded<T>(step: () => Promise<T>, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), SEAL_TIMEOUT_MS);
    step().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

function base64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

function unbase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * This browser's key, made on first use. Made once per page, and stored in one IndexedDB
 * transaction that keeps a key another page stored first: every seal of the browser is made with
 * the key that stays (two keys, the later one stored, would leave the earlier one's seals invalid).
 */
function sealKey(subtle: SubtleCrypto, db: UseStore): Promise<CryptoKey> {
  pageKey ??= (async () => {
    const found = await get<CryptoKey>(KEY, db);
    if (found) return found;
    const made = await subtle.generateKey(HMAC, false, ['sign', 'verify']);
    await update<CryptoKey>(KEY, (stored) => stored ?? made, db);
    const kept = await get<CryptoKey>(KEY, db);
    if (!kept) throw new Error('the seal key was not kept');
    return kept;
  })().catch((error: unknown) => {
    pageKey = undefined;
    throw error;
  });
  return pageKey;
}

/** The seal of `text`, made with this browser's key (created on first use); undefined: none. */
export function sealOf(text: string): Promise<string | undefined> {
  const means = sealing();
  if (!means) return Promise.resolve(undefined);
  return bounded(async () => {
    const key = await sealKey(means.subtle, means.db);
    return base64(await means.subtle.sign(HMAC, key, bytesOf(text)));
  }, undefined);
}

/** True when `seal` is this browser's seal of `text`. */
export function isSealed(text: string, seal: string): Promise<boolean> {
  const means = sealing();
  if (!means || seal === '') return Promise.resolve(false);
  return bounded(async () => {
    const key = await get<CryptoKey>(KEY, means.db);
    if (!key) return false;
    return means.subtle.verify(HMAC, key, unbase64(seal), bytesOf(text));
  }, false);
}
