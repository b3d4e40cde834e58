/**
 * The client half of the handshake (DESIGN.md §5): the client's identity bundle, then a Signal
 * session to `s-<sid>` with the server identity pinned. Runs in the browser and in Node.
 */
import type { SessionCipher } from '@privacyresearch/libsignal-protocol-typescript';
import { type Bundle, type HandshakeAnswer, sessionAddressName } from '../envelope';
import { fromBase64 } from './bytes';
import {
  bundleOf,
  createLocalIdentity,
  deviceOf,
  type LocalIdentity,
  SIGNAL_DEVICE_ID,
} from './codec';
import { loadSignal } from './signal';
import { SignalStore } from './store';

/** A client side ready to send its bundle, then to build the session from the server's answer. */
export interface PreparedClientSession {
  bundle: Bundle;
  connect(answer: HandshakeAnswer): Promise<SessionCipher>;
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
  return {
    bundle: bundleOf(identity),
    async connect(answer) {
      const store = new SignalStore({
        identityKeyPair: identity.identityKeyPair,
        registrationId: identity.registrationId,
        pinnedIdentity: fromBase64(answer.bundle.identityKey),
      });
      const address = new lib.SignalProtocolAddress(
        sessionAddressName(answer.sid),
        SIGNAL_DEVICE_ID,
      );
      // Verifies the signed prekey against the pinned identity; throws when it does not match.
      await new lib.SessionBuilder(store, address).processPreKey(deviceOf(answer.bundle));
      return new lib.SessionCipher(store, address);
    },
  };
}
