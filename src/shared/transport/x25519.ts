/**
 * A fast curve for the Signal library (`setCurve`): key generation and agreement run on WebCrypto
 * X25519 (native code, Node 20 and Chromium), XEdDSA signatures come from the given signer
 * (WebCrypto has no XEdDSA): ./xeddsa in the app, the library's curve on the server. Imported keys
 * are cached (see KeyCache). Runs in the browser and in Node.
 */
import { exactBuffer } from './bytes';
import type { Subtle, WebCryptoKey } from './webCrypto';

/** The shape the library's `setCurve` takes (curve25519-typescript's AsyncCurve). */
export interface Curve25519 {
  keyPair(privKey: ArrayBuffer): Promise<{ pubKey: ArrayBuffer; privKey: ArrayBuffer }>;
  sharedSecret(pubKey: ArrayBuffer, privKey: ArrayBuffer): Promise<ArrayBuffer>;
  sign(privKey: ArrayBuffer, message: ArrayBuffer): Promise<ArrayBuffer>;
  /** Returns true when the signature is INVALID (the library's convention). */
  verify(pubKey: ArrayBuffer, message: ArrayBuffer, sig: ArrayBuffer): Promise<boolean>;
}

/** PKCS#8 header of an X25519 private key (RFC 8410); the 32 raw bytes follow. */
const PKCS8_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
]);
const X25519 = { name: 'X25519' } as const;

function clamp(privKey: ArrayBuffer): Uint8Array {
  const priv = new Uint8Array(privKey.slice(0));
  priv[0] = (priv[0] ?? 0) & 248;
  priv[31] = ((priv[31] ?? 0) & 127) | 64;
  return priv;
}

/**
 * Recently imported keys by their bytes. Importing a private key (PKCS#8 parsing) is the largest
 * cost of a ratchet step, and every step uses each key twice: the new ephemeral key is imported to
 * read its public half, then agrees with the peer's key; the previous one agreed a round trip ago;
 * the peer's ratchet key agrees twice. Bounded LRU, so a busy server keeps only recent keys.
 */
class KeyCache {
  private readonly keys = new Map<string, Promise<WebCryptoKey>>();
  constructor(private readonly capacity: number) {}

  get(bytes: Uint8Array, load: () => Promise<WebCryptoKey>): Promise<WebCryptoKey> {
    const id = String.fromCharCode(...bytes);
    let key = this.keys.get(id);
    if (key) {
      // Re-insert: Map order is then least recently used first.
      this.keys.delete(id);
      this.keys.set(id, key);
      return key;
    }
    const loading = load();
    key = loading;
    this.keys.set(id, loading);
    loading.catch(() => {
      if (this.keys.get(id) === loading) this.keys.delete(id);
    });
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value as string);
    return loading;
  }
}

/**
 * Keys kept per curve. A session's ephemeral private key is used again one round trip later, so
 * the private cache holds one per concurrently active session (with room to spare); a peer's key
 * is used twice within one ratchet step. Small, because each entry holds a native key object.
 */
const PRIVATE_KEYS_KEPT = 128;
const PUBLIC_KEYS_KEPT = 32;

/**
 * Always extractable: one cached key serves both keyPair (which reads the public half back) and
 * sharedSecret, whichever sees the key first. The raw bytes are in memory anyway.
 */
function importPrivate(subtle: Subtle, priv: Uint8Array) {
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(priv, PKCS8_PREFIX.length);
  return subtle.importKey('pkcs8', pkcs8, X25519, true, ['deriveBits']);
}

function base64UrlToBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** What signs and verifies for a curve: XEdDSA (./xeddsa) or a whole JS curve. */
export type Signer = Pick<Curve25519, 'sign' | 'verify'>;

/**
 * The WebCrypto curve. `signer` does the XEdDSA signatures. Keys are the same clamped 32-byte
 * scalars as the JS curve's, so sessions interoperate with peers on either curve.
 */
export function createWebCryptoCurve(subtle: Subtle, signer: Signer): Curve25519 {
  const privateKeys = new KeyCache(PRIVATE_KEYS_KEPT);
  const publicKeys = new KeyCache(PUBLIC_KEYS_KEPT);
  return {
    async keyPair(privKey) {
      const priv = clamp(privKey);
      const key = await privateKeys.get(priv, () => importPrivate(subtle, priv));
      const jwk = await subtle.exportKey('jwk', key);
      if (!jwk.x) throw new Error('X25519 export gave no public key');
      return { pubKey: exactBuffer(base64UrlToBytes(jwk.x)), privKey: exactBuffer(priv) };
    },
    async sharedSecret(pubKey, privKey) {
      const privBytes = new Uint8Array(privKey.slice(0));
      const pubBytes = new Uint8Array(pubKey.slice(0));
      const [priv, pub] = await Promise.all([
        privateKeys.get(privBytes, () => importPrivate(subtle, privBytes)),
        publicKeys.get(pubBytes, () => subtle.importKey('raw', pubBytes, X25519, false, [])),
      ]);
      return subtle.deriveBits({ name: 'X25519', public: pub }, priv, 256);
    },
    sign: (privKey, message) => signer.sign(privKey, message),
    verify: (pubKey, message, sig) => signer.verify(pubKey, message, sig),
  };
}

let support: Promise<boolean> | undefined;

/** Whether this runtime's WebCrypto does X25519 (memoized; never throws). */
export function webCryptoHasX25519(subtle: Subtle | undefined): Promise<boolean> {
  if (!subtle) return Promise.resolve(false);
  support ??= (async () => {
    try {
      const pair = (await subtle.generateKey(X25519, false, ['deriveBits'])) as {
        publicKey: WebCryptoKey;
        privateKey: WebCryptoKey;
      };
      const bits = await subtle.deriveBits(
        { name: 'X25519', public: pair.publicKey },
        pair.privateKey,
        256,
      );
      return bits.byteLength === 32;
    } catch {
      return false;
    }
  })();
  return support;
}
