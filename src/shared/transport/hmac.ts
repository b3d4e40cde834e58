/**
 * HMAC-SHA256 in JS for the Signal library's many tiny MACs (chain-key steps, HKDF, message MACs:
 * about 20 per request and answer). Through WebCrypto each one is an import plus a sign, two
 * asynchronous hops to another thread that cost far more than hashing ~100 bytes; here it is
 * synchronous, on @noble/hashes (already in the tree under @noble/curves). Everything else (AES,
 * digests) stays on WebCrypto. Runs in the browser and Node.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import type { WebCrypto } from './webCrypto';

/** SHA-256 of some bytes (FIPS 180-4), by @noble/hashes (audited, synchronous). */
export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

/** HMAC-SHA256 (RFC 2104) of `data` under `key`, by @noble/hashes. */
export function hmacSha256(key: Uint8Array, data: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, data);
}

/** A raw HMAC-SHA256 key held in JS (what our importKey returns instead of a CryptoKey). */
class JsHmacKey {
  constructor(readonly bytes: Uint8Array) {}
}

type Bytes = ArrayBuffer | ArrayBufferView;

function bytesOf(data: Bytes): Uint8Array {
  return data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function isHmacSha256(algorithm: unknown): boolean {
  if (typeof algorithm !== 'object' || algorithm === null) return false;
  const { name, hash } = algorithm as { name?: unknown; hash?: unknown };
  const hashName = typeof hash === 'string' ? hash : (hash as { name?: unknown } | undefined)?.name;
  return name === 'HMAC' && hashName === 'SHA-256';
}

/**
 * The WebCrypto object to give the Signal library (`setWebCrypto`): raw HMAC-SHA256 keys and
 * signatures in JS, every other call passed to `webCrypto` unchanged.
 */
export function withJsHmac(webCrypto: WebCrypto): WebCrypto {
  const subtle = webCrypto.subtle;
  const fast = {
    importKey(format: string, keyData: Bytes, algorithm: unknown, ...rest: unknown[]) {
      if (format === 'raw' && isHmacSha256(algorithm)) {
        return Promise.resolve(new JsHmacKey(bytesOf(keyData).slice()));
      }
      return (subtle.importKey as (...args: unknown[]) => Promise<unknown>)(
        format,
        keyData,
        algorithm,
        ...rest,
      );
    },
    sign(algorithm: unknown, key: unknown, data: Bytes) {
      if (key instanceof JsHmacKey) {
        const mac = hmacSha256(key.bytes, bytesOf(data));
        return Promise.resolve(mac.buffer);
      }
      return (subtle.sign as (...args: unknown[]) => Promise<ArrayBuffer>)(algorithm, key, data);
    },
    encrypt: subtle.encrypt.bind(subtle),
    decrypt: subtle.decrypt.bind(subtle),
    digest: subtle.digest.bind(subtle),
  };
  return {
    getRandomValues: webCrypto.getRandomValues.bind(webCrypto),
    subtle: fast,
  } as unknown as WebCrypto;
}
