/**
 * The client's Signal session on the library (@privacyresearch/libsignal-protocol-typescript,
 * ./signal.ts, with its JS fallbacks: the curve where WebCrypto's X25519 is missing or wrong,
 * XEdDSA on @noble/curves, HMACs on @noble/hashes), for engines whose WebCrypto cannot run the
 * whole session (./engineProbe.ts). ./clientSession.ts imports it only then. Runs in the
 * browser and in Node.
 */
import type { SignalKit } from './signalKit';
import { createLocalIdentity, deviceOf, SIGNAL_DEVICE_ID } from './codec';
import { loadSignal } from './signal';

/** The library's name of an address `name.deviceId` (./clientSession.ts builds them so). */
function nameOf(address: string): string {
  const suffix = `.${SIGNAL_DEVICE_ID}`;
  return address.endsWith(suffix) ? address.slice(0, -suffix.length) : address;
}

export async function librarySignalKit(): Promise<SignalKit> {
  const { lib } = await loadSignal();
  const addressOf = (address: string) =>
    new lib.SignalProtocolAddress(nameOf(address), SIGNAL_DEVICE_ID);
  return {
    kind: 'library',
    createIdentity: () => createLocalIdentity(lib),
    startSession: async (store, address, bundle) => {
      await new lib.SessionBuilder(store, addressOf(address)).processPreKey(deviceOf(bundle));
    },
    cipher: (store, address) => new lib.SessionCipher(store, addressOf(address)),
    hasOpenSession: (store, address) =>
      new lib.SessionCipher(store, addressOf(address)).hasOpenSession(),
  };
}
