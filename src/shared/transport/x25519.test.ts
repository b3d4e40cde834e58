import { x25519 as nobleX25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './bytes';
import type { Subtle, WebCryptoKey } from './webCrypto';
import { createWebCryptoCurve } from './x25519';
import { LEADING_ZERO_VECTOR, probeWebCryptoX25519, webCryptoHasX25519 } from './webCryptoX25519';
import { xeddsaSigner } from './xeddsa';

const subtle = globalThis.crypto.subtle;

async function jsCurve() {
  const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
  return new AsyncCurve25519Wrapper();
}

const randomKey = () => crypto.getRandomValues(new Uint8Array(32)).buffer;
const bytes = (buffer: ArrayBuffer) => new Uint8Array(buffer);
const fromHex = (hex: string) => hexToBytes(hex);
const hexOf = (buffer: ArrayBuffer | Uint8Array) => bytesToHex(new Uint8Array(buffer));
const fromBase64Url = (text: string) =>
  new Uint8Array(
    fromBase64(
      text
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(text.length / 4) * 4, '='),
    ),
  );
const toBase64Url = (data: Uint8Array) =>
  toBase64(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A random private key whose clamped form starts with a zero byte (1 in 32 does). */
function leadingZeroKey(): ArrayBuffer {
  const key = new Uint8Array(randomKey());
  key[0] = 0;
  return key.buffer;
}

/** Drops leading zero bytes, as WebKitGTK's libgcrypt backend does with key material. */
function withoutLeadingZeros(data: Uint8Array): Uint8Array {
  let start = 0;
  while (start < data.length - 1 && data[start] === 0) start++;
  return data.slice(start);
}

const dataError = () =>
  new DOMException('Data provided to an operation does not meet requirements', 'DataError');

/**
 * A simulated engine with WebKitGTK's X25519 bug: private keys (PKCS#8, the 32 bytes after the
 * 16-byte header) and raw public keys starting with a zero byte fail to import with DataError;
 * exported public keys and derived secrets lose their leading zero bytes. Everything else is
 * the real WebCrypto. `calls` counts what reached it.
 */
function leadingZeroLosingSubtle(): Subtle & { calls: { refused: number } } {
  const calls = { refused: 0 };
  const fake = Object.create(subtle) as Subtle & { calls: { refused: number } };
  fake.calls = calls;
  fake.importKey = ((format: string, data: Uint8Array, ...rest: unknown[]) => {
    const keyStart = format === 'pkcs8' ? 16 : 0;
    if ((format === 'pkcs8' || format === 'raw') && data[keyStart] === 0) {
      calls.refused++;
      return Promise.reject(dataError());
    }
    return (subtle.importKey as (...args: unknown[]) => Promise<unknown>).call(
      subtle,
      format,
      data,
      ...rest,
    );
  }) as Subtle['importKey'];
  fake.exportKey = (async (format: 'jwk', key: WebCryptoKey) => {
    const jwk = await subtle.exportKey(format, key);
    if (!jwk.x) return jwk;
    const x = withoutLeadingZeros(fromBase64Url(jwk.x));
    return { ...jwk, x: toBase64Url(x) };
  }) as Subtle['exportKey'];
  fake.deriveBits = (async (...args: Parameters<Subtle['deriveBits']>) => {
    const bits = new Uint8Array(await subtle.deriveBits(...args));
    return withoutLeadingZeros(bits).slice().buffer;
  }) as Subtle['deriveBits'];
  fake.generateKey = subtle.generateKey.bind(subtle);
  return fake;
}

describe('WebCrypto curve key cache', () => {
  it('reads the public half of a key that a key agreement imported first', async () => {
    const js = await jsCurve();
    const web = createWebCryptoCurve(subtle, js);
    const peer = await js.keyPair(randomKey());
    const own = await js.keyPair(randomKey());
    // sharedSecret sees the private key first (e.g. a key loaded from disk), keyPair second.
    const secret = await web.sharedSecret(peer.pubKey, own.privKey);
    const pair = await web.keyPair(own.privKey.slice(0));
    expect(new Uint8Array(pair.pubKey)).toEqual(new Uint8Array(own.pubKey));
    expect(new Uint8Array(secret)).toEqual(
      new Uint8Array(await js.sharedSecret(peer.pubKey, own.privKey)),
    );
  });

  it('stays correct when keys repeat, and past the cache bound', async () => {
    const js = await jsCurve();
    const web = createWebCryptoCurve(subtle, js);
    const peer = await js.keyPair(randomKey());
    const first = await js.keyPair(randomKey());
    const expected = new Uint8Array(await js.sharedSecret(peer.pubKey, first.privKey));
    expect(new Uint8Array(await web.sharedSecret(peer.pubKey, first.privKey))).toEqual(expected);
    // More distinct keys than the cache holds, so `first` is evicted and imported again.
    for (let i = 0; i < 200; i++) {
      const other = await web.keyPair(randomKey());
      const again = await web.sharedSecret(peer.pubKey, other.privKey);
      expect(again.byteLength).toBe(32);
    }
    expect(new Uint8Array(await web.sharedSecret(peer.pubKey, first.privKey))).toEqual(expected);
    // A different peer key under the same private key gives a different secret (no stale hit).
    const stranger = await js.keyPair(randomKey());
    expect(new Uint8Array(await web.sharedSecret(stranger.pubKey, first.privKey))).not.toEqual(
      expected,
    );
  });
});

describe('an engine that mishandles key material starting with a zero byte', () => {
  it("has the JS curve's answers in the probe's known-bad case", async () => {
    const js = await jsCurve();
    const priv = fromHex(LEADING_ZERO_VECTOR.priv);
    const peerPub = fromHex(LEADING_ZERO_VECTOR.peerPub);
    for (const value of Object.values(LEADING_ZERO_VECTOR)) expect(value.slice(0, 2)).toBe('00');
    expect(hexOf(nobleX25519.getPublicKey(priv))).toBe(LEADING_ZERO_VECTOR.pub);
    const pair = await js.keyPair(priv.slice().buffer);
    expect(hexOf(pair.pubKey)).toBe(LEADING_ZERO_VECTOR.pub);
    const secret = await js.sharedSecret(peerPub.slice().buffer, priv.slice().buffer);
    expect(hexOf(secret)).toBe(LEADING_ZERO_VECTOR.secret);
  });

  it('is found by the support probe; a correct engine is not', async () => {
    expect(await probeWebCryptoX25519(subtle)).toEqual({ available: true, leadingZeroBytes: true });
    const buggy = leadingZeroLosingSubtle();
    expect(await probeWebCryptoX25519(buggy)).toEqual({ available: true, leadingZeroBytes: false });
    expect(await webCryptoHasX25519(buggy)).toBe(true);
    expect(await probeWebCryptoX25519(undefined)).toEqual({
      available: false,
      leadingZeroBytes: false,
    });
  });

  /**
   * Each key's pair and secrets take several asm.js curve operations (tens of ms each on a loaded
   * 2-core machine): the keys below are what the property needs — private keys with a zero first
   * byte (always refused by the engine) and without, each against peers with and without one —
   * and the vector covers the rare public key and secret that start with zero.
   */
  const KEYS = 8;

  /** Keys and secrets of `web` equal the JS curve's, for keys with and without a zero first byte. */
  async function expectJsAnswers(web: Awaited<ReturnType<typeof createWebCryptoCurve>>) {
    const js = await jsCurve();
    const peers = [leadingZeroKey(), randomKey(), randomKey()];
    const peerPairs = await Promise.all(peers.map((key) => js.keyPair(key)));
    // Public keys starting with zero too: the vector's peer key.
    const peerPubs = [
      ...peerPairs.map((pair) => pair.pubKey),
      fromHex(LEADING_ZERO_VECTOR.peerPub).slice().buffer,
    ];
    for (let i = 0; i < KEYS; i++) {
      const key = i % 2 === 0 ? leadingZeroKey() : randomKey();
      const [webPair, jsPair] = await Promise.all([web.keyPair(key.slice(0)), js.keyPair(key)]);
      expect(bytes(webPair.pubKey)).toEqual(bytes(jsPair.pubKey));
      expect(bytes(webPair.privKey)).toEqual(bytes(jsPair.privKey));
      for (const peerPub of peerPubs) {
        const [webSecret, jsSecret] = await Promise.all([
          web.sharedSecret(peerPub, webPair.privKey),
          js.sharedSecret(peerPub, jsPair.privKey),
        ]);
        expect(bytes(webSecret)).toEqual(bytes(jsSecret));
      }
    }
    // The vector itself, whose public key and secret start with zero bytes as well.
    const vector = await web.keyPair(fromHex(LEADING_ZERO_VECTOR.priv).slice().buffer);
    expect(hexOf(vector.pubKey)).toBe(LEADING_ZERO_VECTOR.pub);
    const secret = await web.sharedSecret(
      fromHex(LEADING_ZERO_VECTOR.peerPub).slice().buffer,
      vector.privKey,
    );
    expect(hexOf(secret)).toBe(LEADING_ZERO_VECTOR.secret);
  }

  it('falls back to the JS curve key by key even when the probe was not told (any failure)', async () => {
    const buggy = leadingZeroLosingSubtle();
    await expectJsAnswers(createWebCryptoCurve(buggy, xeddsaSigner));
    // The engine was asked, and refused: the answers above came from the fallback.
    expect(buggy.calls.refused).toBeGreaterThan(0);
  });

  it('sends those keys straight to the JS curve once the probe found the bug', async () => {
    const buggy = leadingZeroLosingSubtle();
    const support = await probeWebCryptoX25519(buggy);
    const refusedByProbe = buggy.calls.refused;
    await expectJsAnswers(createWebCryptoCurve(buggy, xeddsaSigner, support));
    expect(buggy.calls.refused).toBe(refusedByProbe);
  });

  it('still uses the engine for every other key', async () => {
    const buggy = leadingZeroLosingSubtle();
    let imports = 0;
    const counting = Object.create(buggy) as Subtle;
    counting.importKey = ((...args: Parameters<Subtle['importKey']>) => {
      imports++;
      return buggy.importKey(...args);
    }) as Subtle['importKey'];
    const web = createWebCryptoCurve(counting, xeddsaSigner, await probeWebCryptoX25519(buggy));
    const key = new Uint8Array(randomKey());
    key[0] = 8;
    await web.keyPair(key.buffer);
    expect(imports).toBe(1);
  });
});
