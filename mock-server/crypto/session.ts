/**
 * The server's session record and the failure it throws, apart from ServerCrypto so that the
 * message checks and the crypto both read them without importing each other.
 */

import type { SessionCipher } from '@privacyresearch/libsignal-protocol-typescript';
import type { ProtocolErrorCode } from '@shared/codes';
import type { SignalStore } from '@shared/transport/store';

/** A request the transport refuses, with its protocol code (HTTP status from PROTOCOL_ERROR_STATUS). */
export class ProtocolFailure extends Error {
  readonly code: ProtocolErrorCode;
  /** Sent with the error: e.g. `serverTime` with 4081, so a client with a wrong clock adapts. */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(code: ProtocolErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ProtocolFailure';
    this.code = code;
    this.details = details;
  }
}

/** One client's session. */
export interface ServerSession {
  readonly sid: string;
  /** The world it was made in (DESIGN.md §6): another world's requests do not find it. */
  readonly world: string;
  readonly deviceId: string;
  readonly cipher: SessionCipher;
  readonly store: SignalStore;
  /** Recent request ids, oldest first (replay detection). */
  readonly rids: Set<string>;
  /**
   * The counters received on each recent chain (by the client's ratchet key), oldest chain first:
   * a counter seen again is a replay, a counter far ahead a forged header.
   */
  readonly chains: Map<string, Set<number>>;
  /** The chain the last message came on (its counters bound the next chain's previousCounter). */
  lastChain: string | null;
  lastUsed: number;
}

/**
 * How far a message may run ahead of what the session has received: each skipped counter is a
 * chain-key derivation and a stored key. Concurrent requests of one client stay far below it.
 */
export const SKIP_WINDOW = 50;
