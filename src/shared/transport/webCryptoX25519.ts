/**
 * WebCrypto's X25519 as the engine has it, with no curve code of our own: key import, export and
 * agreement, and the support probe that finds what an engine gets wrong. An engine's X25519 can
 * be wrong for some keys while right for most: WebKitGTK's libgcrypt backend loses a leading zero
 * byte of key material, so 1 clamped private key in 32 fails to import (README "Browser
 * support"). The app's session runs on the engine where the probe passes
 * (./engineProbe.ts); the library's curve (./x25519.ts) sends what it refuses to the JS curve.
 * Runs in the browser and in Node.
 */
import type { Subtle, WebCryptoKey } from './webCrypto';

/** PKCS#8 header of an X25519 private key (RFC 8410); the 32 raw bytes follow. */
const PKCS8_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
]);
const X25519 = { name: 'X25519' } as const;

/**
 * Always extractable: one cached key serves both keyPair (which reads the public half back) and
 * sharedSecret, whichever sees the key first. The raw bytes are in memory anyway.
 */
export function importPrivate(subtle: Subtle, priv: Uint8Array<ArrayBuffer>) {
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(priv, PKCS8_PREFIX.length);
  return subtle.importKey('pkcs8', pkcs8, X25519, true, ['deriveBits']);
}

export function importPublic(subtle: Subtle, pub: Uint8Array<ArrayBuffer>) {
  return subtle.importKey('raw', pub, X25519, false, []);
}

function base64UrlToBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The public half of an imported private key; undefined when the engine gives no 32 bytes. */
export async function exportPublic(
  subtle: Subtle,
  key: WebCryptoKey,
): Promise<Uint8Array | undefined> {
  try {
    const jwk = await subtle.exportKey('jwk', key);
    const pub = jwk.x === undefined ? undefined : base64UrlToBytes(jwk.x);
    return pub?.length === 32 ? pub : undefined;
  } catch {
    return undefined;
  }
}

/** WebCrypto's agreement; undefined when the engine refuses it or gives no 32 bytes. */
export async function deriveSecret(
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

/** What an engine's WebCrypto X25519 gets right (probeWebCryptoX25519). */
export interface WebCryptoX25519Support {
  /** It generates keys and agrees on secrets at all. */
  readonly available: boolean;
  /** It imports, exports and derives key material whose first byte is zero correctly. */
  readonly leadingZeroBytes: boolean;
}

const NO_SUPPORT: WebCryptoX25519Support = { available: false, leadingZeroBytes: false };
export const FULL_SUPPORT: WebCryptoX25519Support = { available: true, leadingZeroBytes: true };

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
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
