/**
 * A fast curve for the Signal library (`setCurve`): key generation and agreement run on WebCrypto
 * X25519 (native code, Node 20 and Chromium), XEdDSA signatures come from the given signer
 * (WebCrypto has no XEdDSA): ./xeddsa in the app, the library's curve on the server. Imported keys
 * are cached (see KeyCache). Runs in the browser and in Node.
 *
 * An engine's X25519 can be wrong for some keys while right for most: WebKitGTK's libgcrypt backend
 * loses a leading zero byte of key material, so 1 clamped private key in 32 fails to import.
 * Whatever the engine, the borrower must never see it (docs/testing.md "Browser support"): the
 * support probe tries that case against answers of the JS curve (probeWebCryptoX25519), and every
 * key the engine refuses or answers wrongly for falls back to the JS curve (@noble/curves), key by
 * key, so one bad key never drops a secure session.
 */
import { x25519 as jsX25519 } from '@noble/curves/ed25519.js';
import { exactBuffer } from './bytes';
import type { Subtle, WebCryptoKey } from './webCrypto';
import {
  deriveSecret,
  exportPublic,
  FULL_SUPPORT,
  importPrivate,
  importPublic,
  type WebCryptoX25519Support,
} from './webCryptoX25519';

/** The shape the library's `setCurve` takes (curve25519-typescript's AsyncCurve). */
export interface Curve25519 {
  keyPair(privKey: ArrayBuffer): Promise<{ pubKey: ArrayBuffer; privKey: ArrayBuffer }>;
  sharedSecret(pubKey: ArrayBuffer, privKey: ArrayBuffer): Promise<ArrayBuffer>;
  sign(privKey: ArrayBuffer, message: ArrayBuffer): Promise<ArrayBuffer>;
  /** Returns true when the signature is INVALID (the library's convention). */
  verify(pubKey: ArrayBuffer, message: ArrayBuffer, sig: ArrayBuffer): Promise<boolean>;
}

/** Key bytes on their own ArrayBuffer, as WebCrypto's import takes them. */
type KeyBytes = Uint8Array<ArrayBuffer>;

function clamp(privKey: ArrayBuffer): KeyBytes {
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
class KeyCache<Key> {
  private readonly keys = new Map<string, Promise<Key>>();
  constructor(private readonly capacity: number) {}

  get(bytes: Uint8Array, load: () => Promise<Key>): Promise<Key> {
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

/** What signs and verifies for a curve: XEdDSA (./xeddsa) or a whole JS curve. */
type Signer = Pick<Curve25519, 'sign' | 'verify'>;

/**
 * The WebCrypto curve. `signer` does the XEdDSA signatures. Keys are the same clamped 32-byte
 * scalars as the JS curve's, so sessions interoperate with peers on either curve. Key material
 * starting with a zero byte goes to the JS curve where `support` says the engine mishandles it;
 * any key the engine refuses (import, export or agreement failing, or a result that is not 32
 * bytes) goes there too, remembered per key while it stays cached.
 */
export function createWebCryptoCurve(
  subtle: Subtle,
  signer: Signer,
  support: WebCryptoX25519Support = FULL_SUPPORT,
): Curve25519 {
  /** An imported key, or null: the engine refused these bytes, the JS curve takes them. */
  const privateKeys = new KeyCache<WebCryptoKey | null>(PRIVATE_KEYS_KEPT);
  const publicKeys = new KeyCache<WebCryptoKey | null>(PUBLIC_KEYS_KEPT);
  const onEngine = (bytes: Uint8Array) => support.leadingZeroBytes || bytes[0] !== 0;
  const privateKey = (priv: KeyBytes) =>
    privateKeys.get(priv, () => importPrivate(subtle, priv).catch(() => null));
  const publicKey = (pub: KeyBytes) =>
    publicKeys.get(pub, () => importPublic(subtle, pub).catch(() => null));

  async function enginePublicHalf(priv: KeyBytes): Promise<Uint8Array | undefined> {
    if (!onEngine(priv)) return undefined;
    const key = await privateKey(priv);
    return key ? exportPublic(subtle, key) : undefined;
  }

  async function engineSecret(pub: KeyBytes, priv: KeyBytes): Promise<ArrayBuffer | undefined> {
    if (!onEngine(priv) || !onEngine(pub)) return undefined;
    const [privKey, pubKey] = await Promise.all([privateKey(priv), publicKey(pub)]);
    return privKey && pubKey ? deriveSecret(subtle, pubKey, privKey) : undefined;
  }

  return {
    async keyPair(privKey) {
      const priv = clamp(privKey);
      const pub = (await enginePublicHalf(priv)) ?? jsX25519.getPublicKey(priv);
      return { pubKey: exactBuffer(pub), privKey: exactBuffer(priv) };
    },
    async sharedSecret(pubKey, privKey) {
      const priv = new Uint8Array(privKey.slice(0));
      const pub = new Uint8Array(pubKey.slice(0));
      // The JS curve throws where the engine rightly refused (a low-order peer key): no secret.
      return (await engineSecret(pub, priv)) ?? exactBuffer(jsX25519.getSharedSecret(priv, pub));
    },
    sign: (privKey, message) => signer.sign(privKey, message),
    verify: (pubKey, message, sig) => signer.verify(pubKey, message, sig),
  };
}
