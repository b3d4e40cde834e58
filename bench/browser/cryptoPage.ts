/**
 * Browser half of the crypto bench (bench/cryptoBrowser.ts): runs in Chromium, served by the mock
 * server on 127.0.0.1 (a secure context, so WebCrypto exists). The same steps as the SPA's client:
 * handshake over HTTP, then encrypt the request, POST it, decrypt the answer; only the two crypto
 * steps count as client overhead.
 */
import { handshakePathOf, productAnswerSchema } from '@shared/api/endpoints';
import { encryptedAnswerSchema, handshakeAnswerSchema } from '@shared/envelope';
import { prepareClientSession } from '@shared/transport/clientSession';
import { decryptJson, encryptJson } from '@shared/transport/codec';
import { randomId } from '@shared/transport/ids';
import { type CurveKind, loadSignal } from '@shared/transport/signal';

const baseInfo = { deviceId: 'bench-browser-h5', system: 'H5', tokenValue: '', version: '1.0.0' };
const PATH = 'config/getEventDates';

async function post(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`/main/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', deviceId: baseInfo.deviceId, token: '' },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function handshake() {
  const local = await prepareClientSession();
  const answer = productAnswerSchema.parse(
    await post(handshakePathOf('main'), {
      data: { clientBundle: local.bundle, baseInfo },
      userBaseInfo: baseInfo,
    }),
  );
  const session = handshakeAnswerSchema.parse(answer.data);
  return { cipher: await local.connect(session), sid: session.sid };
}

/** Measures one curve; resolves with every sample in ms (statistics are done in Node). */
async function run(kind: CurveKind, handshakes: number, requests: number) {
  const runtime = await loadSignal();
  const used = await runtime.selectCurve(kind);
  const handshakeTimes: number[] = [];
  for (let i = 0; i < handshakes; i++) {
    const started = performance.now();
    await handshake();
    handshakeTimes.push(performance.now() - started);
  }
  const { cipher, sid } = await handshake();
  const overhead: number[] = [];
  const warmUp = 3;
  for (let i = 0; i < warmUp + requests; i++) {
    const rid = randomId();
    const t0 = performance.now();
    const message = await encryptJson(cipher, {
      rid,
      path: PATH,
      ts: Date.now(),
      data: {},
      userBaseInfo: baseInfo,
    });
    const t1 = performance.now();
    const sealed = encryptedAnswerSchema.parse(
      await post(PATH, { v: 1, sid, dev: baseInfo.deviceId, ...message }),
    );
    const t2 = performance.now();
    await decryptJson(cipher, sealed.type, sealed.body);
    const t3 = performance.now();
    if (i >= warmUp) overhead.push(t1 - t0 + (t3 - t2));
  }
  return { curve: used, handshakes: handshakeTimes, overhead };
}

(globalThis as unknown as { runCryptoBench: typeof run }).runCryptoBench = run;
