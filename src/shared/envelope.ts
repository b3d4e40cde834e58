/**
 * The wire format of DESIGN.md §5: base info, handshake bundles, the encrypted envelope and its
 * plaintexts. Runs everywhere.
 */
import { z } from './zod';
import { MAX_CIPHERTEXT_B64 } from './constants';

/** Base info the SPA sends with every call (PRODUCT.md §3): deviceId with -h5, system H5 on web. */
export const userBaseInfoSchema = z.object({
  deviceId: z.string().min(1).max(200),
  system: z.string().min(1).max(20),
  tokenValue: z.string().max(500),
  version: z.string().max(40),
});
export type UserBaseInfo = z.infer<typeof userBaseInfoSchema>;

const b64 = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** A prekey bundle; every key is base64 of the 33-byte 0x05-prefixed value. */
export const bundleSchema = z.object({
  registrationId: z.number().int().nonnegative().max(0x3fff),
  identityKey: b64,
  signedPreKey: z.object({ keyId: z.number().int().nonnegative(), publicKey: b64, signature: b64 }),
  preKey: z.object({ keyId: z.number().int().nonnegative(), publicKey: b64 }).optional(),
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
  sid: z.string().min(1).max(100),
  deviceId: z.string(),
  bundle: bundleSchema,
});
export type HandshakeAnswer = z.infer<typeof handshakeAnswerSchema>;

/** Plain request body `{data, userBaseInfo}`. */
export const plainBodySchema = z.object({ data: z.unknown(), userBaseInfo: userBaseInfoSchema });
export type PlainBody = z.infer<typeof plainBodySchema>;

/** Signal message types: 3 PreKeyWhisperMessage, 1 WhisperMessage. */
export const MessageType = { WHISPER: 1, PREKEY: 3 } as const;
const messageTypeSchema = z.union([z.literal(1), z.literal(3)]);

export { MAX_CIPHERTEXT_B64 };

/** Encrypted request body. */
export const encryptedRequestSchema = z.object({
  v: z.literal(1),
  sid: z.string().min(1).max(100),
  dev: z.string().min(1).max(200),
  type: messageTypeSchema,
  body: z
    .string()
    .min(1)
    .max(MAX_CIPHERTEXT_B64)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type EncryptedRequest = z.infer<typeof encryptedRequestSchema>;

/** Plaintext of an encrypted request. `rid` is echoed in the answer; `ts` is ms since epoch. */
export const requestPlaintextSchema = z.object({
  rid: z.string().min(1).max(100),
  path: z.string().min(1).max(200),
  ts: z.number().int().nonnegative(),
  data: z.unknown(),
  userBaseInfo: userBaseInfoSchema,
});
export type RequestPlaintext = z.infer<typeof requestPlaintextSchema>;

/** Encrypted answer (HTTP 200). */
export const encryptedAnswerSchema = z.object({
  v: z.literal(1),
  type: messageTypeSchema,
  body: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type EncryptedAnswer = z.infer<typeof encryptedAnswerSchema>;

/** Plaintext of an encrypted answer. */
export const answerPlaintextSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
  rid: z.string(),
});
export type AnswerPlaintext = z.infer<typeof answerPlaintextSchema>;

/** A protocol error (HTTP 4xx plain JSON). */
export const protocolErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  /** With 4081 STALE_REQUEST: the server's clock (ms), so a client with a wrong clock adapts. */
  serverTime: z.number().optional(),
});

/** Signal address name of a session: `s-<sid>`. */
export function sessionAddressName(sid: string): string {
  return `s-${sid}`;
}
