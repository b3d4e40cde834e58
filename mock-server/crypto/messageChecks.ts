/**
 * Checks of one encrypted request around its decryption (DESIGN.md §5): the Signal header before
 * any key is derived, the counters received per chain, and the protocol code of a library failure.
 */
import { ProtocolError } from '@shared/codes';
import { IdentityMismatchError } from '@shared/transport/store';
import { ProtocolFailure, type ServerSession, SKIP_WINDOW } from './session';
import { SIGNAL_VERSION_BYTE, type WhisperHeader, whisperHeaderOf } from './whisperHeader';
import { errorMessage } from '@shared/errors';

/** Chains remembered per session for replay detection (one per round trip of the client). */
const CHAIN_MEMORY = 64;

/**
 * Refuses, before any key is derived: a version byte other than the protocol's (it is outside the
 * MAC), a counter seen before on its chain (a replay: 4091), and a counter or previous counter
 * that skips more than SKIP_WINDOW messages (a forged header: 4001).
 */
export function checkHeader(session: ServerSession, type: number, body: string): WhisperHeader {
  let bytes: Uint8Array;
  try {
    bytes = Buffer.from(body, 'base64');
  } catch {
    throw new ProtocolFailure(ProtocolError.BAD_ENVELOPE, 'The message is not base64');
  }
  const header = whisperHeaderOf(type, bytes);
  if (!header) throw new ProtocolFailure(ProtocolError.BAD_ENVELOPE, 'Malformed message header');
  if (header.version !== SIGNAL_VERSION_BYTE) {
    throw new ProtocolFailure(ProtocolError.BAD_ENVELOPE, 'Unsupported message version');
  }
  const seen = session.chains.get(header.ratchetKey);
  if (seen?.has(header.counter)) {
    throw new ProtocolFailure(ProtocolError.REPLAY_OR_DUPLICATE, 'Message already received');
  }
  const highestOf = (counters: Set<number> | undefined) =>
    counters ? Math.max(-1, ...counters) : -1;
  const ahead = header.counter - (highestOf(seen) + 1);
  const previous = seen ? undefined : session.chains.get(session.lastChain ?? '');
  const previousAhead = seen ? 0 : header.previousCounter - (highestOf(previous) + 1);
  if (ahead > SKIP_WINDOW || previousAhead > SKIP_WINDOW) {
    throw new ProtocolFailure(
      ProtocolError.BAD_ENVELOPE,
      `The message skips more than ${SKIP_WINDOW} messages of its chain`,
    );
  }
  return header;
}

/** Remembers a decrypted message's counter on its chain (bounded to CHAIN_MEMORY chains). */
export function received(session: ServerSession, header: WhisperHeader): void {
  let counters = session.chains.get(header.ratchetKey);
  if (!counters) {
    counters = new Set();
    session.chains.set(header.ratchetKey, counters);
    while (session.chains.size > CHAIN_MEMORY) {
      session.chains.delete(session.chains.keys().next().value as string);
    }
  }
  counters.add(header.counter);
  session.lastChain = header.ratchetKey;
}

/** Maps a library failure to its protocol code. */
export function failureOf(error: unknown): ProtocolFailure {
  if (error instanceof IdentityMismatchError) {
    return new ProtocolFailure(ProtocolError.IDENTITY_MISMATCH, error.message);
  }
  const name = error instanceof Error ? error.name : '';
  const message = errorMessage(error);
  if (/Identity key changed|Unknown identity key/.test(message)) {
    return new ProtocolFailure(ProtocolError.IDENTITY_MISMATCH, 'Identity key changed');
  }
  if (name === 'MessageCounterError') {
    return new ProtocolFailure(ProtocolError.REPLAY_OR_DUPLICATE, 'Message already received');
  }
  return new ProtocolFailure(ProtocolError.BAD_ENVELOPE, `Cannot decrypt: ${message}`);
}
