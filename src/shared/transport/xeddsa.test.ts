import { describe, expect, it } from 'vitest';
import { xeddsaSign, xeddsaSigner, xeddsaVerify } from './xeddsa';

/** Deterministic bytes (xorshift32) so every run checks the same keys, messages and Z. */
function seeded(seed: number): (n: number) => Uint8Array {
  let state = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out[i] = state & 0xff;
    }
    return out;
  };
}

const buf = (view: Uint8Array) => view.slice().buffer;

async function oldCurve() {
  const { Curve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
  return Curve25519Wrapper.create();
}

/**
 * The library's asm.js curve is slow (a key pair ~80 ms, a verification ~250 ms on a loaded 2-core
 * machine): the counts below are what the properties need — both signs of A among the library's
 * signatures, messages of several lengths, every tampered bit on both signers' output — and each
 * test does one direction, so no test holds the work of two.
 */
const LIBRARY_SIGNS_KEYS = 24;
const LIBRARY_VERIFIES_KEYS = 12;
const TAMPER_KEYS = 4;

const messageFor = (i: number, bytes: (n: number) => Uint8Array) =>
  bytes(i % 3 === 0 ? 33 : (i * 7) % 200);

describe('XEdDSA', () => {
  it('signs what the library asm.js curve verifies (fixed seeds)', async () => {
    const old = await oldCurve();
    const bytes = seeded(0x5eed);
    for (let i = 0; i < LIBRARY_VERIFIES_KEYS; i++) {
      const { pubKey, privKey } = old.keyPair(buf(bytes(32)));
      const message = messageFor(i, bytes);
      const ours = xeddsaSign(privKey, message, bytes(64));
      expect(ours).toHaveLength(64);
      // Spec: the sign bit of A is 0, so s < 2^253 and the top bits of the last byte are clear.
      expect((ours[63] ?? 0) & 0xe0).toBe(0);
      expect(old.verify(pubKey, buf(message), buf(ours))).toBe(false); // false = valid
      expect(xeddsaVerify(pubKey, message, ours)).toBe(true);
    }
  });

  it('verifies what the library asm.js curve signs, A of either sign (fixed seeds)', async () => {
    const old = await oldCurve();
    const bytes = seeded(0x5eed);
    let oldSignBitSet = 0;
    for (let i = 0; i < LIBRARY_SIGNS_KEYS; i++) {
      const { pubKey, privKey } = old.keyPair(buf(bytes(32)));
      const message = messageFor(i, bytes);
      const theirs = new Uint8Array(old.sign(privKey, buf(message)));
      if ((theirs[63] ?? 0) & 0x80) oldSignBitSet++;
      expect(xeddsaVerify(pubKey, message, theirs)).toBe(true);
    }
    // The old code stores A's sign bit in the signature: both cases are among the keys.
    expect(oldSignBitSet).toBeGreaterThan(0);
    expect(oldSignBitSet).toBeLessThan(LIBRARY_SIGNS_KEYS);
  });

  it('interoperates with random keys and messages through the library curve wrappers', async () => {
    const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
    const old = new AsyncCurve25519Wrapper();
    for (let i = 0; i < 12; i++) {
      const { pubKey, privKey } = await old.keyPair(
        crypto.getRandomValues(new Uint8Array(32)).buffer,
      );
      const message = crypto.getRandomValues(new Uint8Array(1 + i * 3)).buffer;
      const ours = await xeddsaSigner.sign(privKey, message);
      expect(ours.byteLength).toBe(64);
      expect(await old.verify(pubKey, message, ours)).toBe(false);
      expect(await xeddsaSigner.verify(pubKey, message, ours)).toBe(false);
      const theirs = await old.sign(privKey, message);
      expect(await xeddsaSigner.verify(pubKey, message, theirs)).toBe(false);
    }
  });

  it('is randomized by Z, and deterministic for a given Z', async () => {
    const old = await oldCurve();
    const bytes = seeded(7);
    const { privKey, pubKey } = old.keyPair(buf(bytes(32)));
    const message = bytes(40);
    const z = bytes(64);
    expect(xeddsaSign(privKey, message, z)).toEqual(xeddsaSign(privKey, message, z));
    const other = xeddsaSign(privKey, message);
    expect(other).not.toEqual(xeddsaSign(privKey, message));
    expect(xeddsaVerify(pubKey, message, other)).toBe(true);
  });

  it('signs with the clamped key, as X25519 derives the public key', async () => {
    const old = await oldCurve();
    const raw = seeded(99)(32);
    raw[0] = (raw[0] ?? 0) | 7;
    raw[31] = (raw[31] ?? 0) | 0x80;
    const { pubKey } = old.keyPair(buf(raw));
    const message = new Uint8Array([1, 2, 3]);
    expect(xeddsaVerify(pubKey, message, xeddsaSign(raw, message))).toBe(true);
  });

  /** Every listed bit of the signature, the message and the key matter for `signer`'s output. */
  async function expectTamperingRejected(signer: 'ours' | 'library', seed: number) {
    const old = await oldCurve();
    const bytes = seeded(seed);
    for (let i = 0; i < TAMPER_KEYS; i++) {
      const { pubKey, privKey } = old.keyPair(buf(bytes(32)));
      const other = old.keyPair(buf(bytes(32)));
      const message = bytes(24 + i);
      const sig =
        signer === 'ours'
          ? xeddsaSign(privKey, message, bytes(64))
          : new Uint8Array(old.sign(privKey, buf(message)));
      expect(xeddsaVerify(pubKey, message, sig)).toBe(true);
      // Every bit of the signature matters (R by byte comparison, s through sB). The library
      // refuses a tampered signature too: checked once per half (R, s), its verification being
      // the slow part of this test.
      for (const bit of [0, 7, 100, 255, 256, 300, 500, 502, 503, 504]) {
        const bad = sig.slice();
        bad[bit >> 3] = (bad[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        expect(xeddsaVerify(pubKey, message, bad)).toBe(false);
        if (bit === 100 || bit === 300) {
          expect(old.verify(pubKey, buf(message), buf(bad))).toBe(true);
        }
      }
      const badMessage = message.slice();
      badMessage[i % badMessage.length] = (badMessage[i % badMessage.length] ?? 0) ^ 1;
      expect(xeddsaVerify(pubKey, badMessage, sig)).toBe(false);
      expect(xeddsaVerify(other.pubKey, message, sig)).toBe(false);
      expect(xeddsaVerify(pubKey, message, sig.subarray(0, 63))).toBe(false);
    }
  }

  // One test per signer: each is half the asm.js curve work of checking both at once.
  it('rejects tampered signatures, messages and keys: its own signatures', async () => {
    await expectTamperingRejected('ours', 0xbad);
  });

  it("rejects tampered signatures, messages and keys: the library's signatures", async () => {
    await expectTamperingRejected('library', 0xbad);
  });

  it('rejects out-of-range inputs (spec checks) without throwing', async () => {
    const old = await oldCurve();
    const { pubKey, privKey } = old.keyPair(buf(seeded(3)(32)));
    const message = new Uint8Array([9]);
    const sig = xeddsaSign(privKey, message);
    // s ≥ 2^253.
    const bigS = sig.slice();
    bigS[63] = (bigS[63] ?? 0) | 0x20;
    expect(xeddsaVerify(pubKey, message, bigS)).toBe(false);
    // u ≥ p: p itself, and an all-ones key.
    const p = new Uint8Array(32).fill(0xff);
    p[0] = 0xed;
    p[31] = 0x7f;
    expect(xeddsaVerify(p, message, sig)).toBe(false);
    expect(xeddsaVerify(new Uint8Array(32).fill(0xff), message, sig)).toBe(false);
    // u = p − 1 (u + 1 ≡ 0) and u = 0, 1: no valid signature, no exception.
    const pMinus1 = p.slice();
    pMinus1[0] = 0xec;
    for (const u of [pMinus1, new Uint8Array(32), Uint8Array.of(1, ...new Uint8Array(31))]) {
      expect(xeddsaVerify(u, message, sig)).toBe(false);
    }
    expect(xeddsaVerify(new Uint8Array(31), message, sig)).toBe(false);
    expect(() => xeddsaSign(new Uint8Array(31), message)).toThrow();
  });
});
