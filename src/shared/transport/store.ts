/**
 * In-memory SignalProtocolStore for one peer, with the two fixes the library needs (DESIGN.md §5):
 * - identity pinning: the peer identity is fixed at handshake; `saveIdentity` refuses any other
 *   key with IdentityMismatchError (the library does not await `isTrustedIdentity` on incoming
 *   PreKey messages, so refusing in `saveIdentity` is the check that actually holds);
 * - pruning: the library's `removeOldChains` deletes the wrong property, so a record keeps every
 *   closed receiving chain (~105 B per round trip). We drop closed chains on store.
 * Runs in the browser and in Node.
 */
import type {
  Direction,
  KeyPairType,
  StorageType,
} from '@privacyresearch/libsignal-protocol-typescript';
import { equalBytes, fromBase64, toBase64 } from './bytes';

/** The peer presented an identity key other than the one pinned at handshake. */
export class IdentityMismatchError extends Error {
  constructor(address: string) {
    super(`Identity key of ${address} differs from the one pinned at handshake`);
    this.name = 'IdentityMismatchError';
  }
}

/** Closed receiving chains kept for late (out-of-order) messages; older ones are dropped. */
export const KEPT_OLD_CHAINS = 3;

interface SerializedSession {
  chains?: Record<string, { chainKey?: { key?: string } }>;
  oldRatchetList?: { ephemeralKey: string; added: number }[];
}

/**
 * Removes closed chains (no chain key left) except the newest KEPT_OLD_CHAINS of the old-ratchet
 * list. Unknown shapes pass through untouched: the library remains the judge of its records.
 */
export function pruneSessionRecord(serialized: string): string {
  let data: { sessions?: Record<string, SerializedSession> };
  try {
    data = JSON.parse(serialized);
  } catch {
    return serialized;
  }
  for (const session of Object.values(data.sessions ?? {})) {
    const { chains, oldRatchetList } = session;
    if (!chains || !Array.isArray(oldRatchetList)) continue;
    const recent = [...oldRatchetList].sort((a, b) => a.added - b.added).slice(-KEPT_OLD_CHAINS);
    const keep = new Set(recent.map((r) => r.ephemeralKey));
    for (const [name, chain] of Object.entries(chains)) {
      if (chain.chainKey?.key === undefined && !keep.has(name)) delete chains[name];
    }
    session.oldRatchetList = recent;
  }
  return JSON.stringify(data);
}

/**
 * Bytes a session record may grow past its last pruned size before it is pruned again. Pruning
 * parses and re-serializes the whole record, and the library stores it twice per round trip
 * (after decrypting and after encrypting) while it grows ~105 B per round trip: pruning once every
 * ~3 round trips costs a sixth and keeps the record within this many bytes of its pruned size.
 */
export const PRUNE_SLACK = 320;

interface SignalStoreOptions {
  identityKeyPair: KeyPairType;
  registrationId: number;
  /** Peer identity pinned at handshake (33 bytes, 0x05-prefixed); set later with pinIdentity. */
  pinnedIdentity?: ArrayBuffer;
}

/**
 * What a client's store holds once its session is set up, as JSON (keys in base64): enough to
 * go on with the session after a reload. Prekeys are not kept: the client starts every session,
 * so nobody ever sends it a PreKey message.
 */
export interface StoreSnapshot {
  registrationId: number;
  identity: { pubKey: string; privKey: string };
  pinned: string | null;
  sessions: Record<string, string>;
}

/** One peer's store: our identity, our prekeys, the peer's pinned identity and its session. */
export class SignalStore implements StorageType {
  private readonly identityKeyPair: KeyPairType;
  private readonly registrationId: number;
  private pinned: ArrayBuffer | undefined;
  private readonly preKeys = new Map<string, KeyPairType>();
  private readonly signedPreKeys = new Map<string, KeyPairType>();
  private readonly sessions = new Map<string, string>();
  /** Size of each record when it was last pruned. */
  private readonly prunedSizes = new Map<string, number>();

  constructor(options: SignalStoreOptions) {
    this.identityKeyPair = options.identityKeyPair;
    this.registrationId = options.registrationId;
    this.pinned = options.pinnedIdentity;
  }

  /** The store as JSON, for a persisted session (StoreSnapshot). */
  snapshot(): StoreSnapshot {
    return {
      registrationId: this.registrationId,
      identity: {
        pubKey: toBase64(this.identityKeyPair.pubKey),
        privKey: toBase64(this.identityKeyPair.privKey),
      },
      pinned: this.pinned ? toBase64(this.pinned) : null,
      sessions: Object.fromEntries(this.sessions),
    };
  }

  /** A store going on from a snapshot. */
  static restore(snapshot: StoreSnapshot): SignalStore {
    const store = new SignalStore({
      identityKeyPair: {
        pubKey: fromBase64(snapshot.identity.pubKey),
        privKey: fromBase64(snapshot.identity.privKey),
      },
      registrationId: snapshot.registrationId,
      ...(snapshot.pinned ? { pinnedIdentity: fromBase64(snapshot.pinned) } : {}),
    });
    for (const [address, record] of Object.entries(snapshot.sessions)) {
      store.sessions.set(address, record);
    }
    return store;
  }

  /** Pins the peer identity (once); a different key later is an IdentityMismatchError. */
  pinIdentity(identityKey: ArrayBuffer): void {
    if (this.pinned && !equalBytes(this.pinned, identityKey)) {
      throw new IdentityMismatchError('peer');
    }
    this.pinned = identityKey.slice(0);
  }

  /** Size in bytes of the stored session record (tests and diagnostics). */
  sessionSize(address: string): number {
    return this.sessions.get(address)?.length ?? 0;
  }

  async getIdentityKeyPair(): Promise<KeyPairType> {
    return this.identityKeyPair;
  }
  async getLocalRegistrationId(): Promise<number> {
    return this.registrationId;
  }
  async isTrustedIdentity(
    _identifier: string,
    identityKey: ArrayBuffer,
    _direction: Direction,
  ): Promise<boolean> {
    // Never throws: processV3 calls this without awaiting, a rejection would be unhandled.
    return this.pinned === undefined || equalBytes(this.pinned, identityKey);
  }
  async saveIdentity(encodedAddress: string, publicKey: ArrayBuffer): Promise<boolean> {
    if (this.pinned === undefined) {
      this.pinned = publicKey.slice(0);
      return false;
    }
    if (!equalBytes(this.pinned, publicKey)) throw new IdentityMismatchError(encodedAddress);
    return false;
  }
  async loadPreKey(keyId: string | number): Promise<KeyPairType | undefined> {
    return this.preKeys.get(String(keyId));
  }
  async storePreKey(keyId: string | number, keyPair: KeyPairType): Promise<void> {
    this.preKeys.set(String(keyId), keyPair);
  }
  async removePreKey(keyId: string | number): Promise<void> {
    this.preKeys.delete(String(keyId));
  }
  async loadSignedPreKey(keyId: string | number): Promise<KeyPairType | undefined> {
    return this.signedPreKeys.get(String(keyId));
  }
  async storeSignedPreKey(keyId: string | number, keyPair: KeyPairType): Promise<void> {
    this.signedPreKeys.set(String(keyId), keyPair);
  }
  async removeSignedPreKey(keyId: string | number): Promise<void> {
    this.signedPreKeys.delete(String(keyId));
  }
  async loadSession(encodedAddress: string): Promise<string | undefined> {
    return this.sessions.get(encodedAddress);
  }
  async storeSession(encodedAddress: string, record: string): Promise<void> {
    const pruned = this.prunedSizes.get(encodedAddress);
    if (pruned !== undefined && record.length <= pruned + PRUNE_SLACK) {
      this.sessions.set(encodedAddress, record);
      return;
    }
    const kept = pruneSessionRecord(record);
    this.sessions.set(encodedAddress, kept);
    this.prunedSizes.set(encodedAddress, kept.length);
  }
}
