/**
 * Whether this engine's WebCrypto can run the whole Signal session (./engineSession.ts): X25519
 * (keys with a leading zero byte included, ./webCryptoX25519.ts), Ed25519 signing and checking
 * (for XEdDSA, ./engineCrypto.ts), SHA-512, HKDF, HMAC and AES-CBC, each checked against a
 * published answer. Where one is missing or wrong, the client runs the Signal library with its
 * JS fallbacks instead (./clientSession.ts), loaded only then. A handful of native calls, all at
 * once, so it costs a slow phone a few milliseconds. Runs in the browser and in Node.
 */
import { EngineCrypto } from './engineCrypto';
import type { Subtle } from './webCrypto';
import { probeWebCryptoX25519 } from './webCryptoX25519';

const hex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function same(a: ArrayBuffer | Uint8Array, b: Uint8Array): boolean {
  const view = a instanceof Uint8Array ? a : new Uint8Array(a);
  return view.length === b.length && view.every((byte, i) => byte === b[i]);
}

/** RFC 8032 §7.1, test 1: an Ed25519 seed, its public key and its signature of the empty message. */
const ED25519_VECTOR = {
  seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  signature:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
};

/**
 * A signature by the Signal library's own curve (curve25519-typescript, as the server signs),
 * whose Edwards key has its sign bit set: the bit travels in the signature's top bit
 * (engineProbe.test.ts checks it against the library).
 */
export const XEDDSA_VECTOR = {
  pub: '4e957a7ec69923aa3b7e7f87bec276e5a4c616514c9bc57c690bb4d0216b9361',
  message: 'Direct Loan H5: the engine verifies XEdDSA',
  signature:
    'bd51aa335a7c41176c70a9e78bd2e6c925fd4b22a2b37e715741027caa3cddbe518f657b736a79c25ea66882e90c039bd7632ce2189841dcd34e4743cf993c8a',
} as const;

/** RFC 4231 test case 2: HMAC-SHA-256 of "what do ya want for nothing?" under "Jefe". */
const HMAC_VECTOR = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

/** RFC 5869 test case 1 (HKDF-SHA-256), its 42 bytes. */
const HKDF_VECTOR = {
  ikm: '0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b',
  salt: '000102030405060708090a0b0c',
  info: 'f0f1f2f3f4f5f6f7f8f9',
  okm: '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
};

/** NIST SP 800-38A F.2.5 (CBC-AES256.Encrypt), its first block. */
const AES_CBC_VECTOR = {
  key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4',
  iv: '000102030405060708090a0b0c0d0e0f',
  plain: '6bc1bee22e409f96e93d7e117393172a',
  cipher: 'f58c4c04d6e5f1ba779eabfb5f7bfbd6',
};

/** FIPS 180-2: SHA-512 of "abc". */
const SHA512_ABC =
  'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f';

async function signsEd25519(subtle: Subtle): Promise<boolean> {
  const pkcs8 = new Uint8Array(48);
  pkcs8.set(hex('302e020100300506032b657004220420'));
  pkcs8.set(hex(ED25519_VECTOR.seed), 16);
  const key = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  const [signature, jwk] = await Promise.all([
    subtle.sign({ name: 'Ed25519' }, key, new Uint8Array(0)),
    subtle.exportKey('jwk', key),
  ]);
  return same(signature, hex(ED25519_VECTOR.signature)) && typeof jwk.x === 'string';
}

async function checksXeddsa(subtle: Subtle): Promise<boolean> {
  const engine = new EngineCrypto(subtle, (into) => into);
  const message = ascii(XEDDSA_VECTOR.message);
  const signature = hex(XEDDSA_VECTOR.signature);
  const forged = signature.slice();
  forged[0] = (forged[0] ?? 0) ^ 1;
  const [good, bad] = await Promise.all([
    engine.verify(hex(XEDDSA_VECTOR.pub), message, signature),
    engine.verify(hex(XEDDSA_VECTOR.pub), message, forged),
  ]);
  return good && !bad;
}

async function macs(subtle: Subtle): Promise<boolean> {
  const engine = new EngineCrypto(subtle, (into) => into);
  const [mac] = await engine.hmac(ascii('Jefe'), ascii('what do ya want for nothing?'));
  return mac !== undefined && same(mac, hex(HMAC_VECTOR));
}

async function derivesHkdf(subtle: Subtle): Promise<boolean> {
  const key = await subtle.importKey('raw', hex(HKDF_VECTOR.ikm), 'HKDF', false, ['deriveBits']);
  const okm = await subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: hex(HKDF_VECTOR.salt), info: hex(HKDF_VECTOR.info) },
    key,
    42 * 8,
  );
  return same(okm, hex(HKDF_VECTOR.okm));
}

async function encryptsAesCbc(subtle: Subtle): Promise<boolean> {
  const engine = new EngineCrypto(subtle, (into) => into);
  const { key, iv, plain, cipher } = AES_CBC_VECTOR;
  const out = await engine.aesCbc('encrypt', hex(key), hex(iv), hex(plain));
  const back = await engine.aesCbc('decrypt', hex(key), hex(iv), out);
  return same(out.slice(0, 16), hex(cipher)) && same(back, hex(plain));
}

async function hashesSha512(subtle: Subtle): Promise<boolean> {
  return same(await subtle.digest('SHA-512', ascii('abc')), hex(SHA512_ABC));
}

const probes = new WeakMap<Subtle, Promise<boolean>>();

/** Whether `subtle` runs the Signal session on its own (memoized per `subtle`; never throws). */
export function engineRunsSignal(subtle: Subtle | undefined): Promise<boolean> {
  if (!subtle) return Promise.resolve(false);
  let probe = probes.get(subtle);
  if (!probe) {
    const checks = [
      probeWebCryptoX25519(subtle).then((x) => x.available && x.leadingZeroBytes),
      signsEd25519(subtle),
      checksXeddsa(subtle),
      macs(subtle),
      derivesHkdf(subtle),
      encryptsAesCbc(subtle),
      hashesSha512(subtle),
    ].map((check) => check.catch(() => false));
    probe = Promise.all(checks).then((results) => results.every(Boolean));
    probes.set(subtle, probe);
  }
  return probe;
}
