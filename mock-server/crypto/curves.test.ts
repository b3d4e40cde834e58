import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareClientSession } from '@shared/transport/clientSession';
import { decryptJson, encryptJson } from '@shared/transport/codec';
import { type CurveKind, loadSignal } from '@shared/transport/signal';
import { webCryptoHasX25519 } from '@shared/transport/webCryptoX25519';
import { createWebCryptoCurve } from '@shared/transport/x25519';
import { ServerCrypto } from './serverCrypto';
import { baseInfo } from '@tests/support/mock-server/testPeer';

const run = promisify(execFile);

afterAll(async () => {
  await (await loadSignal()).selectCurve('auto');
});

describe('curves', () => {
  it('uses WebCrypto X25519 where the runtime has it (Node 20)', async () => {
    expect(await webCryptoHasX25519(globalThis.crypto.subtle)).toBe(true);
    expect((await loadSignal()).curve()).toBe('webcrypto');
  });

  it('derives the same keys and secrets as the library JS curve', async () => {
    const { AsyncCurve25519Wrapper } = await import('@privacyresearch/curve25519-typescript');
    const js = new AsyncCurve25519Wrapper();
    const web = createWebCryptoCurve(globalThis.crypto.subtle, js);
    for (let i = 0; i < 5; i++) {
      const a = crypto.getRandomValues(new Uint8Array(32)).buffer;
      const b = crypto.getRandomValues(new Uint8Array(32)).buffer;
      const [jsA, webA, jsB] = await Promise.all([
        js.keyPair(a.slice(0)),
        web.keyPair(a.slice(0)),
        js.keyPair(b.slice(0)),
      ]);
      expect(new Uint8Array(webA.pubKey)).toEqual(new Uint8Array(jsA.pubKey));
      expect(new Uint8Array(webA.privKey)).toEqual(new Uint8Array(jsA.privKey));
      const jsSecret = await js.sharedSecret(jsB.pubKey, jsA.privKey);
      const webSecret = await web.sharedSecret(jsB.pubKey, webA.privKey);
      expect(new Uint8Array(webSecret)).toEqual(new Uint8Array(jsSecret));
    }
  });

  /** Client steps on one curve, server steps on the other: switched between every step. */
  async function interop(clientCurve: CurveKind, serverCurve: CurveKind): Promise<void> {
    const runtime = await loadSignal();
    const as = async <T>(kind: CurveKind, step: () => Promise<T>) => {
      await runtime.selectCurve(kind);
      return step();
    };
    const server = await as(serverCurve, () => ServerCrypto.create());
    const local = await as(clientCurve, () => prepareClientSession(undefined, 'library'));
    const answer = await as(serverCurve, () =>
      server.handshake({ clientBundle: local.bundle, baseInfo }),
    );
    const cipher = await as(clientCurve, () => local.connect(answer));
    for (let i = 0; i < 3; i++) {
      const rid = `r${i}`;
      const message = await as(clientCurve, () =>
        encryptJson(cipher, {
          rid,
          path: 'p',
          ts: Date.now(),
          data: { i },
          userBaseInfo: baseInfo,
        }),
      );
      const envelope = { v: 1 as const, sid: answer.sid, dev: baseInfo.deviceId, ...message };
      const sealed = await as(serverCurve, async () => {
        const { session, plaintext } = await server.open(envelope, 'p');
        return server.seal(session, { code: 200, message: 'ok', data: plaintext.data, rid });
      });
      const reply = await as(clientCurve, () => decryptJson(cipher, sealed.type, sealed.body));
      expect(reply).toEqual({ code: 200, message: 'ok', data: { i }, rid });
    }
  }

  it('interoperates: JS-curve client with a WebCrypto server', () => interop('js', 'webcrypto'));
  it('interoperates: WebCrypto client with a JS-curve server', () => interop('webcrypto', 'js'));

  it('removes the process-wide handlers the curve module installs in Node', async () => {
    // A fresh process, because this one loaded (and cleaned) the module long ago.
    const script = [
      "const { loadSignal } = await import('./src/shared/transport/signal.ts');",
      "const { removeCurveProcessHandlers } = await import('./mock-server/crypto/processHandlers.ts');",
      'const count = () => process.listeners("uncaughtException").length + process.listeners("unhandledRejection").length;',
      'const base = count(); await loadSignal(); const loaded = count();',
      'const removed = removeCurveProcessHandlers();',
      'console.log(JSON.stringify({ added: loaded - base, removed, left: count() - base }));',
    ].join('\n');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).toEqual({
      added: 2,
      removed: 2,
      left: 0,
    });
  }, 60_000);
});
