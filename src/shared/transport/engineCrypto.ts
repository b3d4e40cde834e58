/**
 * The Signal session's primitives on the engine's WebCrypto alone (./engineSession.ts): X25519
 * key pairs and agreement, HKDF-SHA-256, HMAC-SHA-256, AES-256-CBC, and XEdDSA over Ed25519.
 * Keys and outputs are the Signal library's (32-byte clamped private keys, 33-byte public keys
 * with the 0x05 prefix, HKDF's first three 32-byte blocks), so sessions and records are the
 * same on either side. Which engines qualify is ./engineProbe.ts's decision. Runs in the browser
 * and in Node (20+).
 *
 * XEdDSA without curve code of our own:
 * - checking a peer's signature: the Montgomery key u is mapped to the Edwards y = (u − 1)/(u + 1)
 *   (one inversion mod p with BigInt), the sign bit taken from the signature's top bit (where
 *   curve25519's signing code puts it, and 0 in XEdDSA's own: xeddsa.ts says why both are
 *   read), and the signature is then an Ed25519 signature under that key (RFC 8032), which
 *   WebCrypto checks;
 * - signing: an identity made from an Ed25519 seed, whose secret scalar a = clamp(SHA-512(seed)
 *   [0..32]) is also a valid X25519 private key with the Montgomery form of the same public point.
 *   Ed25519 signs with a (RFC 8032 §5.1.6) and the Edwards key's sign bit goes into the
 *   signature's top bit, as curve25519's signing code writes it: every XEdDSA verifier of Signal
 *   (the library's curve, ./xeddsa.ts, the check above) accepts it.
 */
import { exactBuffer } from './bytes';
import type { Subtle, WebCryptoKey } from './webCrypto';

/** A key pair as the Signal library keeps it: 33-byte public key (0x05 ‖ u), 32-byte private key. */
export interface SignalKeyPair {
  pubKey: ArrayBuffer;
  privKey: ArrayBuffer;
}

const X25519 = { name: 'X25519' } as const;
const ED25519 = { name: 'Ed25519' } as const;
/** PKCS#8 headers (RFC 8410) of an X25519 and an Ed25519 private key; the 32 raw bytes follow. */
const X25519_PKCS8 = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
]);
const ED25519_PKCS8 = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** The field prime of Curve25519, 2^255 − 19. */
const P = (1n << 255n) - 19n;

const bytes = (data: ArrayBuffer | Uint8Array): Uint8Array =>
  data instanceof Uint8Array ? data : new Uint8Array(data);

function withPrefix(prefix: Uint8Array, raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(prefix.length + raw.length);
  out.set(prefix);
  out.set(raw, prefix.length);
  return out;
}

/** Clamps an X25519 private key (RFC 7748 §5), as the library's curve stores it. */
function clamp(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const k = Uint8Array.from(raw);
  k[0] = (k[0] ?? 0) & 248;
  k[31] = ((k[31] ?? 0) & 127) | 64;
  return k;
}

/** The 32-byte key without the library's 0x05 prefix; throws on any other shape. */
function rawPublicKey(pubKey: ArrayBuffer | Uint8Array): Uint8Array<ArrayBuffer> {
  const view = bytes(pubKey);
  if (view.length === 33 && view[0] === 5) return view.slice(1);
  if (view.length === 32) return view.slice();
  throw new Error(`Invalid public key (${view.length} bytes)`);
}

function signalPublicKey(raw: Uint8Array): ArrayBuffer {
  return exactBuffer(withPrefix(Uint8Array.of(5), raw));
}

function base64UrlBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function littleEndian(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 0; i < 32; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function fromLittleEndian(view: Uint8Array): bigint {
  let value = 0n;
  for (let i = view.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(view[i] ?? 0);
  return value;
}

function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % P;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

/**
 * The Edwards y (encoded, 32 bytes, sign bit clear) of the Montgomery key `u`; undefined for a
 * key that has none (u ≥ p, or u = −1).
 */
function edwardsOfMontgomery(u: Uint8Array): Uint8Array | undefined {
  const x = fromLittleEndian(u);
  if (x >= P) return undefined;
  const denominator = (x + 1n) % P;
  if (denominator === 0n) return undefined;
  return littleEndian((((x - 1n + P) % P) * powMod(denominator, P - 2n)) % P);
}

/** The engine's crypto for the Signal session (see the module comment). */
export class EngineCrypto {
  /** Private keys imported for agreement, by their bytes (a ratchet key is used twice). */
  private readonly privateKeys = new Map<string, Promise<WebCryptoKey>>();

  constructor(
    private readonly subtle: Subtle,
    private readonly random: (into: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
  ) {}

  randomBytes(length: number): Uint8Array<ArrayBuffer> {
    return this.random(new Uint8Array(length));
  }

  /** A fresh X25519 key pair. */
  async keyPair(): Promise<SignalKeyPair> {
    const pair = (await this.subtle.generateKey(X25519, true, ['deriveBits'])) as {
      publicKey: WebCryptoKey;
      privateKey: WebCryptoKey;
    };
    const [pub, pkcs8] = await Promise.all([
      this.subtle.exportKey('raw', pair.publicKey),
      this.subtle.exportKey('pkcs8', pair.privateKey),
    ]);
    const priv = clamp(new Uint8Array(pkcs8).slice(-32));
    this.privateKeys.set(String.fromCharCode(...priv), Promise.resolve(pair.privateKey));
    this.forgetOldKeys();
    return { pubKey: signalPublicKey(new Uint8Array(pub)), privKey: exactBuffer(priv) };
  }

  /** X25519 of our private key and their public key (33 or 32 bytes). */
  async agree(theirPublic: ArrayBuffer | Uint8Array, ourPrivate: ArrayBuffer): Promise<Uint8Array> {
    const [pub, priv] = await Promise.all([
      this.subtle.importKey('raw', rawPublicKey(theirPublic), X25519, false, []),
      this.privateKey(new Uint8Array(ourPrivate)),
    ]);
    const secret = await this.subtle.deriveBits({ name: 'X25519', public: pub }, priv, 256);
    if (secret.byteLength !== 32) throw new Error('X25519 agreement gave no 32 bytes');
    return new Uint8Array(secret);
  }

  private privateKey(priv: Uint8Array): Promise<WebCryptoKey> {
    const id = String.fromCharCode(...priv);
    let key = this.privateKeys.get(id);
    if (!key) {
      key = this.subtle.importKey('pkcs8', withPrefix(X25519_PKCS8, priv), X25519, false, [
        'deriveBits',
      ]);
      this.privateKeys.set(id, key);
      key.catch(() => this.privateKeys.delete(id));
      this.forgetOldKeys();
    }
    return key;
  }

  /** Keeps the few most recent private keys (a session uses its current ratchet key twice). */
  private forgetOldKeys(): void {
    while (this.privateKeys.size > 8) {
      this.privateKeys.delete(this.privateKeys.keys().next().value as string);
    }
  }

  /** HKDF-SHA-256 (RFC 5869) to 96 bytes, as three 32-byte blocks: the library's HKDF. */
  async hkdf(
    input: Uint8Array,
    salt: Uint8Array,
    info: string,
  ): Promise<[Uint8Array, Uint8Array, Uint8Array]> {
    const key = await this.subtle.importKey('raw', Uint8Array.from(input), 'HKDF', false, [
      'deriveBits',
    ]);
    const out = new Uint8Array(
      await this.subtle.deriveBits(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: Uint8Array.from(salt),
          info: Uint8Array.from(info, (c) => c.charCodeAt(0)),
        },
        key,
        768,
      ),
    );
    return [out.slice(0, 32), out.slice(32, 64), out.slice(64, 96)];
  }

  /** HMAC-SHA-256 of each of `messages` under one key. */
  async hmac(key: Uint8Array, ...messages: Uint8Array[]): Promise<Uint8Array[]> {
    const imported = await this.subtle.importKey(
      'raw',
      Uint8Array.from(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const macs = await Promise.all(
      messages.map((message) => this.subtle.sign('HMAC', imported, Uint8Array.from(message))),
    );
    return macs.map((mac) => new Uint8Array(mac));
  }

  /** AES-256-CBC with PKCS#7 padding. */
  async aesCbc(
    mode: 'encrypt' | 'decrypt',
    key: Uint8Array,
    iv: Uint8Array,
    data: Uint8Array,
  ): Promise<Uint8Array> {
    const imported = await this.subtle.importKey('raw', Uint8Array.from(key), 'AES-CBC', false, [
      mode,
    ]);
    const params = { name: 'AES-CBC', iv: Uint8Array.from(iv) };
    const out =
      mode === 'encrypt'
        ? await this.subtle.encrypt(params, imported, Uint8Array.from(data))
        : await this.subtle.decrypt(params, imported, Uint8Array.from(data));
    return new Uint8Array(out);
  }

  /**
   * A Signal identity whose private key can sign (see the module comment): the X25519 key pair
   * and a signer for it.
   */
  async signingIdentity(): Promise<{
    keyPair: SignalKeyPair;
    sign(message: ArrayBuffer): Promise<ArrayBuffer>;
  }> {
    const seed = this.randomBytes(32);
    const signing = await this.subtle.importKey(
      'pkcs8',
      withPrefix(ED25519_PKCS8, seed),
      ED25519,
      true,
      ['sign'],
    );
    const [jwk, digest] = await Promise.all([
      this.subtle.exportKey('jwk', signing),
      this.subtle.digest('SHA-512', seed),
    ]);
    const edwards = jwk.x === undefined ? undefined : base64UrlBytes(jwk.x);
    if (edwards?.length !== 32) throw new Error('Ed25519 gave no 32-byte public key');
    const signBit = (edwards[31] ?? 0) & 0x80;
    // The secret scalar of the seed (RFC 8032 §5.1.5), already clamped: the X25519 private key.
    const priv = clamp(new Uint8Array(digest).slice(0, 32));
    const x25519 = await this.subtle.importKey(
      'pkcs8',
      withPrefix(X25519_PKCS8, priv),
      X25519,
      true,
      ['deriveBits'],
    );
    const xJwk = await this.subtle.exportKey('jwk', x25519);
    const u = xJwk.x === undefined ? undefined : base64UrlBytes(xJwk.x);
    if (u?.length !== 32) throw new Error('X25519 gave no 32-byte public key');
    return {
      keyPair: { pubKey: signalPublicKey(u), privKey: exactBuffer(priv) },
      sign: async (message) => {
        const signature = new Uint8Array(
          await this.subtle.sign(ED25519, signing, Uint8Array.from(bytes(message))),
        );
        signature[63] = ((signature[63] ?? 0) & 0x7f) | signBit;
        return exactBuffer(signature);
      },
    };
  }

  /**
   * Whether `signature` is an XEdDSA (or curve25519) signature of `message` under the Montgomery
   * key `pubKey` (33 or 32 bytes). False, never a throw, for any malformed input.
   */
  async verify(
    pubKey: ArrayBuffer | Uint8Array,
    message: ArrayBuffer | Uint8Array,
    signature: ArrayBuffer | Uint8Array,
  ): Promise<boolean> {
    try {
      const sig = Uint8Array.from(bytes(signature));
      if (sig.length !== 64) return false;
      const edwards = edwardsOfMontgomery(rawPublicKey(pubKey));
      if (!edwards) return false;
      edwards[31] = (edwards[31] ?? 0) | ((sig[63] ?? 0) & 0x80);
      sig[63] = (sig[63] ?? 0) & 0x7f;
      const key = await this.subtle.importKey('raw', Uint8Array.from(edwards), ED25519, false, [
        'verify',
      ]);
      return await this.subtle.verify(ED25519, key, sig, Uint8Array.from(bytes(message)));
    } catch {
      return false;
    }
  }
}
