/**
 * Node-only fast path for the SERVER process (never imported by src/, which runs in the browser).
 * The Signal library awaits every crypto step; through WebCrypto each one is an importKey plus an
 * operation, asynchronous hops to Node's crypto thread pool, and a ratchet step imports a fresh
 * PKCS#8 private key (~0.6 ms). Here everything runs synchronously on `node:crypto`, wrapped in
 * resolved promises:
 * - the curve's key generation and agreement: X25519 KeyObjects built from the raw 32 bytes
 *   behind a DER prefix, `crypto.diffieHellman`; XEdDSA signatures stay on the library's JS curve;
 * - the `subtle` operations the library uses (raw AES-CBC / HMAC-SHA256 keys, AES-256-CBC,
 *   HMAC-SHA256, SHA-512 digests) via createCipheriv, createHmac, createHash.
 * Same keys and bytes as the WebCrypto and JS curves, so the wire protocol is unchanged
 * (nodeCrypto.test.ts proves interop both ways).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  getRandomValues,
  type KeyObject,
} from 'node:crypto';
import type { SignalLib } from '@shared/transport/signal';
import type { Curve25519 } from '@shared/transport/x25519';

/** A copy of `bytes` in an ArrayBuffer of exactly their length (never a pooled Buffer's). */
function exact(bytes: Uint8Array): ArrayBuffer {
  const out = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(out).set(bytes);
  return out;
}

type Bytes = ArrayBuffer | ArrayBufferView;

function view(data: Bytes): Uint8Array {
  return data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function clamp(privKey: ArrayBuffer): Uint8Array {
  const priv = new Uint8Array(privKey.slice(0));
  priv[0] = (priv[0] ?? 0) & 248;
  priv[31] = ((priv[31] ?? 0) & 127) | 64;
  return priv;
}

/**
 * X25519 KeyObjects from raw bytes via JWK: OpenSSL builds them straight from the raw key, about
 * 4× faster than decoding the same key in PKCS#8 / SPKI DER (measured on Node 20).
 */
function privateKeyOf(priv: Uint8Array): KeyObject {
  const d = Buffer.from(priv.buffer, priv.byteOffset, priv.byteLength).toString('base64url');
  return createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', d, x: '' }, format: 'jwk' });
}

function publicKeyOf(pub: Uint8Array): KeyObject {
  const x = Buffer.from(pub.buffer, pub.byteOffset, pub.byteLength).toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x }, format: 'jwk' });
}

function publicBytesOf(key: KeyObject): ArrayBuffer {
  const { x } = key.export({ format: 'jwk' });
  if (!x) throw new Error('X25519 export gave no public key');
  return exact(Buffer.from(x, 'base64url'));
}

/**
 * Key objects by their bytes, bounded (least recently used dropped first): a session's ratchet
 * private key agrees again one round trip after it was made, a peer's ratchet key twice in a row.
 */
class KeyObjectCache {
  private readonly keys = new Map<string, KeyObject>();
  constructor(
    private readonly capacity: number,
    private readonly make: (bytes: Uint8Array) => KeyObject,
  ) {}

  get(bytes: Uint8Array): KeyObject {
    const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    let key = this.keys.get(id);
    if (key) {
      this.keys.delete(id);
    } else {
      key = this.make(bytes);
      if (this.keys.size >= this.capacity) {
        this.keys.delete(this.keys.keys().next().value as string);
      }
    }
    this.keys.set(id, key);
    return key;
  }
}

/**
 * Private keys kept: each active session's newest ratchet key is needed again one round trip
 * later; a few hundred cover the benches' 20–50 busy sessions with room to spare, and stay small
 * next to the session table. A miss only costs an import.
 */
const PRIVATE_KEYS_KEPT = 256;
const PUBLIC_KEYS_KEPT = 64;

/**
 * The node:crypto curve. `signer` (the library's JS curve) does XEdDSA. Keys are the same
 * clamped 32-byte scalars as the other curves', so peers on any curve interoperate.
 */
function createNodeCurve(signer: Curve25519): Curve25519 {
  const privateKeys = new KeyObjectCache(PRIVATE_KEYS_KEPT, privateKeyOf);
  const publicKeys = new KeyObjectCache(PUBLIC_KEYS_KEPT, publicKeyOf);
  return {
    keyPair(privKey) {
      try {
        const priv = clamp(privKey);
        const pubKey = publicBytesOf(privateKeys.get(priv));
        return Promise.resolve({ pubKey, privKey: exact(priv) });
      } catch (error) {
        return Promise.reject(error);
      }
    },
    sharedSecret(pubKey, privKey) {
      try {
        const secret = diffieHellman({
          privateKey: privateKeys.get(new Uint8Array(privKey)),
          publicKey: publicKeys.get(new Uint8Array(pubKey)),
        });
        return Promise.resolve(exact(secret));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    sign: (privKey, message) => signer.sign(privKey, message),
    verify: (pubKey, message, sig) => signer.verify(pubKey, message, sig),
  };
}

/** A raw key held in JS (what our importKey gives instead of a CryptoKey). */
class RawKey {
  constructor(
    readonly algorithm: 'AES-CBC' | 'HMAC',
    readonly bytes: Buffer,
  ) {}
}

function algorithmName(algorithm: unknown): string {
  if (typeof algorithm === 'string') return algorithm;
  return String((algorithm as { name?: unknown } | undefined)?.name ?? '');
}

function hashName(algorithm: unknown): string {
  const hash = (algorithm as { hash?: unknown } | undefined)?.hash;
  return typeof hash === 'string' ? hash : algorithmName(hash);
}

function aesCipherName(key: RawKey): string {
  const bits = key.bytes.length * 8;
  if (bits !== 128 && bits !== 192 && bits !== 256) throw new Error(`AES key of ${bits} bits`);
  return `aes-${bits}-cbc`;
}

function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

function requireRawKey(key: unknown, algorithm: RawKey['algorithm']): RawKey {
  if (!(key instanceof RawKey) || key.algorithm !== algorithm) {
    throw new Error(`Expected a raw ${algorithm} key from this crypto object`);
  }
  return key;
}

/**
 * The object to give the library's `setWebCrypto`: exactly the subset of WebCrypto it calls
 * (raw AES-CBC and HMAC-SHA256 keys, AES-CBC, HMAC-SHA256 sign, SHA-512 digest), synchronous
 * node:crypto under resolved promises. Anything else rejects loudly.
 */
export function createNodeWebCrypto(): {
  getRandomValues: <T extends ArrayBufferView>(array: T) => T;
  subtle: Record<string, (...args: never[]) => Promise<unknown>>;
} {
  return {
    getRandomValues: <T extends ArrayBufferView>(array: T) => {
      getRandomValues(array);
      return array;
    },
    subtle: {
      importKey: (format: string, keyData: Bytes, algorithm: unknown) =>
        settle(() => {
          const name = algorithmName(algorithm);
          if (format !== 'raw') throw new Error(`Unsupported key format ${format}`);
          if (name === 'AES-CBC') return new RawKey('AES-CBC', Buffer.from(view(keyData)));
          if (name === 'HMAC' && hashName(algorithm) === 'SHA-256') {
            return new RawKey('HMAC', Buffer.from(view(keyData)));
          }
          throw new Error(`Unsupported key algorithm ${name}`);
        }),
      encrypt: (algorithm: { iv: Bytes }, key: unknown, data: Bytes) =>
        settle(() => {
          const raw = requireRawKey(key, 'AES-CBC');
          const cipher = createCipheriv(aesCipherName(raw), raw.bytes, view(algorithm.iv));
          return exact(Buffer.concat([cipher.update(view(data)), cipher.final()]));
        }),
      decrypt: (algorithm: { iv: Bytes }, key: unknown, data: Bytes) =>
        settle(() => {
          const raw = requireRawKey(key, 'AES-CBC');
          const decipher = createDecipheriv(aesCipherName(raw), raw.bytes, view(algorithm.iv));
          return exact(Buffer.concat([decipher.update(view(data)), decipher.final()]));
        }),
      sign: (algorithm: unknown, key: unknown, data: Bytes) =>
        settle(() => {
          if (algorithmName(algorithm) !== 'HMAC') throw new Error('Only HMAC signatures');
          const raw = requireRawKey(key, 'HMAC');
          return exact(createHmac('sha256', raw.bytes).update(view(data)).digest());
        }),
      digest: (algorithm: unknown, data: Bytes) =>
        settle(() => {
          const name = algorithmName(algorithm);
          if (name !== 'SHA-512') throw new Error(`Unsupported digest ${name}`);
          return exact(createHash('sha512').update(view(data)).digest());
        }),
    },
  };
}

/** The library's crypto object and curve on node:crypto. */
interface NodeFastPath {
  webCrypto: Parameters<SignalLib['setWebCrypto']>[0];
  curve: Curve25519;
}

/** Builds the fast path (not installed). */
export async function createNodeFastPath(): Promise<NodeFastPath> {
  const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
  return {
    webCrypto: createNodeWebCrypto() as unknown as NodeFastPath['webCrypto'],
    curve: createNodeCurve(new AsyncCurve25519Wrapper()),
  };
}

/**
 * Switches the (process-wide) library to the node:crypto fast path. Only for a process where the
 * server is the library's only user (the mock server's own process); in a process shared with
 * clients it changes their crypto too (same bytes, other timings).
 */
export async function installNodeFastPath(lib: SignalLib): Promise<void> {
  const fast = await createNodeFastPath();
  lib.setWebCrypto(fast.webCrypto);
  lib.setCurve(fast.curve);
}
