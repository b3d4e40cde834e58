/**
 * What the server refuses before it derives a single key (serverCrypto checkHeader): forged
 * counters, skips past the window, replays of older messages, a wrong version byte; and, after
 * decrypting, requests outside the freshness window.
 */
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/codes';
import { FRESHNESS_MS, ServerCrypto } from './serverCrypto';
import { ProtocolFailure, SKIP_WINDOW } from './session';
import { connectPeer } from '@tests/support/mock-server/testPeer';
import { whisperHeaderOf } from './whisperHeader';

async function refusal(promise: Promise<unknown>): Promise<ProtocolFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolFailure);
    return error as ProtocolFailure;
  }
  throw new Error('expected a refusal');
}

const varint = (n: number) => {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
};

/** A WhisperMessage with the ratchet key and ciphertext of `body` and a forged counter. */
function forgeCounter(body: string, counter: number): string {
  const bytes = Buffer.from(body, 'base64');
  const header = whisperHeaderOf(1, bytes);
  if (!header) throw new Error('not a WhisperMessage');
  const key = Buffer.from(header.ratchetKey, 'base64');
  const forged = [
    0x33,
    0x0a,
    ...varint(key.length),
    ...key,
    0x10,
    ...varint(counter),
    0x18,
    0,
    0x22,
    4,
    1,
    2,
    3,
    4,
    ...new Array(8).fill(0),
  ];
  return Buffer.from(forged).toString('base64');
}

describe('message headers are checked before decrypting', () => {
  it('a forged counter far ahead is refused at once, and the session keeps working', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo');
    const { envelope } = await peer.envelope('user/userInfo');
    expect(envelope.type).toBe(1);
    const forged = { ...envelope, body: forgeCounter(envelope.body, 3999) };
    const error = await refusal(server.open(forged, 'user/userInfo'));
    expect(error.code).toBe(ProtocolError.BAD_ENVELOPE);
    expect(error.message).toMatch(/skips more than 50 messages/);
    // The honest message is still accepted: nothing was consumed or derived for the forgery.
    await expect(server.open(envelope, 'user/userInfo')).resolves.toBeDefined();
  });

  it('a valid message that skips more than the window is refused; within it, accepted', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo');
    const held = [];
    for (let i = 0; i <= SKIP_WINDOW + 1; i += 1) held.push(await peer.envelope('user/userInfo'));
    const far = held.at(-1)!;
    expect((await refusal(server.open(far.envelope, 'user/userInfo'))).code).toBe(
      ProtocolError.BAD_ENVELOPE,
    );
    // Concurrent requests arrive out of order: a few skipped counters are fine.
    await expect(server.open(held[3]!.envelope, 'user/userInfo')).resolves.toBeDefined();
    await expect(server.open(held[1]!.envelope, 'user/userInfo')).resolves.toBeDefined();
  });

  it('a replay of an older message is named a replay (4091), even chains later', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo');
    const { envelope, plain } = await peer.envelope('user/userInfo');
    const { session } = await server.open(envelope, 'user/userInfo');
    await server.seal(session, { code: 200, message: 'ok', data: null, rid: plain.rid });
    for (let i = 0; i < 10; i += 1) await peer.roundTrip('user/userInfo');
    const error = await refusal(server.open(envelope, 'user/userInfo'));
    expect(error.code).toBe(ProtocolError.REPLAY_OR_DUPLICATE);
  });

  it('refuses a version byte other than the protocol’s (it is outside the MAC)', async () => {
    const server = await ServerCrypto.create();
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo');
    const { envelope } = await peer.envelope('user/userInfo');
    const bytes = Buffer.from(envelope.body, 'base64');
    bytes[0] = 0x23;
    const error = await refusal(
      server.open({ ...envelope, body: bytes.toString('base64') }, 'user/userInfo'),
    );
    expect(error.code).toBe(ProtocolError.BAD_ENVELOPE);
    expect(error.message).toMatch(/version/);
  });
});

describe('freshness', () => {
  it('refuses a request withheld past the window with 4081 and the server time', async () => {
    let clock = Date.now();
    const server = await ServerCrypto.create({ now: () => clock });
    const peer = await connectPeer(server);
    await peer.roundTrip('user/userInfo');
    const { envelope } = await peer.envelope('user/userInfo', {}, undefined, clock);
    clock += FRESHNESS_MS + 1000;
    const error = await refusal(server.open(envelope, 'user/userInfo'));
    expect(error.code).toBe(ProtocolError.STALE_REQUEST);
    expect(error.details).toEqual({ serverTime: clock });
  });
});
