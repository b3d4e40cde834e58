/**
 * The client's Signal session on the engine's WebCrypto (DESIGN.md §5), where ./engineProbe.ts
 * says the engine has every algorithm: the initiator's X3DH and the double ratchet of
 * @privacyresearch/libsignal-protocol-typescript, step for step (`SessionBuilder.processPreKey`,
 * `SessionCipher.encrypt` and `decryptWhisperMessage`, lib/session-builder.js and
 * lib/session-cipher.js of version 0.0.16), so a page opens its first session without loading
 * the library, its protobuf runtime or any curve code. Same wire bytes (./whisperMessages.ts),
 * same session records in the same store (./store.ts: identity pinning, pruning, snapshots), so
 * a session started here goes on in the library and the other way round (engineSession.test.ts
 * checks both against the library and the mock server).
 *
 * Records are kept as the library serializes them (`SessionRecord.serialize`: keys in base64,
 * sessions indexed by their base key as a binary string) and each job works on its own parsed
 * copy, stored only when it succeeds, as the library's jobs do. Jobs run one at a time.
 * The client only ever starts sessions, so it never receives a PreKey message. Runs in the
 * browser and in Node.
 */
import type { DeviceType } from '@privacyresearch/libsignal-protocol-typescript';
import { concatBytes, exactBuffer, fromBase64, toBase64 } from './bytes';
import type { LocalIdentity } from './codec';
import type { EngineCrypto, SignalKeyPair } from './engineCrypto';
import type { SignalStore } from './store';
import {
  decodeWhisperMessage,
  encodePreKeyWhisperMessage,
  encodeWhisperMessage,
  WHISPER_VERSION,
} from './whisperMessages';

const SENDING = 1;
const RECEIVING = 2;
/** The library's `BaseKeyType.OURS`: we started this session. */
const BASE_KEY_OURS = 1;
/** The library's limits (lib/session-record.js, lib/session-cipher.js). */
const ARCHIVED_STATES_MAX_LENGTH = 40;
const OLD_RATCHETS_MAX_LENGTH = 10;
const MAX_SKIPPED_MESSAGES = 2000;
const MAC_LENGTH = 8;
const ZEROS = new Uint8Array(32);

interface ChainJson {
  chainType: number;
  chainKey: { key?: string; counter: number };
  messageKeys: Record<string, string>;
}

interface SessionJson {
  indexInfo: { closed: number; remoteIdentityKey: string; baseKey?: string; baseKeyType?: number };
  registrationId?: number;
  currentRatchet: {
    rootKey: string;
    ephemeralKeyPair?: { pubKey: string; privKey: string };
    lastRemoteEphemeralKey: string;
    previousCounter: number;
    added?: number;
  };
  pendingPreKey?: { baseKey: string; preKeyId?: number; signedKeyId: number };
  oldRatchetList: { ephemeralKey: string; added: number }[];
  chains: Record<string, ChainJson>;
}

interface RecordJson {
  sessions: Record<string, SessionJson>;
  version: string;
}

const RECORD_VERSION = 'v1';

const bytesOf = (b64: string) => new Uint8Array(fromBase64(b64));
const b64 = (data: ArrayBuffer | Uint8Array) => toBase64(data);

/** The library's "binary string": one char per byte. */
function binaryString(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 0x8000) {
    out += String.fromCharCode(...data.subarray(i, i + 0x8000));
  }
  return out;
}

function parseRecord(serialized: string | undefined): RecordJson | undefined {
  if (serialized === undefined) return undefined;
  const data = JSON.parse(serialized) as RecordJson;
  if (data.version !== RECORD_VERSION || typeof data.sessions !== 'object' || !data.sessions) {
    throw new Error('Error deserializing SessionRecord');
  }
  return data;
}

/** `SessionRecord.serialize`: the sessions, then the version. */
function serializeRecord(record: RecordJson): string {
  return JSON.stringify({ sessions: record.sessions, version: record.version });
}

function openSession(record: RecordJson): SessionJson | undefined {
  const open = Object.values(record.sessions).filter((s) => s.indexInfo.closed === -1);
  if (open.length > 1) throw new Error('Datastore inconsistensy: multiple open sessions');
  return open[0];
}

function archiveCurrentState(record: RecordJson): void {
  const open = openSession(record);
  if (open) {
    open.indexInfo.closed = Date.now();
    updateSessionState(record, open);
  }
}

/**
 * `SessionRecord.updateSessionState`: keeps at most ten old ratchets (the library's pass removes
 * their list entries only; ./store.ts prunes the chains) and forty sessions.
 */
function updateSessionState(record: RecordJson, session: SessionJson): void {
  while (session.oldRatchetList.length > OLD_RATCHETS_MAX_LENGTH) {
    let index = 0;
    for (let i = 1; i < session.oldRatchetList.length; i++) {
      if ((session.oldRatchetList[i]?.added ?? 0) < (session.oldRatchetList[index]?.added ?? 0)) {
        index = i;
      }
    }
    session.oldRatchetList.splice(index, 1);
  }
  const baseKey = session.indexInfo.baseKey;
  if (!baseKey) throw new Error('invalid index for session');
  record.sessions[binaryString(bytesOf(baseKey))] = session;
  while (Object.keys(record.sessions).length > ARCHIVED_STATES_MAX_LENGTH) {
    let oldest: string | undefined;
    for (const [key, s] of Object.entries(record.sessions)) {
      const closed = s.indexInfo.closed;
      if (
        closed > -1 &&
        (oldest === undefined || closed < (record.sessions[oldest]?.indexInfo.closed ?? 0))
      ) {
        oldest = key;
      }
    }
    if (oldest === undefined) break;
    delete record.sessions[oldest];
  }
}

/** A session as the serializer orders its members (so records compare equal to the library's). */
function orderedSession(session: SessionJson): SessionJson {
  const { indexInfo, registrationId, currentRatchet, pendingPreKey, oldRatchetList, chains } =
    session;
  const orderedChains: Record<string, ChainJson> = {};
  for (const [key, chain] of Object.entries(chains)) {
    orderedChains[key] = {
      chainType: chain.chainType,
      chainKey: { key: chain.chainKey.key, counter: chain.chainKey.counter },
      messageKeys: chain.messageKeys,
    };
  }
  return {
    indexInfo: {
      closed: indexInfo.closed,
      remoteIdentityKey: indexInfo.remoteIdentityKey,
      baseKey: indexInfo.baseKey,
      baseKeyType: indexInfo.baseKeyType,
    },
    registrationId,
    currentRatchet: {
      rootKey: currentRatchet.rootKey,
      ephemeralKeyPair: currentRatchet.ephemeralKeyPair && {
        pubKey: currentRatchet.ephemeralKeyPair.pubKey,
        privKey: currentRatchet.ephemeralKeyPair.privKey,
      },
      lastRemoteEphemeralKey: currentRatchet.lastRemoteEphemeralKey,
      previousCounter: currentRatchet.previousCounter,
      added: currentRatchet.added,
    },
    pendingPreKey: pendingPreKey && {
      baseKey: pendingPreKey.baseKey,
      preKeyId: pendingPreKey.preKeyId,
      signedKeyId: pendingPreKey.signedKeyId,
    },
    oldRatchetList: oldRatchetList.map((r) => ({ ephemeralKey: r.ephemeralKey, added: r.added })),
    chains: orderedChains,
  };
}

function serialize(record: RecordJson): string {
  const sessions: Record<string, SessionJson> = {};
  for (const [key, session] of Object.entries(record.sessions))
    sessions[key] = orderedSession(session);
  return serializeRecord({ sessions, version: record.version });
}

const keyPairJson = (pair: SignalKeyPair) => ({
  pubKey: b64(pair.pubKey),
  privKey: b64(pair.privKey),
});

/** A fresh client identity on the engine: registration id, identity key pair, signed prekey. */
export async function createEngineIdentity(crypto: EngineCrypto): Promise<LocalIdentity> {
  const [signing, signedPreKey] = await Promise.all([crypto.signingIdentity(), crypto.keyPair()]);
  const signature = await signing.sign(signedPreKey.pubKey);
  const random = crypto.randomBytes(2);
  return {
    registrationId: (((random[1] ?? 0) << 8) | (random[0] ?? 0)) & 0x3fff,
    identityKeyPair: signing.keyPair,
    signedPreKey: { keyId: 1, keyPair: signedPreKey, signature },
  };
}

/** Serializes jobs (the library's SessionLock does the same per address). */
class JobQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * `SessionBuilder.processPreKey`: checks the signed prekey against the peer's identity, runs
 * X3DH as the initiator and stores the new session in `store` under `address`.
 */
export async function startEngineSession(
  crypto: EngineCrypto,
  store: SignalStore,
  address: string,
  device: DeviceType,
): Promise<void> {
  if (!(await store.isTrustedIdentity(address, device.identityKey, 1))) {
    throw new Error('Identity key changed');
  }
  const { identityKey, signedPreKey, preKey } = device;
  if (!(await crypto.verify(identityKey, signedPreKey.publicKey, signedPreKey.signature))) {
    throw new Error('Invalid signature');
  }
  const ours = await store.getIdentityKeyPair();
  const [baseKey, sending] = await Promise.all([crypto.keyPair(), crypto.keyPair()]);
  const agreements = await Promise.all([
    crypto.agree(signedPreKey.publicKey, ours.privKey),
    crypto.agree(identityKey, baseKey.privKey),
    crypto.agree(signedPreKey.publicKey, baseKey.privKey),
    ...(preKey ? [crypto.agree(preKey.publicKey, baseKey.privKey)] : []),
  ]);
  const [rootKey] = await crypto.hkdf(
    concatBytes(new Uint8Array(32).fill(0xff), ...agreements),
    ZEROS,
    'WhisperText',
  );
  const [nextRoot, chainKey] = await crypto.hkdf(
    await crypto.agree(signedPreKey.publicKey, sending.privKey),
    rootKey,
    'WhisperRatchet',
  );
  const session: SessionJson = {
    indexInfo: {
      closed: -1,
      remoteIdentityKey: b64(identityKey),
      baseKey: b64(baseKey.pubKey),
      baseKeyType: BASE_KEY_OURS,
    },
    registrationId: device.registrationId,
    currentRatchet: {
      rootKey: b64(nextRoot),
      ephemeralKeyPair: keyPairJson(sending),
      lastRemoteEphemeralKey: b64(signedPreKey.publicKey),
      previousCounter: 0,
    },
    pendingPreKey: {
      baseKey: b64(baseKey.pubKey),
      ...(preKey ? { preKeyId: preKey.keyId } : {}),
      signedKeyId: signedPreKey.keyId,
    },
    oldRatchetList: [],
    chains: {
      [b64(sending.pubKey)]: {
        chainType: SENDING,
        chainKey: { key: b64(chainKey), counter: -1 },
        messageKeys: {},
      },
    },
  };
  const record = parseRecord(await store.loadSession(address)) ?? {
    sessions: {},
    version: RECORD_VERSION,
  };
  archiveCurrentState(record);
  updateSessionState(record, session);
  await Promise.all([
    store.storeSession(address, serialize(record)),
    store.saveIdentity(address, identityKey),
  ]);
}

/** An encryption's result, as the library's `SessionCipher.encrypt` gives it. */
export interface EngineMessage {
  type: 1 | 3;
  /** The message as a binary string (one char per byte). */
  body: string;
  registrationId: number | undefined;
}

/** The library's `SessionCipher` for one peer, on the engine (see the module comment). */
export class EngineCipher {
  private readonly jobs = new JobQueue();

  constructor(
    private readonly crypto: EngineCrypto,
    private readonly store: SignalStore,
    /** `SignalProtocolAddress.toString()`: `name.deviceId`. */
    private readonly address: string,
  ) {}

  encrypt(plaintext: ArrayBuffer): Promise<EngineMessage> {
    return this.jobs.run(() => this.encryptJob(plaintext));
  }

  decryptWhisperMessage(message: ArrayBuffer | string, encoding = 'binary'): Promise<ArrayBuffer> {
    if (encoding !== 'binary')
      return Promise.reject(new Error(`unsupported encoding: ${encoding}`));
    const bytes =
      typeof message === 'string'
        ? Uint8Array.from(message, (c) => c.charCodeAt(0))
        : new Uint8Array(message);
    return this.jobs.run(() => this.decryptJob(bytes));
  }

  /** A client starts every session: nobody sends it a PreKey message. */
  decryptPreKeyWhisperMessage(): Promise<ArrayBuffer> {
    return Promise.reject(new Error('A client never receives a PreKeyWhisperMessage'));
  }

  hasOpenSession(): Promise<boolean> {
    return this.jobs.run(async () => {
      const record = parseRecord(await this.store.loadSession(this.address));
      const open = record && openSession(record);
      return typeof open?.registrationId === 'number';
    });
  }

  private async encryptJob(plaintext: ArrayBuffer): Promise<EngineMessage> {
    if (!(plaintext instanceof ArrayBuffer))
      throw new Error('Expected buffer to be an ArrayBuffer');
    const [ours, registrationId, serialized] = await Promise.all([
      this.store.getIdentityKeyPair(),
      this.store.getLocalRegistrationId(),
      this.store.loadSession(this.address),
    ]);
    const record = parseRecord(serialized);
    if (!record) throw new Error(`No record for ${this.address}`);
    const session = openSession(record);
    if (!session) throw new Error(`No session to encrypt message for ${this.address}`);
    const ratchet = session.currentRatchet;
    if (!ratchet.ephemeralKeyPair) throw new Error('ratchet missing ephemeralKeyPair');
    const chain = session.chains[ratchet.ephemeralKeyPair.pubKey];
    if (!chain) throw new Error('No sending chain for the current ratchet key');
    if (chain.chainType === RECEIVING) throw new Error('Tried to encrypt on a receiving chain');
    await this.fillMessageKeys(chain, chain.chainKey.counter + 1);
    const counter = chain.chainKey.counter;
    const messageKey = chain.messageKeys[counter] as string;
    const [cipherKey, macKey, ivBlock] = await this.crypto.hkdf(
      bytesOf(messageKey),
      ZEROS,
      'WhisperMessageKeys',
    );
    delete chain.messageKeys[counter];
    const ciphertext = await this.crypto.aesCbc(
      'encrypt',
      cipherKey,
      ivBlock.slice(0, 16),
      new Uint8Array(plaintext),
    );
    const encoded = encodeWhisperMessage({
      ephemeralKey: bytesOf(ratchet.ephemeralKeyPair.pubKey),
      counter,
      previousCounter: ratchet.previousCounter,
      ciphertext,
    });
    const remoteIdentity = bytesOf(session.indexInfo.remoteIdentityKey);
    const [mac] = await this.crypto.hmac(
      macKey,
      concatBytes(
        new Uint8Array(ours.pubKey),
        remoteIdentity,
        Uint8Array.of(WHISPER_VERSION),
        encoded,
      ),
    );
    const withMac = concatBytes(
      Uint8Array.of(WHISPER_VERSION),
      encoded,
      (mac as Uint8Array).slice(0, MAC_LENGTH),
    );
    if (!(await this.store.isTrustedIdentity(this.address, exactBuffer(remoteIdentity), 1))) {
      throw new Error('Identity key changed');
    }
    await this.store.saveIdentity(this.address, exactBuffer(remoteIdentity));
    updateSessionState(record, session);
    await this.store.storeSession(this.address, serialize(record));
    const pending = session.pendingPreKey;
    if (!pending)
      return { type: 1, body: binaryString(withMac), registrationId: session.registrationId };
    const preKeyMessage = encodePreKeyWhisperMessage({
      registrationId,
      preKeyId: pending.preKeyId ?? 0,
      signedPreKeyId: pending.signedKeyId,
      baseKey: bytesOf(pending.baseKey),
      identityKey: new Uint8Array(ours.pubKey),
      message: withMac,
    });
    return {
      type: 3,
      body: binaryString(concatBytes(Uint8Array.of(WHISPER_VERSION), preKeyMessage)),
      registrationId: session.registrationId,
    };
  }

  private async decryptJob(message: Uint8Array): Promise<ArrayBuffer> {
    const record = parseRecord(await this.store.loadSession(this.address));
    if (!record) throw new Error(`No record for device ${this.address}`);
    // The open session first, then the closed ones from the most recently closed.
    const sessions = Object.values(record.sessions);
    const open = sessions.filter((s) => s.indexInfo.closed === -1);
    const closed = sessions
      .filter((s) => s.indexInfo.closed !== -1)
      .sort((a, b) => b.indexInfo.closed - a.indexInfo.closed);
    const errors: unknown[] = [];
    let result: { plaintext: ArrayBuffer; session: SessionJson } | undefined;
    for (const session of [...open, ...closed]) {
      try {
        result = { plaintext: await this.decryptWith(message, session), session };
        break;
      } catch (error) {
        if ((error as Error | undefined)?.name === 'MessageCounterError') throw error;
        errors.push(error);
      }
    }
    if (!result)
      throw errors[0] ?? new Error(`No session found to decrypt message from ${this.address}`);
    const { session } = result;
    if (session.indexInfo.baseKey !== openSession(record)?.indexInfo.baseKey) {
      archiveCurrentState(record);
      session.indexInfo.closed = -1;
    }
    const remoteIdentity = fromBase64(session.indexInfo.remoteIdentityKey);
    if (!(await this.store.isTrustedIdentity(this.address, remoteIdentity, 2))) {
      throw new Error('Identity key changed');
    }
    await this.store.saveIdentity(this.address, remoteIdentity);
    updateSessionState(record, session);
    await this.store.storeSession(this.address, serialize(record));
    return result.plaintext;
  }

  /** `doDecryptWhisperMessage`: steps the ratchet if needed, checks the MAC, decrypts. */
  private async decryptWith(messageBytes: Uint8Array, session: SessionJson): Promise<ArrayBuffer> {
    const version = messageBytes[0] ?? 0;
    if ((version & 0xf) > 3 || version >> 4 < 3) {
      throw new Error(`Incompatible version number on WhisperMessage ${version}`);
    }
    if (messageBytes.length < 1 + MAC_LENGTH) throw new Error('Bad MAC length');
    const proto = messageBytes.slice(1, messageBytes.length - MAC_LENGTH);
    const mac = messageBytes.slice(messageBytes.length - MAC_LENGTH);
    const message = decodeWhisperMessage(proto);
    const remoteKey = b64(message.ephemeralKey);
    await this.maybeStepRatchet(session, message.ephemeralKey, message.previousCounter);
    const chain = session.chains[remoteKey];
    if (!chain) throw new Error('No chain for the message key');
    if (chain.chainType === SENDING) throw new Error('Tried to decrypt on a sending chain');
    await this.fillMessageKeys(chain, message.counter);
    const messageKey = chain.messageKeys[message.counter];
    if (messageKey === undefined) {
      const error = new Error(
        'Message key not found. The counter was repeated or the key was not filled.',
      );
      error.name = 'MessageCounterError';
      throw error;
    }
    delete chain.messageKeys[message.counter];
    const [cipherKey, macKey, ivBlock] = await this.crypto.hkdf(
      bytesOf(messageKey),
      ZEROS,
      'WhisperMessageKeys',
    );
    const ours = await this.store.getIdentityKeyPair();
    const [expected] = await this.crypto.hmac(
      macKey,
      concatBytes(
        bytesOf(session.indexInfo.remoteIdentityKey),
        new Uint8Array(ours.pubKey),
        Uint8Array.of(WHISPER_VERSION),
        proto,
      ),
    );
    let difference = 0;
    for (let i = 0; i < MAC_LENGTH; i++) difference |= (expected?.[i] ?? 0) ^ (mac[i] ?? 0);
    if (difference !== 0) throw new Error('Bad MAC');
    const plaintext = await this.crypto.aesCbc(
      'decrypt',
      cipherKey,
      ivBlock.slice(0, 16),
      message.ciphertext,
    );
    delete session.pendingPreKey;
    return exactBuffer(plaintext);
  }

  /** `maybeStepRatchet`: a new ratchet key from the peer closes our chains and opens new ones. */
  private async maybeStepRatchet(
    session: SessionJson,
    remoteKey: Uint8Array,
    previousCounter: number,
  ): Promise<void> {
    const remote = b64(remoteKey);
    if (session.chains[remote] !== undefined) return;
    const ratchet = session.currentRatchet;
    if (!ratchet.ephemeralKeyPair)
      throw new Error('attempting to step reatchet without ephemeral key');
    const previous = session.chains[ratchet.lastRemoteEphemeralKey];
    if (previous !== undefined) {
      await this.fillMessageKeys(previous, previousCounter);
      delete previous.chainKey.key;
      session.oldRatchetList.push({
        added: Date.now(),
        ephemeralKey: ratchet.lastRemoteEphemeralKey,
      });
    }
    await this.calculateRatchet(session, remoteKey, false);
    const previousRatchetKey = ratchet.ephemeralKeyPair.pubKey;
    const previousSending = session.chains[previousRatchetKey];
    if (previousSending !== undefined) {
      ratchet.previousCounter = previousSending.chainKey.counter;
      delete session.chains[previousRatchetKey];
    }
    ratchet.ephemeralKeyPair = keyPairJson(await this.crypto.keyPair());
    await this.calculateRatchet(session, remoteKey, true);
    ratchet.lastRemoteEphemeralKey = remote;
  }

  private async calculateRatchet(
    session: SessionJson,
    remoteKey: Uint8Array,
    sending: boolean,
  ): Promise<void> {
    const ratchet = session.currentRatchet;
    const ephemeral = ratchet.ephemeralKeyPair;
    if (!ephemeral)
      throw new Error('currentRatchet has no ephemeral key. Cannot calculateRatchet.');
    const secret = await this.crypto.agree(remoteKey, fromBase64(ephemeral.privKey));
    const [rootKey, chainKey] = await this.crypto.hkdf(
      secret,
      bytesOf(ratchet.rootKey),
      'WhisperRatchet',
    );
    session.chains[sending ? ephemeral.pubKey : b64(remoteKey)] = {
      messageKeys: {},
      chainKey: { counter: -1, key: b64(chainKey) },
      chainType: sending ? SENDING : RECEIVING,
    };
    ratchet.rootKey = b64(rootKey);
  }

  /** `fillMessageKeys`: the chain's message keys up to `counter` (at most 2000 ahead). */
  private async fillMessageKeys(chain: ChainJson, counter: number): Promise<void> {
    if (chain.chainKey.counter >= counter) return;
    if (counter - chain.chainKey.counter > MAX_SKIPPED_MESSAGES) {
      throw new Error('Over 2000 messages into the future!');
    }
    while (chain.chainKey.counter < counter) {
      const key = chain.chainKey.key;
      if (key === undefined) {
        throw new Error('Got invalid request to extend chain after it was already closed');
      }
      const [messageKey, nextKey] = await this.crypto.hmac(
        bytesOf(key),
        Uint8Array.of(1),
        Uint8Array.of(2),
      );
      chain.messageKeys[chain.chainKey.counter + 1] = b64(messageKey as Uint8Array);
      chain.chainKey.key = b64(nextKey as Uint8Array);
      chain.chainKey.counter += 1;
    }
  }
}
