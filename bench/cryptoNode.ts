/**
 * Crypto in Node (bench/README.md "Crypto"): handshake time and the client's per-request overhead
 * (encrypt the request + decrypt the answer), with the WebCrypto X25519 curve and with the pure-JS
 * curve. The server half runs in the same process through ServerCrypto, but only the client steps
 * are timed for the overhead; the handshake covers both halves (no network).
 */
import { ServerCrypto } from '../mock-server/crypto/serverCrypto';
import { sessionAddressName } from '@shared/envelope';
import { prepareClientSession } from '@shared/transport/clientSession';
import { decryptJson, encryptJson } from '@shared/transport/codec';
import { randomId } from '@shared/transport/ids';
import { type CurveKind, loadSignal } from '@shared/transport/signal';
import type { Figure } from './lib/report';
import { median, quantile, quietestBatchMedian } from './lib/stats';

/** The client overhead goal (fast curve), ms per request. */
const CLIENT_OVERHEAD_GOAL_MS = 3;

const PATH = 'user/userInfo';
const baseInfo = { deviceId: 'bench-node-h5', system: 'H5', tokenValue: 't', version: '1.0.0' };
/** A request and an answer of the size the SPA sends (user info). */
const requestData = { pageNum: 1, pageSize: 20 };
const answerData = {
  msisdn: '9171234567',
  firstName: 'Maria',
  lastName: 'Santos',
  kycStatus: 5,
  loanStatus: 0,
  lastAmount: 15000,
  creditAmount: 20000,
  note: 'x'.repeat(400),
};

/** Per-curve result (also used by the browser bench for the same shape). */
export interface CryptoFigures {
  handshakeMs: number;
  overheadMedianMs: number;
  /** Median of the quietest of OVERHEAD_BATCHES consecutive batches (see quietestBatchMedian). */
  overheadQuietMedianMs: number;
  overheadP95Ms: number;
}

/** Batches the overhead samples are split into for the quiet median. */
export const OVERHEAD_BATCHES = 4;

async function handshake(server: ServerCrypto) {
  const local = await prepareClientSession();
  const answer = await server.handshake({ clientBundle: local.bundle, baseInfo });
  const cipher = await local.connect(answer);
  return { cipher, sid: answer.sid, address: sessionAddressName(answer.sid) };
}

/** Measures one curve: `handshakes` handshakes, then `requests` round trips on one session. */
async function measureCurve(
  kind: CurveKind,
  handshakes: number,
  requests: number,
): Promise<CryptoFigures> {
  const runtime = await loadSignal();
  const previous = runtime.curve();
  await runtime.selectCurve(kind);
  try {
    const server = await ServerCrypto.create();
    const handshakeTimes: number[] = [];
    for (let i = 0; i < handshakes; i++) {
      const started = performance.now();
      await handshake(server);
      handshakeTimes.push(performance.now() - started);
    }
    const { cipher, sid } = await handshake(server);
    const overhead: number[] = [];
    // The first exchanges carry the PreKey message and set up chains: warm-up, not timed.
    const warmUp = 3;
    for (let i = 0; i < warmUp + requests; i++) {
      const rid = randomId();
      const t0 = performance.now();
      const message = await encryptJson(cipher, {
        rid,
        path: PATH,
        ts: Date.now(),
        data: requestData,
        userBaseInfo: baseInfo,
      });
      const t1 = performance.now();
      const { session } = await server.open(
        { v: 1, sid, dev: baseInfo.deviceId, ...message },
        PATH,
      );
      const sealed = await server.seal(session, {
        code: 200,
        message: 'success',
        data: answerData,
        rid,
      });
      const t2 = performance.now();
      await decryptJson(cipher, sealed.type, sealed.body);
      const t3 = performance.now();
      if (i >= warmUp) overhead.push(t1 - t0 + (t3 - t2));
    }
    return {
      handshakeMs: median(handshakeTimes),
      overheadMedianMs: median(overhead),
      overheadQuietMedianMs: quietestBatchMedian(overhead, OVERHEAD_BATCHES),
      overheadP95Ms: quantile(overhead, 0.95),
    };
  } finally {
    await runtime.selectCurve(previous);
  }
}

/** The rows of one curve (shared with the Chromium section). */
export function curveFigures(
  section: string,
  kind: CurveKind,
  result: CryptoFigures,
  handshakeLabel = 'median',
  note?: string,
): Figure[] {
  return [
    {
      section,
      name: `handshake, ${kind} curve (${handshakeLabel})`,
      value: result.handshakeMs,
      unit: 'ms',
    },
    {
      section,
      name: `client overhead/request, ${kind} curve (quiet median)`,
      value: result.overheadQuietMedianMs,
      unit: 'ms',
      ...(kind === 'webcrypto' ? { goal: { op: '<=', limit: CLIENT_OVERHEAD_GOAL_MS } } : {}),
      ...(note ? { note } : {}),
    },
    {
      section,
      name: `client overhead/request, ${kind} curve (median)`,
      value: result.overheadMedianMs,
      unit: 'ms',
    },
    {
      section,
      name: `client overhead/request, ${kind} curve (p95)`,
      value: result.overheadP95Ms,
      unit: 'ms',
    },
  ];
}

/** Figures of the Node crypto section. */
export async function benchCryptoNode(): Promise<Figure[]> {
  const runtime = await loadSignal();
  const fastAvailable = (await runtime.selectCurve('auto')) === 'webcrypto';
  const section = 'crypto (node)';
  const figures: Figure[] = [];
  const curves: CurveKind[] = fastAvailable ? ['webcrypto', 'js'] : ['js'];
  for (const kind of curves) {
    const result = await measureCurve(kind, kind === 'js' ? 5 : 15, kind === 'js' ? 40 : 200);
    figures.push(...curveFigures(section, kind, result));
  }
  if (!fastAvailable) {
    figures.push({
      section,
      name: 'client overhead/request, webcrypto curve (quiet median)',
      value: Number.NaN,
      unit: 'ms',
      goal: { op: '<=', limit: CLIENT_OVERHEAD_GOAL_MS },
      note: 'this Node has no WebCrypto X25519',
    });
  }
  return figures;
}
