import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionCipher } from '@privacyresearch/libsignal-protocol-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/codes';
import { toBase64, utf8ToBuffer } from '@shared/transport/bytes';
import { bundleOf, createLocalIdentity, encryptJson } from '@shared/transport/codec';
import { pendingSessionLocks } from '@shared/transport/sessionLock';
import { loadSignal } from '@shared/transport/signal';
import { ServerCrypto } from './serverCrypto';
import { ProtocolFailure } from './session';
import { baseInfo, connectPeer } from '@tests/support/mock-server/testPeer';

async function failureCode(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolFailure);
    return (error as ProtocolFailure).code;
  }
}

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('ServerCrypto', () => {
  it('answers encrypted round trips both ways', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    expect(await peer.roundTrip('user/login', { msisdn: '9171234567' })).toMatchObject({
      code: 200,
      data: { msisdn: '9171234567' },
    });
    expect(await peer.roundTrip('user/userInfo', {})).toMatchObject({ code: 200, data: {} });
  });

  it('keeps the session record bounded over 300 round trips (library does not prune)', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    const address = `s-${peer.sid}.1`;
    const clientStore = peer.store;
    const sizes: number[] = [];
    for (let i = 0; i < 300; i++) {
      await peer.roundTrip('user/userInfo', { i });
      if (i === 19 || i === 299) sizes.push(clientStore.sessionSize(address));
    }
    const [after20, after300] = sizes as [number, number];
    expect(after20).toBeGreaterThan(0);
    // Unpruned, 280 more round trips would add ~29 kB; pruned, the record stays flat.
    expect(after300).toBeLessThan(after20 + 500);
  }, 60_000);

  it('encrypts exactly the plaintext: a pooled view would leak the whole backing buffer', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo', {});
    // The server's own cipher for this session decrypts what the client cipher encrypts.
    const session = (
      server as unknown as { sessions: Map<string, { cipher: SessionCipher }> }
    ).sessions.get(peer.sid)!;
    const pool = new Uint8Array(4096).fill(0x41);
    const view = pool.subarray(100, 105);
    const leaked = await peer.cipher.encrypt(view.buffer as ArrayBuffer);
    const plain = await session.cipher.decryptWhisperMessage(leaked.body ?? '', 'binary');
    expect(plain.byteLength).toBe(4096); // the library fault: the whole pool went out
    const exact = await peer.cipher.encrypt(utf8ToBuffer('hello'));
    const ok = await session.cipher.decryptWhisperMessage(exact.body ?? '', 'binary');
    expect(new TextDecoder().decode(ok)).toBe('hello');
  });

  it('answers 4011 for an unknown sid and for another device', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    const { envelope } = await peer.envelope('user/userInfo');
    expect(await failureCode(server.open({ ...envelope, sid: 'nope' }, 'user/userInfo'))).toBe(
      ProtocolError.SESSION_NOT_FOUND,
    );
    expect(await failureCode(server.open({ ...envelope, dev: 'other-h5' }, 'user/userInfo'))).toBe(
      ProtocolError.SESSION_NOT_FOUND,
    );
  });

  it('answers 4002 when the encrypted path differs from the URL', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    const { envelope } = await peer.envelope('user/logout');
    expect(await failureCode(server.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.PATH_MISMATCH,
    );
  });

  it('answers 4091 to a replayed envelope and to a reused rid', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    const { envelope } = await peer.envelope('user/userInfo', {}, 'rid-1');
    await server.open(envelope, 'user/userInfo');
    expect(await failureCode(server.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.REPLAY_OR_DUPLICATE,
    );
    const again = await peer.envelope('user/userInfo', {}, 'rid-1');
    expect(await failureCode(server.open(again.envelope, 'user/userInfo'))).toBe(
      ProtocolError.REPLAY_OR_DUPLICATE,
    );
    // The session still works after both refusals.
    expect(await peer.roundTrip('user/userInfo', {})).toMatchObject({ code: 200 });
  });

  it('answers 4012 when a PreKey message carries an identity other than the pinned one', async () => {
    const server = await ServerCrypto.create();
    const { lib } = await loadSignal();
    const pinned = await createLocalIdentity(lib);
    const answer = await server.handshake({ clientBundle: bundleOf(pinned), baseInfo });
    // An impostor builds its own session to the same sid with a different identity.
    const impostor = await createLocalIdentity(lib);
    const { SignalStore } = await import('@shared/transport/store');
    const { deviceOf } = await import('@shared/transport/codec');
    const store = new SignalStore({
      identityKeyPair: impostor.identityKeyPair,
      registrationId: impostor.registrationId,
    });
    const address = new lib.SignalProtocolAddress(`s-${answer.sid}`, 1);
    await new lib.SessionBuilder(store, address).processPreKey(deviceOf(answer.bundle));
    const message = await encryptJson(new lib.SessionCipher(store, address), {
      rid: 'x',
      path: 'user/userInfo',
      ts: Date.now(),
      data: {},
      userBaseInfo: baseInfo,
    });
    const envelope = { v: 1 as const, sid: answer.sid, dev: baseInfo.deviceId, ...message };
    expect(await failureCode(server.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.IDENTITY_MISMATCH,
    );
  });

  it('answers 4001 to tampered ciphertext and keeps no lock state or errors afterwards', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    const lockModule = await import(
      '@privacyresearch/libsignal-protocol-typescript/lib/session-lock.js'
    );
    for (let i = 0; i < 50; i++) {
      const { envelope } = await peer.envelope('user/userInfo');
      const bytes = Uint8Array.from(atob(envelope.body), (c) => c.charCodeAt(0));
      bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0xff;
      const tampered = { ...envelope, body: toBase64(bytes) };
      expect(await failureCode(server.open(tampered, 'user/userInfo'))).toBe(
        ProtocolError.BAD_ENVELOPE,
      );
    }
    expect(lockModule.SessionLock.errors).toHaveLength(0);
    expect(lockModule.SessionLock._promises).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pendingSessionLocks()).toBe(0);
    expect(await peer.roundTrip('user/userInfo', {})).toMatchObject({ code: 200 });
  });

  it('evicts least recently used sessions beyond its bound', async () => {
    const server = await ServerCrypto.create({ maxSessions: 3 });
    const first = await connectPeer(server);
    for (let i = 0; i < 4; i++) await connectPeer(server);
    expect(server.size).toBe(3);
    const { envelope } = await first.envelope('user/userInfo');
    expect(await failureCode(server.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.SESSION_NOT_FOUND,
    );
  });

  it('drops sessions idle longer than its idle limit', async () => {
    let clock = Date.now();
    const server = await ServerCrypto.create({ idleMs: 60_000, now: () => clock });
    const peer = await connectPeer(server);
    clock += 30_000;
    expect(await peer.roundTrip('user/userInfo', {})).toMatchObject({ code: 200 });
    clock += 61_000;
    const { envelope } = await peer.envelope('user/userInfo');
    expect(await failureCode(server.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.SESSION_NOT_FOUND,
    );
    expect(server.size).toBe(0);
  });

  it('keeps its identity in the data dir across restarts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mock-id-'));
    dirs.push(dir);
    const one = await ServerCrypto.create({ dataDir: dir });
    const two = await ServerCrypto.create({ dataDir: dir });
    const other = await ServerCrypto.create();
    const { lib } = await loadSignal();
    const client = bundleOf(await createLocalIdentity(lib));
    const a = await one.handshake({ clientBundle: client, baseInfo });
    const b = await two.handshake({ clientBundle: client, baseInfo });
    const c = await other.handshake({ clientBundle: client, baseInfo });
    expect(b.bundle.identityKey).toBe(a.bundle.identityKey);
    expect(c.bundle.identityKey).not.toBe(a.bundle.identityKey);
    // Sessions are not persisted: the restarted server does not know the first sid.
    const peer = await connectPeer(one);
    const { envelope } = await peer.envelope('user/userInfo');
    expect(await failureCode(two.open(envelope, 'user/userInfo'))).toBe(
      ProtocolError.SESSION_NOT_FOUND,
    );
  });
});
