import { afterAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '@shared/transport/bytes';
import { decryptJson } from '@shared/transport/codec';
import { withJsHmac } from '@shared/transport/hmac';
import { loadSignal, type SignalLib } from '@shared/transport/signal';
import { installRecordCache } from './recordCache';
import { ServerCrypto } from './serverCrypto';
import { connectPeer } from '@tests/support/mock-server/testPeer';

afterAll(async () => {
  const runtime = await loadSignal();
  runtime.lib.setWebCrypto(
    withJsHmac(globalThis.crypto) as Parameters<SignalLib['setWebCrypto']>[0],
  );
  await runtime.selectCurve('auto');
});

describe('session record cache (server process)', () => {
  it('hands records back without parsing them, across many round trips', async () => {
    const stats = await installRecordCache();
    const server = await ServerCrypto.create({ nodeFastPath: true });
    // A client on the library too, as the bench's load processes run it: both sides' loads.
    const peer = await connectPeer(server, 'library');
    const before = { ...stats };
    for (let i = 0; i < 30; i++) {
      expect(await peer.roundTrip('user/userInfo', { i })).toMatchObject({ data: { i } });
    }
    // Four loads per round trip (two per side); most come from the cache.
    expect(stats.hits - before.hits).toBeGreaterThan(60);
    expect(await installRecordCache()).toBe(stats);
  });

  it('parses afresh after a message that failed half-way (a tampered one)', async () => {
    await installRecordCache();
    const server = await ServerCrypto.create({ nodeFastPath: true });
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo', {});
    for (let i = 0; i < 3; i++) {
      const { envelope, plain } = await peer.envelope('user/userInfo', { i });
      const bytes = new Uint8Array(fromBase64(envelope.body));
      bytes[bytes.length - 12] = (bytes[bytes.length - 12] ?? 0) ^ 0xff;
      await expect(
        server.open({ ...envelope, body: toBase64(bytes.buffer) }, 'user/userInfo'),
      ).rejects.toThrow();
      // The untouched message still decrypts: the failed attempt left no mutated record behind.
      const { session, plaintext } = await server.open(envelope, 'user/userInfo');
      expect(plaintext.data).toEqual({ i });
      const sealed = await server.seal(session, {
        code: 200,
        message: 'ok',
        data: i,
        rid: plain.rid,
      });
      expect(await decryptJson(peer.cipher, sealed.type, sealed.body)).toMatchObject({ data: i });
    }
  });
});
