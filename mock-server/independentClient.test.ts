/**
 * An independent client: ONLY the Signal library, fetch and DESIGN.md §5 (none of our transport
 * code), so the server's wire format is checked against the document, not against our client.
 */
import {
  type Direction,
  KeyHelper,
  type KeyPairType,
  SessionBuilder,
  SessionCipher,
  SignalProtocolAddress,
  type StorageType,
} from '@privacyresearch/libsignal-protocol-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from './app';

let server: MockServer;
beforeAll(async () => {
  server = await createMockServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const b64 = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64')).slice().buffer;

class MapStore implements StorageType {
  readonly map = new Map<string, unknown>();
  constructor(
    private readonly identity: KeyPairType,
    private readonly registrationId: number,
  ) {}
  getIdentityKeyPair = async () => this.identity;
  getLocalRegistrationId = async () => this.registrationId;
  isTrustedIdentity = async (_id: string, _key: ArrayBuffer, _d: Direction) => true;
  saveIdentity = async () => false;
  loadPreKey = async (id: string | number) => this.map.get(`pre${id}`) as KeyPairType | undefined;
  storePreKey = async (id: string | number, pair: KeyPairType) =>
    void this.map.set(`pre${id}`, pair);
  removePreKey = async (id: string | number) => void this.map.delete(`pre${id}`);
  loadSignedPreKey = async (id: string | number) =>
    this.map.get(`spk${id}`) as KeyPairType | undefined;
  storeSignedPreKey = async (id: string | number, pair: KeyPairType) =>
    void this.map.set(`spk${id}`, pair);
  removeSignedPreKey = async (id: string | number) => void this.map.delete(`spk${id}`);
  loadSession = async (address: string) => this.map.get(`s${address}`) as string | undefined;
  storeSession = async (address: string, record: string) =>
    void this.map.set(`s${address}`, record);
}

const userBaseInfo = { deviceId: 'independent-h5', system: 'H5', tokenValue: '', version: '1.0.0' };

async function post(path: string, body: unknown, token = '') {
  const res = await fetch(`${server.url}/main/${path}`, {
    method: 'POST',
    headers: {
      token,
      deviceId: userBaseInfo.deviceId,
      'Content-Type': 'application/json',
      crypt: 'false',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('an independent client following DESIGN.md §5', () => {
  it('handshakes, logs in and reads user info encrypted, reads a plain list, and sees the log', async () => {
    const identity = await KeyHelper.generateIdentityKeyPair();
    const registrationId = KeyHelper.generateRegistrationId();
    const signed = await KeyHelper.generateSignedPreKey(identity, 1);
    const store = new MapStore(identity, registrationId);
    const clientBundle = {
      registrationId,
      identityKey: b64(identity.pubKey),
      signedPreKey: {
        keyId: 1,
        publicKey: b64(signed.keyPair.pubKey),
        signature: b64(signed.signature),
      },
    };
    const hello = await post('config/getServicePublicKey', {
      data: { clientBundle, baseInfo: userBaseInfo },
      userBaseInfo,
    });
    expect(hello.status).toBe(200);
    const { sid, deviceId, bundle } = (hello.json as { data: unknown }).data as {
      sid: string;
      deviceId: string;
      bundle: {
        registrationId: number;
        identityKey: string;
        signedPreKey: { keyId: number; publicKey: string; signature: string };
        preKey?: { keyId: number; publicKey: string };
      };
    };
    expect(deviceId).toBe(userBaseInfo.deviceId);
    const address = new SignalProtocolAddress(`s-${sid}`, 1);
    await new SessionBuilder(store, address).processPreKey({
      registrationId: bundle.registrationId,
      identityKey: unb64(bundle.identityKey),
      signedPreKey: {
        keyId: bundle.signedPreKey.keyId,
        publicKey: unb64(bundle.signedPreKey.publicKey),
        signature: unb64(bundle.signedPreKey.signature),
      },
      ...(bundle.preKey
        ? { preKey: { keyId: bundle.preKey.keyId, publicKey: unb64(bundle.preKey.publicKey) } }
        : {}),
    });
    const cipher = new SessionCipher(store, address);

    async function encrypted(path: string, data: unknown, token = '') {
      const rid = `rid-${path}-${Date.now()}`;
      const plaintext = JSON.stringify({ rid, path, ts: Date.now(), data, userBaseInfo });
      const message = await cipher.encrypt(new TextEncoder().encode(plaintext).buffer);
      const body = Buffer.from(message.body ?? '', 'binary').toString('base64');
      const res = await post(path, { v: 1, sid, dev: deviceId, type: message.type, body }, token);
      expect(res.status).toBe(200);
      const answer = res.json as { v: number; type: number; body: string };
      expect(answer.v).toBe(1);
      const plain =
        answer.type === 3
          ? await cipher.decryptPreKeyWhisperMessage(unb64(answer.body), 'binary')
          : await cipher.decryptWhisperMessage(unb64(answer.body), 'binary');
      const decoded = JSON.parse(new TextDecoder().decode(plain));
      expect(decoded.rid).toBe(rid);
      return decoded as { code: number; message: string; data: Record<string, unknown> };
    }

    const login = await encrypted('user/login', {
      areaCode: '63',
      msisdn: '9171234567',
      code: '1234',
    });
    expect(login.code).toBe(200);
    const token = String(login.data.tokenValue);
    const info = await encrypted('user/userInfo', {}, token);
    expect(info).toMatchObject({ code: 200, data: { msisdn: '9171234567', lastName: 'Santos' } });

    const plan = await post(
      'repay/repayPlan',
      { data: { pageNum: 1, pageSize: 20, type: '' }, userBaseInfo },
      token,
    );
    expect(plan.json).toMatchObject({ code: 200, data: { pageNum: 1 } });

    const log = (await (
      await fetch(`${server.url}/__admin/log?limit=4`, {
        headers: { 'x-admin-token': server.adminToken },
      })
    ).json()) as {
      path: string;
      encrypted: boolean;
      request: { data: unknown };
      response: { code: number };
    }[];
    expect(log.map((e) => [e.path, e.encrypted])).toEqual([
      ['config/getServicePublicKey', false],
      ['user/login', true],
      ['user/userInfo', true],
      ['repay/repayPlan', false],
    ]);
    expect(log[1]?.request.data).toEqual({ areaCode: '63', msisdn: '9171234567', code: '1234' });
    expect(log[2]?.response.code).toBe(200);
  });
});
