/**
 * The wire format of DESIGN.md §5: base info, handshake bundles, the encrypted envelope and its
 * plaintexts. Runs everywhere.
 */

import { MAX_CIPHERTEXT_B64 } from './constants';
import { z } from './zod';

/** Base info the SPA sends with every call (PRODUCT.md §3): deviceId with -h5, system H5 on web. */
export const userBaseInfoSchema = z.object({
  deviceId: z.string().check(z.minLength(1), z.maxLength(200)),
  system: z.string().check(z.minLength(1), z.maxLength(20)),
  tokenValue: z.string().check(z.maxLength(500)),
  version: z.string().check(z.maxLength(40)),
});
export type UserBaseInfo = z.infer<typeof userBaseInfoSchema>;

const b64 = z
  .string()
  .check(z.maxLength(4096), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'));

/** A prekey bundle; every key is base64 of the 33-byte 0x05-prefixed value. */
const bundleSchema = z.object({
  registrationId: z.int().check(z.nonnegative(), z.lte(0x3fff)),
  identityKey: b64,
  signedPreKey: z.object({ keyId: z.int().check(z.nonnegative()), publicKey: b64, signature: b64 }),
  preKey: z.optional(z.object({ keyId: z.int().check(z.nonnegative()), publicKey: b64 })),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** Handshake request `data` (config/getServicePublicKey and app/secret/getServicePublicKey/v1). */
export const handshakeRequestSchema = z.object({
  clientBundle: bundleSchema,
  baseInfo: userBaseInfoSchema,
});
export type HandshakeRequest = z.infer<typeof handshakeRequestSchema>;
/** Handshake answer `data`: the session id, the device id it is bound to, the server bundle. */
export const handshakeAnswerSchema = z.object({
  sid: z.string().check(z.minLength(1), z.maxLength(100)),
  deviceId: z.string(),
  bundle: bundleSchema,
  /**
   * The server's clock (epoch ms) when it answered: the client's requests carry `ts` on it from
   * the first one (no 4081 round trip), and the SPA judges what the server decides by time — event
   * windows — on it, not on the phone's clock. Optional: a server that omits it leaves the client
   * on its own clock until a 4081 says otherwise.
   */
  serverTime: z.optional(z.number()),
});
export type HandshakeAnswer = z.infer<typeof handshakeAnswerSchema>;

/** Plain request body `{data, userBaseInfo}`. */
export const plainBodySchema = z.object({ data: z.unknown(), userBaseInfo: userBaseInfoSchema });

/** Signal message types: 3 PreKeyWhisperMessage, 1 WhisperMessage. */
const MessageType = { WHISPER: 1, PREKEY: 3 } as const;
const messageTypeSchema = z.union([z.literal(MessageType.WHISPER), z.literal(MessageType.PREKEY)]);

export { MAX_CIPHERTEXT_B64 };

/** Encrypted request body. */
export const encryptedRequestSchema = z.object({
  v: z.literal(1),
  sid: z.string().check(z.minLength(1), z.maxLength(100)),
  dev: z.string().check(z.minLength(1), z.maxLength(200)),
  type: messageTypeSchema,
  body: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(MAX_CIPHERTEXT_B64),
      z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    ),
});
export type EncryptedRequest = z.infer<typeof encryptedRequestSchema>;

/** Plaintext of an encrypted request. `rid` is echoed in the answer; `ts` is ms since epoch. */
export const requestPlaintextSchema = z.object({
  rid: z.string().check(z.minLength(1), z.maxLength(100)),
  path: z.string().check(z.minLength(1), z.maxLength(200)),
  ts: z.int().check(z.nonnegative()),
  data: z.unknown(),
  userBaseInfo: userBaseInfoSchema,
});
export type RequestPlaintext = z.infer<typeof requestPlaintextSchema>;

/** Encrypted answer (HTTP 200). */
export const encryptedAnswerSchema = z.object({
  v: z.literal(1),
  type: messageTypeSchema,
  body: z.string().check(z.minLength(1), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')),
});
export type EncryptedAnswer = z.infer<typeof encryptedAnswerSchema>;

/** Plaintext of an encrypted answer. */
export const answerPlaintextSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.unknown(),
  rid: z.string(),
});
export type AnswerPlaintext = z.infer<typeof answerPlaintextSchema>;

/** A protocol error (HTTP 4xx plain JSON). */
export const protocolErrorSchema = z.object({
  code: z.int(),
  message: z.string(),
  /** With 4081 STALE_REQUEST: the server's clock (ms), so a client with a wrong clock adapts. */
  serverTime: z.optional(z.number()),
});

/** Signal address name of a session: `s-<sid>`. */
export function sessionAddressName(sid: string): string {
  return `s-${sid}`;
}
