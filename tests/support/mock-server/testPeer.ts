/** Test helper: a client session against a ServerCrypto without HTTP. */
import type { RequestPlaintext, UserBaseInfo } from '@shared/envelope';
import { prepareClientSession, type SignalKitKind } from '@shared/transport/clientSession';
import { decryptJson, encryptJson, type MessageCipher } from '@shared/transport/codec';
import { randomId } from '@shared/transport/ids';
import type { SignalStore } from '@shared/transport/store';
import type { ServerCrypto } from '../../../mock-server/crypto/serverCrypto';

export const baseInfo: UserBaseInfo = {
  deviceId: 'test-device-h5',
  system: 'H5',
  tokenValue: '',
  version: '1.0.0',
};

interface TestPeer {
  sid: string;
  cipher: MessageCipher;
  /** The client's store (its session record). */
  store: SignalStore;
  /** Encrypts a request plaintext into an envelope. */
  envelope(path: string, data?: unknown, rid?: string, ts?: number): Promise<EnvelopeAndPlain>;
  /** One full round trip through the server crypto; returns the decrypted answer. */
  roundTrip(path: string, data?: unknown): Promise<unknown>;
}

interface EnvelopeAndPlain {
  envelope: { v: 1; sid: string; dev: string; type: 1 | 3; body: string };
  plain: RequestPlaintext;
}

/**
 * A client connected to `server`; `kind` picks the client's implementation (default: the
 * engine's where the runtime can, as the SPA's).
 */
export async function connectPeer(server: ServerCrypto, kind?: SignalKitKind): Promise<TestPeer> {
  const local = await prepareClientSession(undefined, kind);
  const answer = await server.handshake({ clientBundle: local.bundle, baseInfo });
  const { cipher, store } = await local.open(answer);
  const peer: TestPeer = {
    sid: answer.sid,
    cipher,
    store,
    async envelope(path, data = {}, rid = randomId(), ts = Date.now()) {
      const plain = { rid, path, ts, data, userBaseInfo: baseInfo };
      const message = await encryptJson(cipher, plain);
      return { envelope: { v: 1, sid: answer.sid, dev: baseInfo.deviceId, ...message }, plain };
    },
    async roundTrip(path, data) {
      const { envelope, plain } = await peer.envelope(path, data);
      const { session, plaintext } = await server.open(envelope, path);
      const sealed = await server.seal(session, {
        code: 200,
        message: 'ok',
        data: plaintext.data,
        rid: plain.rid,
      });
      return decryptJson(cipher, sealed.type, sealed.body);
    },
  };
  return peer;
}
