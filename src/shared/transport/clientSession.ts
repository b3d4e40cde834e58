/**
 * The client half of the handshake (DESIGN.md §5): the client's identity bundle, then a Signal
 * session to `s-<sid>` with the server identity pinned. Runs in the browser and in Node.
 *
 * Two implementations of the same session, records and wire bytes: the engine's
 * (./engineSession.ts, on WebCrypto alone) where ./engineProbe.ts finds every algorithm it needs,
 * and the Signal library with its JS fallbacks (./librarySession.ts) where it does not; the
 * library is imported only then, so a first open loads no curve or ratchet code of its own.
 */
import { type Bundle, type HandshakeAnswer, sessionAddressName } from '@shared/envelope';
import { fromBase64 } from './bytes';
import {
  bundleOf,
  deviceOf,
  type LocalIdentity,
  type MessageCipher,
  SIGNAL_DEVICE_ID,
} from './codec';
import { EngineCrypto } from './engineCrypto';
import { engineRunsSignal } from './engineProbe';
import { createEngineIdentity, EngineCipher, startEngineSession } from './engineSession';
import type { SignalKit, SignalKitKind } from './signalKit';
import { SignalStore, type StoreSnapshot } from './store';
import { requireWebCrypto } from './webCrypto';

export type { SignalKitKind } from './signalKit';

/** A session's cipher and the store it keeps its state in (to persist it). */
export interface ClientChannel {
  cipher: MessageCipher;
  store: SignalStore;
}

function engineKit(): SignalKit {
  const webCrypto = requireWebCrypto();
  const crypto = new EngineCrypto(webCrypto.subtle, (into) => webCrypto.getRandomValues(into));
  return {
    kind: 'engine',
    createIdentity: () => createEngineIdentity(crypto),
    startSession: (store, address, bundle) =>
      startEngineSession(crypto, store, address, deviceOf(bundle)),
    cipher: (store, address) => new EngineCipher(crypto, store, address),
    hasOpenSession: (store, address) => new EngineCipher(crypto, store, address).hasOpenSession(),
  };
}

async function libraryKit(): Promise<SignalKit> {
  const { librarySignalKit } = await import('./librarySession');
  return librarySignalKit();
}

let chosen: SignalKitKind | undefined;
let kits: Partial<Record<SignalKitKind | 'auto', Promise<SignalKit>>> = {};

/**
 * Which implementation this process uses from now on: `auto` (the default) probes the engine.
 * For Node processes that install the library's node:crypto path (bench load processes) and
 * tests that run both.
 */
export function selectSignalKit(kind: SignalKitKind | 'auto'): void {
  chosen = kind === 'auto' ? undefined : kind;
}

/** The kit of `kind` (single flight; a failure is forgotten so the next use tries again). */
function signalKit(kind: SignalKitKind | 'auto' = chosen ?? 'auto'): Promise<SignalKit> {
  let kit = kits[kind];
  if (!kit) {
    kit = (async () => {
      // InsecureContextError before anything else: WebCrypto is needed either way.
      const webCrypto = requireWebCrypto();
      if (kind === 'engine') return engineKit();
      if (kind === 'library') return libraryKit();
      return (await engineRunsSignal(webCrypto.subtle)) ? engineKit() : libraryKit();
    })();
    kits[kind] = kit;
    kit.catch(() => {
      if (kits[kind] === kit) kits = { ...kits, [kind]: undefined };
    });
  }
  return kit;
}

/**
 * Starts choosing the implementation now (the engine probe, or loading the library where the
 * engine lacks an algorithm), so the first handshake does not wait for it. Never rejects.
 */
export function warmUpSignalKit(): void {
  signalKit().catch(() => {});
}

/** A client side ready to send its bundle, then to build the session from the server's answer. */
interface PreparedClientSession {
  bundle: Bundle;
  connect(answer: HandshakeAnswer): Promise<MessageCipher>;
  /** connect, also handing out the store (persisted sessions). */
  open(answer: HandshakeAnswer): Promise<ClientChannel>;
}

/** Creates a client identity (one signature: reuse it). */
export async function createClientIdentity(kind?: SignalKitKind): Promise<LocalIdentity> {
  return (await signalKit(kind)).createIdentity();
}

/**
 * Prepares a handshake with the given identity (a fresh one when omitted). The server pins the
 * identity per session, so one client may reuse its identity for every host and re-handshake.
 */
export async function prepareClientSession(
  identity?: LocalIdentity,
  kind?: SignalKitKind,
): Promise<PreparedClientSession> {
  const kit = await signalKit(kind);
  const own = identity ?? (await kit.createIdentity());
  const open = async (answer: HandshakeAnswer): Promise<ClientChannel> => {
    const store = new SignalStore({
      identityKeyPair: own.identityKeyPair,
      registrationId: own.registrationId,
      pinnedIdentity: fromBase64(answer.bundle.identityKey),
    });
    const address = `${sessionAddressName(answer.sid)}.${SIGNAL_DEVICE_ID}`;
    // Verifies the signed prekey against the pinned identity; throws when it does not match.
    await kit.startSession(store, address, answer.bundle);
    return { cipher: kit.cipher(store, address), store };
  };
  return {
    bundle: bundleOf(own),
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
  kind?: SignalKitKind,
): Promise<ClientChannel | null> {
  const kit = await signalKit(kind);
  const store = SignalStore.restore(snapshot);
  const address = `${sessionAddressName(sid)}.${SIGNAL_DEVICE_ID}`;
  return (await kit.hasOpenSession(store, address))
    ? { cipher: kit.cipher(store, address), store }
    : null;
}
