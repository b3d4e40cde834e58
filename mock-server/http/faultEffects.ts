/**
 * What an armed fault does on the wire (src/shared/workbench.ts FAULT_KINDS), for the API router.
 * Every effect is marked in the traffic log entry of its call (`fault: {id, kind, path, effect}`).
 */
import type { Request, Response } from 'express';
import type { HandshakeAnswer } from '@shared/envelope';
import { toBase64 } from '@shared/transport/bytes';
import { type ArmedFault, FAULT_TIMEOUT_HOLD_MS, type FaultMark } from '@shared/workbench';
import type { ServerCrypto } from '../crypto/serverCrypto';
import type { World } from '../worlds';

/** The log's mark of a fault and what it did. */
export function markOf(fault: ArmedFault, effect: string): FaultMark {
  return { id: fault.id, kind: fault.kind, path: fault.path, effect };
}

/** What a fault of this kind did, for the log, when the call was answered. */
export function effectOf(fault: ArmedFault): string {
  const waited = fault.delayMs ? ` after ${fault.delayMs} ms` : '';
  switch (fault.kind) {
    case 'code':
      return `answered code ${fault.code ?? 500} instead of the endpoint${waited}`;
    case 'delay':
      return `answered normally${waited || ' at once (no delayMs)'}`;
    case 'corrupt':
      return `answer ciphertext CORRUPTED${waited}: the client cannot decrypt it`;
    case 'session-lost':
      return `answered 4011 and forgot the session${waited}: the client re-handshakes once`;
    case 'replay':
      return `answered 4091 REPLAY_OR_DUPLICATE${waited}: the call never ran`;
    case 'identity-change':
      return `the world's server identity changed${waited}: the client's pinned identity refuses`;
    case 'handshake-refused':
      return `handshake refused${waited}`;
    case 'timeout':
      return `held without an answer${waited}, then closed`;
    case 'drop':
      return `connection dropped without an answer${waited}`;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds the call past the client's timeout (FAULT_TIMEOUT_HOLD_MS), or until the client gives up;
 * then destroys the connection. Resolves with how long it held.
 */
export function holdThenClose(req: Request, res: Response): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      req.socket.destroy();
      resolve(Date.now() - started);
    };
    const timer = setTimeout(done, FAULT_TIMEOUT_HOLD_MS);
    timer.unref();
    res.on('close', done);
  });
}

/** Destroys the connection without an answer (a network failure mid-request). */
export function dropConnection(req: Request): void {
  req.socket.destroy();
}

/**
 * A key rotation of the world's server (`POST /__admin/rotate-identity`, the identity-change
 * fault): a new identity, as after a restart with a new data dir, so the world's sessions are
 * gone too. Other worlds keep theirs. Answers the new identity key (base64).
 */
export async function rotateIdentity(crypto: ServerCrypto, world: World): Promise<string> {
  world.identity = await crypto.newIdentity();
  crypto.forgetWorld(world.id);
  return toBase64(world.identity.identityKeyPair.pubKey);
}

/**
 * The handshake answer of an identity-change fault: the world rotates its identity and this answer
 * presents the new identity key with the prekey signed by the old one (a half-done rotation, or a
 * man in the middle): the client's check of the signed prekey against the identity it pins
 * refuses it. The next handshake presents the new identity whole and succeeds.
 */
export async function changedIdentityHandshake(
  crypto: ServerCrypto,
  world: World,
  answer: HandshakeAnswer,
): Promise<HandshakeAnswer> {
  crypto.forget(answer.sid);
  const identityKey = await rotateIdentity(crypto, world);
  return { ...answer, bundle: { ...answer.bundle, identityKey } };
}
