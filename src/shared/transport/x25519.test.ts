import { describe, expect, it } from 'vitest';
import { createWebCryptoCurve } from './x25519';

const subtle = globalThis.crypto.subtle;

async function jsCurve() {
  const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
  return new AsyncCurve25519Wrapper();
}

const randomKey = () => crypto.getRandomValues(new Uint8Array(32)).buffer;

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
