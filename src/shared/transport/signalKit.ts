/**
 * What builds a client's Signal sessions (./clientSession.ts): the engine's (./engineSession.ts)
 * or the library's (./librarySession.ts), with the same records and wire bytes. Runs in the
 * browser and in Node.
 */
import type { Bundle } from '@shared/envelope';
import type { LocalIdentity, MessageCipher } from './codec';
import type { SignalStore } from './store';

/** What builds sessions: the engine's or the library's (see the module comment). */
export interface SignalKit {
  readonly kind: SignalKitKind;
  createIdentity(): Promise<LocalIdentity>;
  /** `SessionBuilder.processPreKey` into `store` for `address`. */
  startSession(store: SignalStore, address: string, bundle: Bundle): Promise<void>;
  cipher(store: SignalStore, address: string): MessageCipher;
  hasOpenSession(store: SignalStore, address: string): Promise<boolean>;
}

/** `engine`: WebCrypto alone; `library`: the Signal library with its JS fallbacks. */
export type SignalKitKind = 'engine' | 'library';
