/**
 * XEdDSA over Curve25519 (https://signal.org/docs/specifications/xeddsa/): Signal's
 * `calculateSignature` / `verifySignature` on @noble/curves' ed25519 point arithmetic and SHA-512,
 * so the browser needs no asm.js curve for signatures (key agreement runs on WebCrypto X25519,
 * ./x25519). Runs in the browser and in Node.
 *
 * Keys as the Signal library hands them to its curve: a 32-byte Montgomery private key (clamped
 * here, as X25519 does) and a 32-byte Montgomery public key u (the library strips the 0x05
 * prefix before calling the curve). Signatures are R || s, 64 bytes.
 *
 * Signing follows the specification exactly: the Edwards key pair with the sign bit forced to 0
 * (a = −k mod q when kB has sign bit 1), r = hash1(a || M || Z) with 64 random bytes Z.
 * Verifying follows it too (u < p, s < 2^253, A from u with sign bit 0, R == sB − hA byte for
 * byte), with one addition Signal's own verifiers make: the top bit of the signature's last byte,
 * 0 in every XEdDSA signature, is taken as A's sign bit and cleared from s. That accepts the
 * signatures of the older Curve25519 signing code (curve25519-typescript's asm.js, the library's
 * default and the server's), which keep the Edwards key as is and store its sign bit there.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from './bytes';

const Point = ed25519.Point;
const P = Point.Fp.ORDER;
const Q = Point.Fn.ORDER;
const Fp = Point.Fp;
/**
 * The base point without noble's precomputed table (a copy: `Point.BASE` builds a 6-bit window
 * table on its first use, ≈ 40 ms in Node, far more on a slow phone). A client signs once and
 * verifies once per handshake, so the table never pays back: first signature + verification
 * ≈ 20 instead of ≈ 70 ms in Node, at ≈ 5 instead of 2 ms per later signature.
 */
const B = /* @__PURE__ */ Point.fromAffine(Point.BASE.toAffine());

/** hash1's prefix: 2^256 − 2, little-endian (0xFE then 31 × 0xFF). */
const HASH1_PREFIX = /* @__PURE__ */ (() => {
  const prefix = new Uint8Array(32).fill(0xff);
  prefix[0] = 0xfe;
  return prefix;
})();

/** SHA-512 of the parts as a little-endian integer mod q. */
function hashToScalar(...parts: Uint8Array[]): bigint {
  return bytesToNumberLE(sha512(concatBytes(...parts))) % Q;
}

function clamp(privKey: Uint8Array): Uint8Array {
  const k = Uint8Array.from(privKey);
  k[0] = (k[0] ?? 0) & 248;
  k[31] = ((k[31] ?? 0) & 127) | 64;
  return k;
}

function toBytes(view: ArrayBuffer | Uint8Array): Uint8Array {
  return view instanceof Uint8Array ? view : new Uint8Array(view);
}

/**
 * XEdDSA signature of `message` with the Montgomery private key `privKey` (32 bytes). `random`
 * is Z (64 bytes); fresh random bytes unless given (tests pass fixed ones).
 */
export function xeddsaSign(
  privKey: ArrayBuffer | Uint8Array,
  message: ArrayBuffer | Uint8Array,
  random?: Uint8Array,
): Uint8Array {
  const priv = toBytes(privKey);
  if (priv.length !== 32) throw new Error('XEdDSA: private key must be 32 bytes');
  const Z = random ?? globalThis.crypto.getRandomValues(new Uint8Array(64));
  if (Z.length !== 64) throw new Error('XEdDSA: Z must be 64 bytes');
  const M = toBytes(message);
  // calculate_key_pair(k): E = kB; A = E with sign bit 0; a = ±k mod q accordingly.
  const k = bytesToNumberLE(clamp(priv)) % Q;
  const E = B.multiply(k);
  const A = E.toBytes();
  const signBit = (A[31] ?? 0) & 0x80;
  A[31] = (A[31] ?? 0) & 0x7f;
  const a = signBit ? (Q - k) % Q : k;
  const aBytes = numberToBytesLE(a, 32);
  const r = hashToScalar(HASH1_PREFIX, aBytes, M, Z);
  const R = B.multiply(r).toBytes();
  const h = hashToScalar(R, A, M);
  const s = (r + h * a) % Q;
  return concatBytes(R, numberToBytesLE(s, 32));
}

/**
 * Whether `signature` (64 bytes) is a valid signature of `message` under the Montgomery public
 * key `pubKey` (32 bytes, no 0x05 prefix). Never throws on malformed input: answers false.
 */
export function xeddsaVerify(
  pubKey: ArrayBuffer | Uint8Array,
  message: ArrayBuffer | Uint8Array,
  signature: ArrayBuffer | Uint8Array,
): boolean {
  const pub = toBytes(pubKey);
  const sig = toBytes(signature);
  if (pub.length !== 32 || sig.length !== 64) return false;
  const u = bytesToNumberLE(pub);
  if (u >= P) return false;
  // A's sign bit from the signature's top bit (0 in XEdDSA signatures; see the module comment).
  const signBit = (sig[63] ?? 0) & 0x80;
  const sBytes = sig.slice(32, 64);
  sBytes[31] = (sBytes[31] ?? 0) & 0x7f;
  const s = bytesToNumberLE(sBytes);
  if (s >> 253n) return false;
  const uPlusOne = Fp.add(u, Fp.ONE);
  if (Fp.is0(uPlusOne)) return false;
  const y = Fp.div(Fp.sub(u, Fp.ONE), uPlusOne);
  const aBytes = numberToBytesLE(y, 32);
  aBytes[31] = (aBytes[31] ?? 0) | signBit;
  let A: InstanceType<typeof Point>;
  try {
    A = Point.fromBytes(aBytes);
  } catch {
    return false;
  }
  const R = sig.subarray(0, 32);
  const h = hashToScalar(R, aBytes, toBytes(message));
  const check = B.multiplyUnsafe(s % Q)
    .subtract(A.multiplyUnsafe(h))
    .toBytes();
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= (check[i] ?? 0) ^ (R[i] ?? 0);
  return diff === 0;
}

/** Signatures for the library's curve (`setCurve`): `verify` answers true when INVALID. */
export const xeddsaSigner = {
  sign: async (privKey: ArrayBuffer, message: ArrayBuffer): Promise<ArrayBuffer> => {
    const sig = xeddsaSign(privKey, message);
    return sig.buffer.slice(sig.byteOffset, sig.byteOffset + sig.byteLength) as ArrayBuffer;
  },
  verify: async (pubKey: ArrayBuffer, message: ArrayBuffer, sig: ArrayBuffer): Promise<boolean> =>
    !xeddsaVerify(pubKey, message, sig),
};
