import { afterAll, describe, expect, it } from 'vitest';
import { prepareClientSession } from '@shared/transport/clientSession';
import { decryptJson, encryptJson } from '@shared/transport/codec';
import { withJsHmac } from '@shared/transport/hmac';
import { loadSignal, type SignalLib } from '@shared/transport/signal';
import { createWebCryptoCurve } from '@shared/transport/x25519';
import { xeddsaSigner } from '@shared/transport/xeddsa';
import { createNodeFastPath, createNodeWebCrypto } from './nodeCrypto';
import { ServerCrypto } from './serverCrypto';
import { baseInfo } from '@tests/support/mock-server/testPeer';

const subtle = globalThis.crypto.subtle;
const random = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));
const bytes = (buffer: ArrayBuffer) => new Uint8Array(buffer);

/** XEdDSA calls made browser-style (./xeddsa), to check a session really used them. */
const browserSignatures = { sign: 0, verify: 0 };
const countingSigner = {
  sign: (privKey: ArrayBuffer, message: ArrayBuffer) => {
    browserSignatures.sign++;
    return xeddsaSigner.sign(privKey, message);
  },
  verify: (pubKey: ArrayBuffer, message: ArrayBuffer, sig: ArrayBuffer) => {
    browserSignatures.verify++;
    return xeddsaSigner.verify(pubKey, message, sig);
  },
};

/**
 * What the browser (and the SPA in Node) gives the library: WebCrypto, JS HMACs, XEdDSA on
 * @noble/curves. The node fast path keeps the library's asm.js curve for its signatures.
 */
async function browserStyle(lib: SignalLib): Promise<void> {
  lib.setWebCrypto(withJsHmac(globalThis.crypto) as Parameters<SignalLib['setWebCrypto']>[0]);
  lib.setCurve(createWebCryptoCurve(subtle, countingSigner));
}

afterAll(async () => {
  const runtime = await loadSignal();
  await browserStyle(runtime.lib);
  await runtime.selectCurve('auto');
});

describe('node:crypto fast path', () => {
  it('derives the same keys and secrets as the library JS curve and WebCrypto', async () => {
    const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
    const js = new AsyncCurve25519Wrapper();
    const web = createWebCryptoCurve(subtle, js);
    const node = (await createNodeFastPath()).curve;
    for (let i = 0; i < 5; i++) {
      const a = random(32).buffer;
      const b = random(32).buffer;
      const [jsA, webA, nodeA, jsB] = await Promise.all([
        js.keyPair(a.slice(0)),
        web.keyPair(a.slice(0)),
        node.keyPair(a.slice(0)),
        js.keyPair(b.slice(0)),
      ]);
      expect(bytes(nodeA.pubKey)).toEqual(bytes(jsA.pubKey));
      expect(bytes(webA.pubKey)).toEqual(bytes(jsA.pubKey));
      expect(bytes(nodeA.privKey)).toEqual(bytes(jsA.privKey));
      expect(nodeA.pubKey.byteLength).toBe(32);
      const jsSecret = await js.sharedSecret(jsB.pubKey, jsA.privKey);
      expect(bytes(await node.sharedSecret(jsB.pubKey, nodeA.privKey))).toEqual(bytes(jsSecret));
      expect(bytes(await web.sharedSecret(nodeA.pubKey, jsB.privKey))).toEqual(bytes(jsSecret));
      // Cached keys give the same answer the second time.
      expect(bytes(await node.sharedSecret(jsB.pubKey, nodeA.privKey))).toEqual(bytes(jsSecret));
    }
  });

  it('matches WebCrypto for AES-256-CBC, HMAC-SHA256 and SHA-512, with exact buffers', async () => {
    const node = createNodeWebCrypto().subtle as unknown as typeof subtle;
    for (const size of [0, 1, 15, 16, 17, 100, 1000]) {
      const key = random(32);
      const iv = random(16);
      const data = random(size);
      const webAes = await subtle.importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt']);
      const nodeAes = await node.importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt']);
      const webCipher = await subtle.encrypt({ name: 'AES-CBC', iv }, webAes, data);
      const nodeCipher = await node.encrypt({ name: 'AES-CBC', iv }, nodeAes, data);
      expect(nodeCipher).toBeInstanceOf(ArrayBuffer);
      expect(bytes(nodeCipher)).toEqual(bytes(webCipher));
      expect(bytes(await node.decrypt({ name: 'AES-CBC', iv }, nodeAes, webCipher))).toEqual(data);

      const hmac = { name: 'HMAC', hash: { name: 'SHA-256' } };
      const webMacKey = await subtle.importKey('raw', key, hmac, false, ['sign']);
      const nodeMacKey = await node.importKey('raw', key, hmac, false, ['sign']);
      const nodeMac = await node.sign({ name: 'HMAC', hash: 'SHA-256' } as never, nodeMacKey, data);
      expect(bytes(nodeMac)).toEqual(bytes(await subtle.sign('HMAC', webMacKey, data)));

      const digest = await node.digest({ name: 'SHA-512' }, data);
      expect(digest.byteLength).toBe(64);
      expect(bytes(digest)).toEqual(bytes(await subtle.digest({ name: 'SHA-512' }, data)));
    }
  });

  it('rejects (never throws synchronously) on a bad MAC padding or an unsupported call', async () => {
    const node = createNodeWebCrypto().subtle as unknown as typeof subtle;
    const key = await node.importKey('raw', random(32), { name: 'AES-CBC' }, false, ['decrypt']);
    await expect(
      node.decrypt({ name: 'AES-CBC', iv: random(16) }, key, random(16)),
    ).rejects.toThrow();
    await expect(node.digest({ name: 'SHA-1' }, random(4))).rejects.toThrow(/SHA-1/);
    await expect(
      node.importKey('pkcs8', random(4), { name: 'AES-CBC' }, false, []),
    ).rejects.toThrow();
  });

  /**
   * Client steps browser-style (WebCrypto curve, WebCrypto AES, JS HMACs), server steps on the
   * node fast path: the library is switched before every step, both ways round.
   */
  async function interop(client: 'browser' | 'node', server: 'browser' | 'node'): Promise<void> {
    const runtime = await loadSignal();
    const fast = await createNodeFastPath();
    const as = async <T>(side: 'browser' | 'node', step: () => Promise<T>) => {
      if (side === 'node') {
        runtime.lib.setWebCrypto(fast.webCrypto);
        runtime.lib.setCurve(fast.curve);
      } else {
        await browserStyle(runtime.lib);
      }
      return step();
    };
    const before = { ...browserSignatures };
    const serverCrypto = await as(server, () => ServerCrypto.create());
    const local = await as(client, () => prepareClientSession(undefined, 'library'));
    const answer = await as(server, () =>
      serverCrypto.handshake({ clientBundle: local.bundle, baseInfo }),
    );
    const cipher = await as(client, () => local.connect(answer));
    for (let i = 0; i < 4; i++) {
      const rid = `r${i}`;
      const message = await as(client, () =>
        encryptJson(cipher, {
          rid,
          path: 'p',
          ts: Date.now(),
          data: { i },
          userBaseInfo: baseInfo,
        }),
      );
      const envelope = { v: 1 as const, sid: answer.sid, dev: baseInfo.deviceId, ...message };
      const sealed = await as(server, async () => {
        const { session, plaintext } = await serverCrypto.open(envelope, 'p');
        return serverCrypto.seal(session, { code: 200, message: 'ok', data: plaintext.data, rid });
      });
      const reply = await as(client, () => decryptJson(cipher, sealed.type, sealed.body));
      expect(reply).toEqual({ code: 200, message: 'ok', data: { i }, rid });
    }
    // The browser side signed (its identity's signed pre-key) or verified (the server's) with
    // XEdDSA, and the node side did the other with the library's asm.js curve.
    const browserSide = client === 'browser' ? 'verify' : 'sign';
    expect(browserSignatures[browserSide]).toBeGreaterThan(before[browserSide]);
  }

  it('interoperates: browser-style client with a node-fast server', () =>
    interop('browser', 'node'));
  it('interoperates: node-fast client with a browser-style server', () =>
    interop('node', 'browser'));

  it('serves a whole session when the server is created with nodeFastPath', async () => {
    const runtime = await loadSignal();
    const server = await ServerCrypto.create({ nodeFastPath: true });
    expect(server.curve).toBe('node');
    const local = await prepareClientSession();
    const answer = await server.handshake({ clientBundle: local.bundle, baseInfo });
    const cipher = await local.connect(answer);
    const message = await encryptJson(cipher, {
      rid: 'x',
      path: 'p',
      ts: Date.now(),
      data: { ok: true },
      userBaseInfo: baseInfo,
    });
    const { session } = await server.open(
      { v: 1, sid: answer.sid, dev: baseInfo.deviceId, ...message },
      'p',
    );
    const sealed = await server.seal(session, { code: 200, message: 'ok', data: null, rid: 'x' });
    expect(await decryptJson(cipher, sealed.type, sealed.body)).toMatchObject({ rid: 'x' });
    await browserStyle(runtime.lib);
  });
});
