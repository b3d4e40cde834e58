/**
 * The client half of the handshake (DESIGN.md §5): the client's identity bundle, then a Signal
 * session to `s-<sid>` with the server identity pinned. Runs in the browser and in Node.
 */
import type { SessionCipher } from '@privacyresearch/libsignal-protocol-typescript';
import { type Bundle, type HandshakeAnswer, sessionAddressName } from '@shared/envelope';
import { fromBase64 } from './bytes';
import {
  bundleOf,
  createLocalIdentity,
  deviceOf,
  type LocalIdentity,
  SIGNAL_DEVICE_ID,
} from './codec';
import { loadSignal } from './signal';
import { SignalStore, type StoreSnapshot } from './store';

/** A session's cipher and the store it keeps its state in (to persist it). */
interface ClientChannel {
  cipher: SessionCipher;
  store: SignalStore;
}

/** A client side ready to send its bundle, then to build the session from the server's answer. */
interface PreparedClientSession {
  bundle: Bundle;
  connect(answer: HandshakeAnswer): Promise<SessionCipher>;
  /** connect, also handing out the store (persisted sessions). */
  open(answer: HandshakeAnswer): Promise<ClientChannel>;
}

/** Loads the library (lazily) and creates a client identity (one XEdDSA signature: reuse it). */
export async function createClientIdentity(): Promise<LocalIdentity> {
  const { lib } = await loadSignal();
  return createLocalIdentity(lib);
}

/**
 * Prepares a handshake with the given identity (a fresh one when omitted). The server pins the
 * identity per session, so one client may reuse its identity for every host and re-handshake.
 */
export async function prepareClientSession(
  identity?: LocalIdentity,
): Promise<PreparedClientSession> {
  const { lib } = await loadSignal();
  identity ??= await createLocalIdentity(lib);
  const open = async (answer: HandshakeAnswer): Promise<ClientChannel> => {
    const store = new SignalStore({
      identityKeyPair: identity.identityKeyPair,
      registrationId: identity.registrationId,
      pinnedIdentity: fromBase64(answer.bundle.identityKey),
    });
    const address = new lib.SignalProtocolAddress(sessionAddressName(answer.sid), SIGNAL_DEVICE_ID);
    // Verifies the signed prekey against the pinned identity; throws when it does not match.
    await new lib.SessionBuilder(store, address).processPreKey(deviceOf(answer.bundle));
    return { cipher: new lib.SessionCipher(store, address), store };
  };
  return {
    bundle: bundleOf(identity),
    open,
    connect: async (answer) => (await open(answer)).cipher,
  };
}

/**
 * Goes on with a session after a reload from its persisted store; null when the store holds no
 * open session for that sid (then the client shakes hands again).
 */
export async function resumeClientSession(
  sid: string,
  snapshot: StoreSnapshot,
): Promise<ClientChannel | null> {
  const { lib } = await loadSignal();
  const store = SignalStore.restore(snapshot);
  const address = new lib.SignalProtocolAddress(sessionAddressName(sid), SIGNAL_DEVICE_ID);
  const cipher = new lib.SessionCipher(store, address);
  return (await cipher.hasOpenSession()) ? { cipher, store } : null;
}
