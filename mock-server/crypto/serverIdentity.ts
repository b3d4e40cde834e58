/**
 * The server's long-term Signal keys (identity + signed prekey), persisted as JSON in the data dir
 * so a restart loses only sessions: clients then see 4011, re-handshake once, and retry.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromBase64, toBase64 } from '@shared/transport/bytes';
import { createLocalIdentity, type LocalIdentity } from '@shared/transport/codec';
import type { SignalLib } from '@shared/transport/signal';
import { z } from '@shared/zod';

export const IDENTITY_FILE = 'server-identity.json';

const b64 = z.string().check(z.minLength(1));
const keyPair = z.object({ pubKey: b64, privKey: b64 });
const fileSchema = z.object({
  version: z.literal(1),
  registrationId: z.int().check(z.nonnegative()),
  identityKeyPair: keyPair,
  signedPreKey: z.object({ keyId: z.int().check(z.nonnegative()), keyPair, signature: b64 }),
});

function decodePair(pair: z.infer<typeof keyPair>) {
  return { pubKey: fromBase64(pair.pubKey), privKey: fromBase64(pair.privKey) };
}

function encodePair(pair: { pubKey: ArrayBuffer; privKey: ArrayBuffer }) {
  return { pubKey: toBase64(pair.pubKey), privKey: toBase64(pair.privKey) };
}

async function readIdentity(file: string): Promise<LocalIdentity | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = fileSchema.parse(JSON.parse(text));
    return {
      registrationId: data.registrationId,
      identityKeyPair: decodePair(data.identityKeyPair),
      signedPreKey: {
        keyId: data.signedPreKey.keyId,
        keyPair: decodePair(data.signedPreKey.keyPair),
        signature: fromBase64(data.signedPreKey.signature),
      },
    };
  } catch (error) {
    console.warn(`[mock] ${file} is unreadable, creating a new server identity:`, error);
    return undefined;
  }
}

/**
 * Loads the identity from `dataDir`, or creates and saves one. Without a data dir the identity
 * lives in memory only (tests).
 */
export async function loadServerIdentity(lib: SignalLib, dataDir?: string): Promise<LocalIdentity> {
  const file = dataDir ? path.join(dataDir, IDENTITY_FILE) : undefined;
  const existing = file ? await readIdentity(file) : undefined;
  if (existing) return existing;
  const identity = await createLocalIdentity(lib);
  if (file && dataDir) {
    await mkdir(dataDir, { recursive: true });
    const data: z.infer<typeof fileSchema> = {
      version: 1,
      registrationId: identity.registrationId,
      identityKeyPair: encodePair(identity.identityKeyPair),
      signedPreKey: {
        keyId: identity.signedPreKey.keyId,
        keyPair: encodePair(identity.signedPreKey.keyPair),
        signature: toBase64(identity.signedPreKey.signature),
      },
    };
    // Write then rename, so a crash never leaves half a key file behind.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(data, null, 2), { mode: 0o600 });
    await rename(temp, file);
  }
  return identity;
}
