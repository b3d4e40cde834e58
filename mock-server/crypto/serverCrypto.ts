/**
 * The server half of the encrypted transport (DESIGN.md §5): handshakes, a bounded session table
 * keyed by sid and bound to the handshake's deviceId, decryption with replay detection, and
 * encryption of answers. Failures are ProtocolFailure with the protocol code the HTTP layer sends.
 */
import { ProtocolError } from '@shared/codes';
import {
  type AnswerPlaintext,
  type EncryptedAnswer,
  type EncryptedRequest,
  type HandshakeAnswer,
  type HandshakeRequest,
  type RequestPlaintext,
  requestPlaintextSchema,
} from '@shared/envelope';
import { fromBase64 } from '@shared/transport/bytes';
import {
  bundleOf,
  createLocalIdentity,
  decryptJson,
  encryptJson,
  type LocalIdentity,
  SIGNAL_DEVICE_ID,
} from '@shared/transport/codec';
import { randomId } from '@shared/transport/ids';
import { type CurveKind, loadSignal, type SignalLib } from '@shared/transport/signal';
import { SignalStore } from '@shared/transport/store';
import { checkHeader, failureOf, received } from './messageChecks';
import { ProtocolFailure, type ServerSession } from './session';
import { installNodeFastPath } from './nodeCrypto';
import { removeCurveProcessHandlers } from './processHandlers';
import { installRecordCache } from './recordCache';
import { loadServerIdentity } from './serverIdentity';

/**
 * Where a handshake or request happens (DESIGN.md §6 "Worlds and admin access"): its world, the
 * identity that world presents (default the server's own) and the world's clock.
 */
export interface CryptoScope {
  world?: string;
  identity?: LocalIdentity;
  /** The world's clock minus real time, ms: freshness is judged on the world's clock (`open`). */
  offsetMs?: number;
}

const NO_WORLD = '';

interface ServerCryptoOptions {
  /** Where the identity is persisted; none = memory only. */
  dataDir?: string;
  /** Session table bound: least recently used sessions are evicted beyond it. */
  maxSessions?: number;
  /** Sessions idle longer than this are dropped. */
  idleMs?: number;
  now?: () => number;
  /**
   * Run the library on node:crypto (./nodeCrypto) instead of WebCrypto: synchronous X25519,
   * AES, HMAC and SHA-512; and keep session records as objects between messages (./recordCache). Process-wide, so only for a process where the server is the library's
   * only user (the CLI, the bench's server process); same bytes on the wire either way.
   */
  nodeFastPath?: boolean;
}

const DEFAULT_MAX_SESSIONS = 2000;
const DEFAULT_IDLE_MS = 60 * 60 * 1000;
/** Request ids remembered per session. */
const RID_MEMORY = 256;
/** How far a request's `ts` may be from the server clock (a withheld request expires). */
export const FRESHNESS_MS = 5 * 60_000;

function isSignalKey(bytes: ArrayBuffer): boolean {
  return bytes.byteLength === 33 && new Uint8Array(bytes)[0] === 5;
}

export class ServerCrypto {
  private readonly sessions = new Map<string, ServerSession>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  private constructor(
    private readonly lib: SignalLib,
    private readonly identity: LocalIdentity,
    /** The curve the library ran on when this server was created. */
    readonly curve: CurveKind | 'node',
    options: ServerCryptoOptions,
  ) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.now = options.now ?? Date.now;
  }

  /** Loads the library (and removes its process handlers) and the persisted identity. */
  static async create(options: ServerCryptoOptions = {}): Promise<ServerCrypto> {
    const runtime = await loadSignal();
    removeCurveProcessHandlers();
    if (options.nodeFastPath) {
      await installNodeFastPath(runtime.lib);
      await installRecordCache();
    }
    const identity = await loadServerIdentity(runtime.lib, options.dataDir);
    const curve = options.nodeFastPath ? 'node' : runtime.curve();
    return new ServerCrypto(runtime.lib, identity, curve, options);
  }

  /** Number of live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /** A new server identity (a key rotation: what a restart with a new data dir would make). */
  newIdentity(): Promise<LocalIdentity> {
    return createLocalIdentity(this.lib);
  }

  /** The identity a scope presents: its own, else the server's. */
  identityOf(scope: CryptoScope = {}): LocalIdentity {
    return scope.identity ?? this.identity;
  }

  /** Forgets one session (its client sees 4011 and re-handshakes); false when unknown. */
  forget(sid: string): boolean {
    return this.sessions.delete(sid);
  }

  /** Forgets every session of a world (a restart of that world's server); answers how many. */
  forgetWorld(world: string): number {
    let count = 0;
    for (const [sid, session] of this.sessions) {
      if (session.world === world && this.sessions.delete(sid)) count += 1;
    }
    return count;
  }

  /** Creates a session for a client bundle; the client identity is pinned to it. */
  async handshake(request: HandshakeRequest, scope: CryptoScope = {}): Promise<HandshakeAnswer> {
    const identity = this.identityOf(scope);
    const clientIdentity = fromBase64(request.clientBundle.identityKey);
    if (!isSignalKey(clientIdentity)) {
      throw new ProtocolFailure(
        ProtocolError.BAD_ENVELOPE,
        'clientBundle.identityKey is not a key',
      );
    }
    const sid = randomId();
    const store = new SignalStore({
      identityKeyPair: identity.identityKeyPair,
      registrationId: identity.registrationId,
      pinnedIdentity: clientIdentity,
    });
    const { signedPreKey } = identity;
    await store.storeSignedPreKey(signedPreKey.keyId, signedPreKey.keyPair);
    const preKey = await this.lib.KeyHelper.generatePreKey(1 + Math.floor(Math.random() * 0xfffff));
    await store.storePreKey(preKey.keyId, preKey.keyPair);
    const address = new this.lib.SignalProtocolAddress(`c-${sid}`, SIGNAL_DEVICE_ID);
    const session: ServerSession = {
      sid,
      world: scope.world ?? NO_WORLD,
      deviceId: request.baseInfo.deviceId,
      cipher: new this.lib.SessionCipher(store, address),
      store,
      rids: new Set(),
      chains: new Map(),
      lastChain: null,
      lastUsed: this.now(),
    };
    this.remember(session);
    return {
      sid,
      deviceId: session.deviceId,
      bundle: bundleOf(identity, { keyId: preKey.keyId, publicKey: preKey.keyPair.pubKey }),
      // The world's time, which the client's `ts` and the SPA's event windows follow.
      serverTime: this.now() + (scope.offsetMs ?? 0),
    };
  }

  /**
   * Decrypts and checks an envelope sent to `path`. Throws ProtocolFailure. Freshness (4081) is
   * judged on the world's clock (the transport clock plus `scope.offsetMs`): a phone whose Date
   * follows its world's moved clock is accepted as is; a phone on real time is refused once with
   * the world's `serverTime`, learns the offset and retries (DESIGN.md §5), like a phone whose
   * clock is wrong; a withheld request is refused either way.
   */
  async open(
    envelope: EncryptedRequest,
    path: string,
    scope: CryptoScope = {},
  ): Promise<{ session: ServerSession; plaintext: RequestPlaintext }> {
    const session = this.lookup(envelope.sid);
    if (
      !session ||
      session.deviceId !== envelope.dev ||
      session.world !== (scope.world ?? NO_WORLD)
    ) {
      throw new ProtocolFailure(
        ProtocolError.SESSION_NOT_FOUND,
        'No session for this sid and device: handshake again',
      );
    }
    const header = checkHeader(session, envelope.type, envelope.body);
    let decrypted: unknown;
    try {
      decrypted = await decryptJson(session.cipher, envelope.type, envelope.body);
    } catch (error) {
      throw failureOf(error);
    }
    received(session, header);
    const plaintext = requestPlaintextSchema.safeParse(decrypted);
    if (!plaintext.success) {
      throw new ProtocolFailure(ProtocolError.BAD_ENVELOPE, 'The decrypted request is malformed');
    }
    if (session.rids.has(plaintext.data.rid)) {
      throw new ProtocolFailure(ProtocolError.REPLAY_OR_DUPLICATE, 'Duplicate request id');
    }
    session.rids.add(plaintext.data.rid);
    if (session.rids.size > RID_MEMORY) {
      session.rids.delete(session.rids.values().next().value as string);
    }
    const worldNow = this.now() + (scope.offsetMs ?? 0);
    const skew = plaintext.data.ts - worldNow;
    if (Math.abs(skew) > FRESHNESS_MS) {
      throw new ProtocolFailure(
        ProtocolError.STALE_REQUEST,
        `The request was made ${Math.round(Math.abs(skew) / 1000)} s ${skew < 0 ? 'ago' : 'ahead of the server clock'}: outside the ${FRESHNESS_MS / 60_000}-minute window`,
        { serverTime: worldNow },
      );
    }
    if (plaintext.data.path !== path) {
      throw new ProtocolFailure(
        ProtocolError.PATH_MISMATCH,
        `Encrypted path ${plaintext.data.path} differs from URL path ${path}`,
      );
    }
    return { session, plaintext: plaintext.data };
  }

  /** Encrypts an answer for a session. */
  async seal(session: ServerSession, answer: AnswerPlaintext): Promise<EncryptedAnswer> {
    const message = await encryptJson(session.cipher, answer);
    return { v: 1, type: message.type, body: message.body };
  }

  private lookup(sid: string): ServerSession | undefined {
    const session = this.sessions.get(sid);
    if (!session) return undefined;
    if (this.now() - session.lastUsed > this.idleMs) {
      this.sessions.delete(sid);
      return undefined;
    }
    // Re-insert: Map order is then least recently used first.
    this.sessions.delete(sid);
    session.lastUsed = this.now();
    this.sessions.set(sid, session);
    return session;
  }

  private remember(session: ServerSession): void {
    this.sessions.set(session.sid, session);
    for (const [sid, old] of this.sessions) {
      if (this.sessions.size <= this.maxSessions && this.now() - old.lastUsed <= this.idleMs) break;
      this.sessions.delete(sid);
    }
  }
}
