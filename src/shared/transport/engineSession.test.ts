import { AsyncCurve25519Wrapper } from '@privacyresearch/curve25519-typescript';
import { describe, expect, it } from 'vitest';
import { bufferToUtf8, utf8ToBuffer } from './bytes';
import { prepareClientSession, resumeClientSession, type SignalKitKind } from './clientSession';
import { bundleOf, createLocalIdentity, type MessageCipher } from './codec';
import { EngineCrypto } from './engineCrypto';
import { XEDDSA_VECTOR, engineRunsSignal } from './engineProbe';
import { loadSignal } from './signal';
import { SignalStore } from './store';
import type { Subtle } from './webCrypto';
import { xeddsaSign, xeddsaVerify } from './xeddsa';

const subtle = globalThis.crypto.subtle;
const engine = () => new EngineCrypto(subtle, (into) => crypto.getRandomValues(into));
const hex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/**
 * The peer as the mock server is one: the Signal library answering from a prekey bundle
 * (mock-server/crypto/serverCrypto.ts does the same with its store).
 */
async function libraryPeer() {
  const { lib } = await loadSignal();
  const identity = await createLocalIdentity(lib);
  const preKey = await lib.KeyHelper.generatePreKey(7);
  const store = new SignalStore({
    identityKeyPair: identity.identityKeyPair,
    registrationId: identity.registrationId,
  });
  await store.storeSignedPreKey(identity.signedPreKey.keyId, identity.signedPreKey.keyPair);
  await store.storePreKey(preKey.keyId, preKey.keyPair);
  const cipher = new lib.SessionCipher(store, new lib.SignalProtocolAddress('c-peer', 1));
  const sid = `sid-${Math.random().toString(36).slice(2)}`;
  return {
    sid,
    answer: {
      sid,
      deviceId: 'd-h5',
      bundle: bundleOf(identity, { keyId: preKey.keyId, publicKey: preKey.keyPair.pubKey }),
    },
    /** Reads a client message and answers it with `reply(text)`. */
    async echo(message: { type: number; body?: string }, reply = (t: string) => `re:${t}`) {
      const body = message.body ?? '';
      const plain =
        message.type === 3
          ? await cipher.decryptPreKeyWhisperMessage(body, 'binary')
          : await cipher.decryptWhisperMessage(body, 'binary');
      return cipher.encrypt(utf8ToBuffer(reply(bufferToUtf8(plain))));
    },
  };
}

async function roundTrip(
  client: MessageCipher,
  peer: Awaited<ReturnType<typeof libraryPeer>>,
  text: string,
): Promise<string> {
  const sent = await client.encrypt(utf8ToBuffer(text));
  const answer = await peer.echo(sent);
  return bufferToUtf8(await client.decryptWhisperMessage(answer.body ?? '', 'binary'));
}

describe("the engine's Signal session", () => {
  it("is the library's: its peer reads every message and answers, out of order too", async () => {
    const peer = await libraryPeer();
    const prepared = await prepareClientSession(undefined, 'engine');
    const { cipher } = await prepared.open(peer.answer);
    // Five requests before any answer (PreKey messages), answered in reverse order.
    const sent = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => cipher.encrypt(utf8ToBuffer(`q${i}`))),
    );
    expect(sent.map((m) => m.type)).toEqual([3, 3, 3, 3, 3]);
    const answers = [];
    for (const message of sent) answers.push(await peer.echo(message));
    for (const [i, answer] of [...answers.entries()].reverse()) {
      expect(bufferToUtf8(await cipher.decryptWhisperMessage(answer.body ?? '', 'binary'))).toBe(
        `re:q${i}`,
      );
    }
    for (let i = 0; i < 12; i++) expect(await roundTrip(cipher, peer, `m${i}`)).toBe(`re:m${i}`);
    expect((await cipher.encrypt(utf8ToBuffer('after'))).type).toBe(1);
  });

  it('writes the same bytes and the same record as the library from the same state', async () => {
    const peer = await libraryPeer();
    const prepared = await prepareClientSession(undefined, 'library');
    const { cipher, store } = await prepared.open(peer.answer);
    await roundTrip(cipher, peer, 'warm');
    const snapshot = store.snapshot();
    const [viaLibrary, viaEngine] = await Promise.all(
      (['library', 'engine'] as const).map((kind) => resumeClientSession(peer.sid, snapshot, kind)),
    );
    if (!viaLibrary || !viaEngine) throw new Error('no session to resume');
    const text = utf8ToBuffer(JSON.stringify({ rid: 'r1', path: 'user/userInfo', data: { é: 1 } }));
    const [a, b] = await Promise.all([
      viaLibrary.cipher.encrypt(text.slice(0)),
      viaEngine.cipher.encrypt(text.slice(0)),
    ]);
    expect(b.type).toBe(a.type);
    expect(b.body).toBe(a.body);
    expect(viaEngine.store.snapshot()).toEqual(viaLibrary.store.snapshot());
    // And the answer to it reads the same on both.
    const answer = await peer.echo(a);
    const [x, y] = await Promise.all([
      viaLibrary.cipher.decryptWhisperMessage(answer.body ?? '', 'binary'),
      viaEngine.cipher.decryptWhisperMessage(answer.body ?? '', 'binary'),
    ]);
    expect(bufferToUtf8(y)).toBe(bufferToUtf8(x));
  });

  it.each([
    ['engine', 'library'],
    ['library', 'engine'],
  ] as [SignalKitKind, SignalKitKind][])(
    'goes on in the other implementation after a reload: started by the %s, resumed by the %s',
    async (first, then) => {
      const peer = await libraryPeer();
      const prepared = await prepareClientSession(undefined, first);
      const opened = await prepared.open(peer.answer);
      for (let i = 0; i < 3; i++)
        expect(await roundTrip(opened.cipher, peer, `a${i}`)).toBe(`re:a${i}`);
      // A saved snapshot, as the IndexedDB cache keeps it (JSON).
      const saved = JSON.parse(JSON.stringify(opened.store.snapshot()));
      const resumed = await resumeClientSession(peer.sid, saved, then);
      if (!resumed) throw new Error('no session to resume');
      for (let i = 0; i < 3; i++)
        expect(await roundTrip(resumed.cipher, peer, `b${i}`)).toBe(`re:b${i}`);
      const back = await resumeClientSession(peer.sid, resumed.store.snapshot(), first);
      if (!back) throw new Error('no session to resume');
      expect(await roundTrip(back.cipher, peer, 'c')).toBe('re:c');
    },
  );

  it('refuses a tampered answer and a replayed one, and keeps working', async () => {
    const peer = await libraryPeer();
    const { cipher } = await (await prepareClientSession(undefined, 'engine')).open(peer.answer);
    await roundTrip(cipher, peer, 'first');
    const answer = await peer.echo(await cipher.encrypt(utf8ToBuffer('x')));
    const body = answer.body ?? '';
    const tampered = `${body.slice(0, -12)}${String.fromCharCode(body.charCodeAt(body.length - 12) ^ 1)}${body.slice(-11)}`;
    await expect(cipher.decryptWhisperMessage(tampered, 'binary')).rejects.toThrow(/Bad MAC/);
    expect(bufferToUtf8(await cipher.decryptWhisperMessage(body, 'binary'))).toBe('re:x');
    await expect(cipher.decryptWhisperMessage(body, 'binary')).rejects.toThrow(
      /counter was repeated/,
    );
    expect(await roundTrip(cipher, peer, 'still')).toBe('re:still');
  });

  it('refuses a server whose signed prekey is not signed by its identity', async () => {
    const peer = await libraryPeer();
    const other = await libraryPeer();
    const forged = {
      ...peer.answer,
      bundle: { ...peer.answer.bundle, identityKey: other.answer.bundle.identityKey },
    };
    const prepared = await prepareClientSession(undefined, 'engine');
    await expect(prepared.open(forged)).rejects.toThrow(/Invalid signature/);
  });
});

describe('XEdDSA on the engine', () => {
  const asm = new AsyncCurve25519Wrapper();
  const message = utf8ToBuffer('signed prekey 0x05…');

  it("signs so that every verifier accepts: the library's curve and XEdDSA's own", async () => {
    for (let i = 0; i < 16; i++) {
      const identity = await engine().signingIdentity();
      const signature = await identity.sign(message.slice(0));
      const pub = new Uint8Array(identity.keyPair.pubKey).slice(1);
      // The library's curve answers true for an INVALID signature.
      expect(await asm.verify(pub.slice().buffer, message.slice(0), signature.slice(0))).toBe(
        false,
      );
      expect(xeddsaVerify(pub, message, signature)).toBe(true);
      expect(await engine().verify(identity.keyPair.pubKey, message, signature)).toBe(true);
      // Its private key is the X25519 key of its public key (the library derives the same).
      const pair = await asm.keyPair(identity.keyPair.privKey.slice(0));
      expect(new Uint8Array(pair.pubKey)).toEqual(pub);
    }
  });

  it("checks the library's signatures and XEdDSA's, and refuses any change", async () => {
    for (let i = 0; i < 16; i++) {
      const priv = crypto.getRandomValues(new Uint8Array(32)).buffer;
      const pair = await asm.keyPair(priv);
      const byLibrary = await asm.sign(pair.privKey, message.slice(0));
      const byXeddsa = xeddsaSign(new Uint8Array(pair.privKey), new Uint8Array(message));
      for (const signature of [new Uint8Array(byLibrary), byXeddsa]) {
        expect(await engine().verify(pair.pubKey, message, signature)).toBe(true);
        const bad = signature.slice();
        bad[i] = (bad[i] ?? 0) ^ 0x10;
        expect(await engine().verify(pair.pubKey, message, bad)).toBe(false);
        expect(await engine().verify(pair.pubKey, utf8ToBuffer('another'), signature)).toBe(false);
      }
    }
    expect(await engine().verify(new Uint8Array(32).fill(0xff), message, new Uint8Array(64))).toBe(
      false,
    );
  });

  it("has the probe's vector from the library's own curve", async () => {
    const { pub, signature } = XEDDSA_VECTOR;
    expect((hex(signature)[63] ?? 0) & 0x80).toBe(0x80);
    const valid = !(await asm.verify(
      hex(pub).buffer,
      utf8ToBuffer(XEDDSA_VECTOR.message),
      hex(signature).buffer,
    ));
    expect(valid).toBe(true);
  });
});

/** `subtle` with one operation changed (the rest is the real WebCrypto). */
function withChanged(change: Partial<Record<keyof Subtle, (...args: never[]) => unknown>>): Subtle {
  const fake = Object.create(subtle) as Subtle;
  for (const [name, fn] of Object.entries(change)) {
    (fake as unknown as Record<string, unknown>)[name] = fn;
  }
  for (const name of [
    'importKey',
    'exportKey',
    'generateKey',
    'deriveBits',
    'sign',
    'verify',
    'digest',
    'encrypt',
    'decrypt',
  ] as const) {
    if (!(name in change))
      (fake as unknown as Record<string, unknown>)[name] = (
        subtle[name] as (...a: unknown[]) => unknown
      ).bind(subtle);
  }
  return fake;
}

const algorithmName = (algorithm: unknown) =>
  typeof algorithm === 'string' ? algorithm : (algorithm as { name?: string }).name;

/** An engine whose importKey refuses `name` as an unknown algorithm, as WebCrypto does. */
function withoutAlgorithm(name: string): Subtle {
  return withChanged({
    importKey: ((format: never, data: never, algorithm: never, ...rest: never[]) =>
      algorithmName(algorithm) === name
        ? Promise.reject(new DOMException('Algorithm: Unrecognized name', 'NotSupportedError'))
        : (subtle.importKey as (...a: unknown[]) => unknown)(
            format,
            data,
            algorithm,
            ...rest,
          )) as never,
  });
}

describe('the engine probe', () => {
  it('passes where WebCrypto has every algorithm (Node 20)', async () => {
    expect(await engineRunsSignal(subtle)).toBe(true);
  });

  it('fails an engine without Ed25519, without HKDF, with a wrong HMAC or X25519 that loses leading zeros', async () => {
    const noEd25519 = withoutAlgorithm('Ed25519');
    const noHkdf = withoutAlgorithm('HKDF');
    const wrongHmac = withChanged({
      sign: ((algorithm: never, key: never, data: never) =>
        algorithmName(algorithm) === 'HMAC'
          ? Promise.resolve(new ArrayBuffer(32))
          : (subtle.sign as (...a: unknown[]) => unknown)(algorithm, key, data)) as never,
    });
    const losesZeros = withChanged({
      importKey: ((format: never, data: Uint8Array, algorithm: never, ...rest: never[]) =>
        algorithmName(algorithm) === 'X25519' && format === ('pkcs8' as never) && data[16] === 0
          ? Promise.reject(
              new DOMException(
                'Data provided to an operation does not meet requirements',
                'DataError',
              ),
            )
          : (subtle.importKey as (...a: unknown[]) => unknown)(
              format,
              data,
              algorithm,
              ...rest,
            )) as never,
    });
    for (const broken of [noEd25519, noHkdf, wrongHmac, losesZeros]) {
      expect(await engineRunsSignal(broken)).toBe(false);
    }
    expect(await engineRunsSignal(undefined)).toBe(false);
  });
});
