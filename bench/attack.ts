/**
 * A bounded hostile storm against the mock server (`npm run bench -- --only attack`), interleaved
 * with honest encrypted clients: forged Signal headers, replays, a wrong version byte, stale
 * requests, deeply nested JSON, 1 MB bodies, slow (trickled) requests, admin calls without the
 * token, simple-content-type writes. All traffic goes to 127.0.0.1, bounded in count and time.
 * Goals: 0 crashes, 0 honest failures, honest p95 under attack ≤ 2× quiet, heap growth ≤ 20 %.
 */
import { connect, type Socket } from 'node:net';
import type { EncryptedRequest, UserBaseInfo } from '../src/shared/envelope';
import { prepareClientSession } from '../src/shared/transport/clientSession';
import { encryptJson } from '../src/shared/transport/codec';
import { randomId } from '../src/shared/transport/ids';
import { startLoadProcess } from './lib/loadHandle';
import type { LoadRound } from './lib/loadProcess';
import type { Figure } from './lib/report';
import { startServerProcess } from './lib/serverHandle';
import { quantile } from './lib/stats';

const HONEST_CLIENTS = 10;
const HONEST_REQUESTS = 20;
const ROUNDS = 3;
/** Hostile requests per kind per round (8 kinds). */
const PER_KIND = 120;
const SLOW_SOCKETS = 200;
const CONCURRENCY = 16;
const MB = 1024 * 1024;

const baseInfo: UserBaseInfo = {
  deviceId: 'attacker-h5',
  system: 'H5',
  tokenValue: '',
  version: '1.0.0',
};

/** A real session of the attacker, and envelopes it captured to replay and tamper with. */
async function attackerSession(url: string) {
  const local = await prepareClientSession();
  const answer = await fetch(`${url}/main/config/getServicePublicKey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: { clientBundle: local.bundle, baseInfo },
      userBaseInfo: baseInfo,
    }),
  }).then((r) => r.json() as Promise<{ data: { sid: string; deviceId: string; bundle: never } }>);
  const cipher = await local.connect(answer.data as never);
  const envelope = async (ts = Date.now()): Promise<EncryptedRequest> => {
    const message = await encryptJson(cipher, {
      rid: randomId(),
      path: 'config/getEventDates',
      ts,
      data: {},
      userBaseInfo: baseInfo,
    });
    return { v: 1, sid: answer.data.sid, dev: answer.data.deviceId, ...message };
  };
  return { envelope };
}

/** A WhisperMessage header claiming counter 3999 on a chain the server never saw. */
function forgedBody(): string {
  const key = [0x05, ...Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))];
  const counter = [0x9f, 0x1f]; // 3999 as a varint
  const bytes = [0x33, 0x0a, 33, ...key, 0x10, ...counter, 0x18, 0, 0x22, 4, 1, 2, 3, 4];
  return Buffer.from([...bytes, ...new Array(8).fill(0)]).toString('base64');
}

async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<T>;
      results.push(await task());
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Holds connections that trickle a request and never finish it. */
function slowSockets(url: string, count: number): Socket[] {
  const { hostname, port } = new URL(url);
  return Array.from({ length: count }, () => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        'POST /main/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{',
      );
    });
    socket.on('error', () => undefined);
    return socket;
  });
}

export async function benchAttack(): Promise<Figure[]> {
  const server = await startServerProcess('can-borrow');
  const section = 'attack';
  try {
    const load = await startLoadProcess(server.url, HONEST_CLIENTS);
    const quiet: LoadRound[] = [];
    const storm: LoadRound[] = [];
    const refusals = new Map<string, number>();
    let hostile = 0;
    let before = { heapUsed: 0, rss: 0 };
    try {
      await load.round('encrypted', HONEST_REQUESTS); // warm-up
      for (let r = 0; r < ROUNDS; r++) quiet.push(await load.round('encrypted', HONEST_REQUESTS));
      before = await server.memory();
      const attacker = await attackerSession(server.url);
      const captured = await attacker.envelope();
      await fetch(`${server.url}/main/config/getEventDates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(captured),
      });
      const post =
        (path: string, body: string, headers: Record<string, string> = {}) =>
        async () => {
          hostile += 1;
          try {
            const res = await fetch(`${server.url}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...headers },
              body,
            });
            const text = await res.text();
            const code = /"code":(\d+)/.exec(text)?.[1] ?? String(res.status);
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
          } catch {
            refusals.set('network', (refusals.get('network') ?? 0) + 1);
          }
        };
      const api = '/main/config/getEventDates';
      const wrongVersion = Buffer.from(captured.body, 'base64');
      wrongVersion[0] = 0x23;
      const kinds = async (): Promise<(() => Promise<void>)[]> => {
        const stale = await attacker.envelope(Date.now() - 3_600_000);
        return Array.from({ length: PER_KIND }, () => [
          post(api, JSON.stringify({ ...captured, body: forgedBody() })),
          post(api, JSON.stringify(captured)),
          post(api, JSON.stringify({ ...captured, body: wrongVersion.toString('base64') })),
          post(api, JSON.stringify(stale)),
          post(api, `${'['.repeat(400_000)}${']'.repeat(400_000)}`),
          post(api, JSON.stringify({ blob: 'x'.repeat(MB - 64) })),
          post('/__admin/log', '{}'),
          post('/__admin/scenario', '{"name":"session-expired"}', { 'content-type': 'text/plain' }),
        ]).flat();
      };
      for (let r = 0; r < ROUNDS; r++) {
        const sockets = slowSockets(server.url, SLOW_SOCKETS);
        const [honest] = await Promise.all([
          load.round('encrypted', HONEST_REQUESTS),
          kinds().then((tasks) => pool(tasks, CONCURRENCY)),
        ]);
        storm.push(honest);
        for (const socket of sockets) socket.destroy();
      }
    } finally {
      await load.stop();
    }
    const alive = await fetch(`${server.url}/app-config.json`).then(
      (r) => r.ok,
      () => false,
    );
    const after = await server.memory();
    const p95 = (rounds: LoadRound[]) =>
      quantile(
        rounds.flatMap((r) => r.latencies),
        0.95,
      );
    const honestFailures = storm.flatMap((r) => r.failures);
    const codes = [...refusals.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    return [
      {
        section,
        name: 'hostile requests (+ slow connections)',
        value: hostile,
        unit: '',
        note: `${SLOW_SOCKETS * ROUNDS} slow; answers: ${codes}`,
      },
      {
        section,
        name: 'server crashes',
        value: alive ? 0 : 1,
        unit: '',
        goal: { op: '<=', limit: 0 },
      },
      {
        section,
        name: 'honest failures under attack',
        value: honestFailures.length,
        unit: '',
        goal: { op: '<=', limit: 0 },
        ...(honestFailures.length
          ? { note: [...new Set(honestFailures)].slice(0, 2).join(' | ') }
          : {}),
      },
      { section, name: 'honest p95, quiet', value: p95(quiet), unit: 'ms' },
      { section, name: 'honest p95, under attack', value: p95(storm), unit: 'ms' },
      {
        section,
        name: 'honest p95 under attack ÷ quiet',
        value: p95(storm) / p95(quiet),
        unit: '',
        goal: { op: '<=', limit: 2 },
      },
      {
        section,
        name: 'server heap growth (after GC)',
        value: ((after.heapUsed - before.heapUsed) / before.heapUsed) * 100,
        unit: '%',
        goal: { op: '<=', limit: 20 },
        note: `${(before.heapUsed / MB).toFixed(1)} → ${(after.heapUsed / MB).toFixed(1)} MB`,
      },
    ];
  } finally {
    await server.stop();
  }
}
