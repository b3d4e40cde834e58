/**
 * Signal ⇄ wire conversions shared by the client and the mock server (DESIGN.md §5): bundles as
 * base64 JSON, JSON plaintexts encrypted into `{type, body: base64}`. Runs in the browser and Node.
 */
import type { DeviceType, KeyPairType } from '@privacyresearch/libsignal-protocol-typescript';
import type { Bundle } from '@shared/envelope';
import { binaryStringToBuffer, bufferToUtf8, fromBase64, toBase64, utf8ToBuffer } from './bytes';
import type { SignalLib } from './signal';

/** Signal device number of every session: the address name (`s-<sid>`) identifies the peer. */
export const SIGNAL_DEVICE_ID = 1;

/** Long-term keys of one side. */
export interface LocalIdentity {
  registrationId: number;
  identityKeyPair: KeyPairType;
  signedPreKey: { keyId: number; keyPair: KeyPairType; signature: ArrayBuffer };
}

/** Fresh identity, registration id and signed prekey. */
export async function createLocalIdentity(lib: SignalLib, signedKeyId = 1): Promise<LocalIdentity> {
  const identityKeyPair = await lib.KeyHelper.generateIdentityKeyPair();
  const signed = await lib.KeyHelper.generateSignedPreKey(identityKeyPair, signedKeyId);
  return {
    registrationId: lib.KeyHelper.generateRegistrationId(),
    identityKeyPair,
    signedPreKey: { keyId: signed.keyId, keyPair: signed.keyPair, signature: signed.signature },
  };
}

/** The public bundle of an identity, optionally with a one-time prekey. */
export function bundleOf(
  identity: LocalIdentity,
  preKey?: { keyId: number; publicKey: ArrayBuffer },
): Bundle {
  return {
    registrationId: identity.registrationId,
    identityKey: toBase64(identity.identityKeyPair.pubKey),
    signedPreKey: {
      keyId: identity.signedPreKey.keyId,
      publicKey: toBase64(identity.signedPreKey.keyPair.pubKey),
      signature: toBase64(identity.signedPreKey.signature),
    },
    ...(preKey ? { preKey: { keyId: preKey.keyId, publicKey: toBase64(preKey.publicKey) } } : {}),
  };
}

/** A wire bundle as the library's SessionBuilder wants it. Throws on malformed base64. */
export function deviceOf(bundle: Bundle): DeviceType {
  return {
    registrationId: bundle.registrationId,
    identityKey: fromBase64(bundle.identityKey),
    signedPreKey: {
      keyId: bundle.signedPreKey.keyId,
      publicKey: fromBase64(bundle.signedPreKey.publicKey),
      signature: fromBase64(bundle.signedPreKey.signature),
    },
    ...(bundle.preKey
      ? { preKey: { keyId: bundle.preKey.keyId, publicKey: fromBase64(bundle.preKey.publicKey) } }
      : {}),
  };
}

/**
 * What encrypts and decrypts one session's messages: the library's `SessionCipher`, or the
 * engine's (./engineSession.ts), which has the same members.
 */
export interface MessageCipher {
  encrypt(plaintext: ArrayBuffer): Promise<{ type: number; body?: string }>;
  decryptWhisperMessage(message: ArrayBuffer | string, encoding?: string): Promise<ArrayBuffer>;
  decryptPreKeyWhisperMessage(
    message: ArrayBuffer | string,
    encoding?: string,
  ): Promise<ArrayBuffer>;
}

/** Encrypts a JSON value; `type` 3 (PreKey) until the peer has answered, then 1. */
export async function encryptJson(
  cipher: MessageCipher,
  value: unknown,
): Promise<{ type: 1 | 3; body: string }> {
  const message = await cipher.encrypt(utf8ToBuffer(JSON.stringify(value)));
  if (message.body === undefined || (message.type !== 1 && message.type !== 3)) {
    throw new Error('Signal produced no ciphertext');
  }
  return { type: message.type, body: toBase64(binaryStringToBuffer(message.body)) };
}

/** Decrypts `{type, body}` and parses the JSON plaintext (still `unknown`: parse it next). */
export async function decryptJson(
  cipher: MessageCipher,
  type: 1 | 3,
  body: string,
): Promise<unknown> {
  const bytes = fromBase64(body);
  const plain =
    type === 3
      ? await cipher.decryptPreKeyWhisperMessage(bytes, 'binary')
      : await cipher.decryptWhisperMessage(bytes, 'binary');
  return JSON.parse(bufferToUtf8(plain));
}
