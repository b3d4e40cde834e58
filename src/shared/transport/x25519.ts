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

/**
 * Always extractable: one cached key serves both keyPair (which reads the public half back) and
 * sharedSecret, whichever sees the key first. The raw bytes are in memory anyway.
 */
function importPrivate(subtle: Subtle, priv: KeyBytes) {
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(priv, PKCS8_PREFIX.length);
  return subtle.importKey('pkcs8', pkcs8, X25519, true, ['deriveBits']);
}

function importPublic(subtle: Subtle, pub: KeyBytes) {
  return subtle.importKey('raw', pub, X25519, false, []);
}

function base64UrlToBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The public half of an imported private key; undefined when the engine gives no 32 bytes. */
async function exportPublic(subtle: Subtle, key: WebCryptoKey): Promise<Uint8Array | undefined> {
  try {
    const jwk = await subtle.exportKey('jwk', key);
    const pub = jwk.x === undefined ? undefined : base64UrlToBytes(jwk.x);
    return pub?.length === 32 ? pub : undefined;
  } catch {
    return undefined;
  }
}

/** WebCrypto's agreement; undefined when the engine refuses it or gives no 32 bytes. */
async function deriveSecret(
  subtle: Subtle,
  pub: WebCryptoKey,
  priv: WebCryptoKey,
): Promise<ArrayBuffer | undefined> {
  try {
    const bits = await subtle.deriveBits({ name: 'X25519', public: pub }, priv, 256);
    return bits.byteLength === 32 ? bits : undefined;
  } catch {
    return undefined;
  }
}

/** What signs and verifies for a curve: XEdDSA (./xeddsa) or a whole JS curve. */
type Signer = Pick<Curve25519, 'sign' | 'verify'>;

/** What an engine's WebCrypto X25519 gets right (probeWebCryptoX25519). */
interface WebCryptoX25519Support {
  /** It generates keys and agrees on secrets at all. */
  readonly available: boolean;
  /** It imports, exports and derives key material whose first byte is zero correctly. */
  readonly leadingZeroBytes: boolean;
}

const NO_SUPPORT: WebCryptoX25519Support = { available: false, leadingZeroBytes: false };
const FULL_SUPPORT: WebCryptoX25519Support = { available: true, leadingZeroBytes: true };

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

function fromHex(hex: string): KeyBytes {
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}

/**
 * The known-bad case, with the JS curve's answers (x25519.test.ts recomputes them on
 * @noble/curves and on the Signal library's curve): a clamped private key, its public key, a
 * peer's public key and their shared secret, each starting with a zero byte. Constants rather
 * than a JS computation at probe time, which would cost a slow phone tens of milliseconds before
 * the first handshake.
 */
export const LEADING_ZERO_VECTOR = {
  priv: '0024c5f47e6b41474f3b97888b35c8a3b8ebf1704605ee4aab4ab0e98ebc2049',
  pub: '008b25c45e283e5cc941239f0c09bb750476ed1ddbdfe56cf32791689fad1453',
  peerPub: '00c8364ceb9b9c02f279fc6b607ed35496e3e031d701917d554f5f4fcced2135',
  secret: '0001cf3f2b8f1d1a098a094ba4cd0bffd5cc9f7af9a2e3bb7ca2b015a25f770c',
} as const;

function sameBytes(a: ArrayBuffer | Uint8Array | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = a instanceof Uint8Array ? a : new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function generatesAndAgrees(subtle: Subtle): Promise<boolean> {
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
}

async function handlesLeadingZeroBytes(subtle: Subtle): Promise<boolean> {
  try {
    const priv = await importPrivate(subtle, fromHex(LEADING_ZERO_VECTOR.priv));
    const peer = await importPublic(subtle, fromHex(LEADING_ZERO_VECTOR.peerPub));
    const [pub, secret] = await Promise.all([
      exportPublic(subtle, priv),
      deriveSecret(subtle, peer, priv),
    ]);
    return (
      sameBytes(pub, fromHex(LEADING_ZERO_VECTOR.pub)) &&
      sameBytes(secret, fromHex(LEADING_ZERO_VECTOR.secret))
    );
  } catch {
    return false;
  }
}

const probes = new WeakMap<Subtle, Promise<WebCryptoX25519Support>>();

/** What this runtime's WebCrypto X25519 gets right (memoized per `subtle`; never throws). */
export function probeWebCryptoX25519(subtle: Subtle | undefined): Promise<WebCryptoX25519Support> {
  if (!subtle) return Promise.resolve(NO_SUPPORT);
  let probe = probes.get(subtle);
  if (!probe) {
    probe = (async () =>
      (await generatesAndAgrees(subtle))
        ? { available: true, leadingZeroBytes: await handlesLeadingZeroBytes(subtle) }
        : NO_SUPPORT)();
    probes.set(subtle, probe);
  }
  return probe;
}

/** Whether this runtime's WebCrypto does X25519 at all (memoized; never throws). */
export async function webCryptoHasX25519(subtle: Subtle | undefined): Promise<boolean> {
  return (await probeWebCryptoX25519(subtle)).available;
}
