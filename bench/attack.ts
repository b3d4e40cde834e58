/**
 * A bounded hostile storm against the mock server (`npm run bench -- --only attack`), interleaved
 * with honest encrypted clients: forged Signal headers, distinct envelopes of a real session whose
 * MAC fails, a wrong version byte, distinct stale requests (each a new message, so they reach
 * decryption instead of the replay cache), deeply nested JSON, wide JSON (`[{},{},…]`, 1 MB and
 * under the route's limit), 1 MB bodies, more slow (trickled) connections than the server's cap
 * (each from a loopback address of its own), admin calls without the token, simple-content-type
 * writes; then a world-creation flood (requests naming a new world each, and handshakes past the
 * world cap) and junk bodies amplified across the worlds it made; then pipelined GETs of a static
 * file that are never read and Sentry line floods (attackResources.ts); then token-minting loops,
 * a world clock at the 2100 limit and a second server on the same data dir (attackSessions.ts).
 * All traffic goes to 127.0.0.1, bounded in count and time. Goals: 0 crashes, 0 honest failures,
 * honest p95 under attack ≤ 2× quiet, heap growth ≤ 20 %, no world made without a handshake or
 * the token, a new phone served past the world cap, the admin served throughout, the logs within
 * their byte budget, RSS after the pipelined GETs ≤ 300 MB, a line flood cheap to refuse, no
 * session ended by anyone else, no second server on the data dir. At the end the server restarts
 * (same data dir) in the middle of an honest round: its clients must stay signed in (0 logouts),
 * and the world whose clock ran into the limit must come back.
 */
import { connect, type Socket } from 'node:net';
import type { EncryptedRequest, UserBaseInfo } from '@shared/envelope';
import { prepareClientSession } from '@shared/transport/clientSession';
import { encryptJson } from '@shared/transport/codec';
import { randomId } from '@shared/transport/ids';
import {
  type FloodOutcome,
  type PipelineOutcome,
  pipelinedStaticGets,
  resourceFigures,
  sentryLineFloods,
  syntheticWebDir,
} from './attackResources';
import { clockAtLimit, mintTokens, secondServerOn, sessionFigures } from './attackSessions';
import { startLoadProcess } from './lib/loadHandle';
import type { LoadRound } from './lib/loadProcess';
import type { Figure } from './lib/report';
import { startServerProcess } from './lib/serverHandle';
import type { ServerMemory } from './lib/serverProcess';
import { quantile } from './lib/stats';

const HONEST_CLIENTS = 10;
const HONEST_REQUESTS = 20;
const ROUNDS = 3;
/** Hostile requests per kind per round (10 kinds). */
const PER_KIND = 120;
/** Past the server's 512-connection cap: half trickle their headers, half their body. */
const SLOW_SOCKETS = 600;
/** Requests naming a new world each, without the token (4 kinds). */
const WORLD_FLOOD = 100;
/** Handshakes in a new world each: past the 200-world cap. */
const HANDSHAKE_FLOOD = 240;
/** Worlds of the handshake flood that then get junk bodies, and how many each (2 kinds). */
const AMPLIFIED_WORLDS = 100;
const AMPLIFY_PER_WORLD = 5;
/** The server's total log budget (mock-server/http/logBudget.ts DEFAULT_TOTAL_LOG_BYTES). */
const LOG_BUDGET_BYTES = 32 * 1024 * 1024;
const CONCURRENCY = 16;
/** How far into an honest round the server restarts. */
const RESTART_AFTER_MS = 300;
/** An answer that signs a borrower out (PRODUCT.md §8 session codes). */
const SIGNED_OUT = /answered 900000[0-4]\b/;
const MB = 1024 * 1024;

const baseInfo: UserBaseInfo = {
  deviceId: 'attacker-h5',
  system: 'H5',
  tokenValue: '',
  version: '1.0.0',
};

/** A real session of the attacker: envelopes it sends (each a new message) and tampers with. */
async function attackerSession(url: string) {
  const local = await prepareClientSession();
  const hello = { data: { clientBundle: local.bundle, baseInfo }, userBaseInfo: baseInfo };
  const answer = await fetch(`${url}/main/config/getServicePublicKey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(hello),
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
  /** A fresh client's handshake body (one bundle, sent again and again by the flood). */
  const handshakeBody = async () => {
    const fresh = await prepareClientSession();
    return { data: { clientBundle: fresh.bundle, baseInfo }, userBaseInfo: baseInfo };
  };
  return { envelope, handshakeBody };
}

/**
 * Distinct envelopes, made before a storm round (so their making does not compete with the honest
 * clients): each a new message of the attacker's session, so each costs the server a real
 * decryption. `badMac`: the last byte flipped (the server steps the chain, then the MAC fails);
 * `stale`: an hour old (decrypts, then 4081); `wrongVersion`: the version byte changed.
 */
async function distinctEnvelopes(
  attacker: Awaited<ReturnType<typeof attackerSession>>,
  count: number,
) {
  const badMac: string[] = [];
  const stale: string[] = [];
  const wrongVersion: string[] = [];
  for (let i = 0; i < count; i++) {
    const mac = await attacker.envelope();
    const bytes = Buffer.from(mac.body, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    badMac.push(JSON.stringify({ ...mac, body: bytes.toString('base64') }));
    stale.push(JSON.stringify(await attacker.envelope(Date.now() - 3_600_000)));
    const version = await attacker.envelope();
    const versioned = Buffer.from(version.body, 'base64');
    versioned[0] = 0x23;
    wrongVersion.push(JSON.stringify({ ...version, body: versioned.toString('base64') }));
  }
  return { badMac, stale, wrongVersion };
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

/** `[{},{},…]` of about `chars` characters: the JSON that costs most to parse per byte. */
function wideJson(chars: number): string {
  return `[${new Array(Math.floor(chars / 3)).fill('{}').join(',')}]`;
}

/**
 * Holds connections that trickle a request and never finish it: half stop inside the headers,
 * half inside a body under the API's 64 kB limit (a bigger one is refused from its length). Each
 * comes from a loopback address of its own (127.0.1.1, 127.0.1.2, …), so the honest clients on
 * 127.0.0.1 hold the most connections of any address.
 */
function slowSockets(url: string, count: number): Socket[] {
  const { hostname, port } = new URL(url);
  return Array.from({ length: count }, (_, i) => {
    const localAddress = `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () => {
      socket.write(
        i % 2
          ? 'POST /main/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '
          : 'POST /main/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
              'Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      );
    });
    socket.on('error', () => undefined);
    return socket;
  });
}

/** The worlds of a server and the bytes their logs hold, read with the admin token. */
async function worldsOf(url: string, adminToken: string) {
  const res = await fetch(`${url}/__admin/worlds`, { headers: { 'x-admin-token': adminToken } });
  const body = (await res.json()) as { worlds: { id: string; logBytes?: number }[] };
  return {
    count: body.worlds.length,
    logBytes: body.worlds.reduce((sum, w) => sum + (w.logBytes ?? 0), 0),
  };
}

export async function benchAttack(): Promise<Figure[]> {
  const web = await syntheticWebDir();
  const server = await startServerProcess('can-borrow', { webDir: web.dir });
  const section = 'attack';
  try {
    const load = await startLoadProcess(server.url, HONEST_CLIENTS);
    const quiet: LoadRound[] = [];
    const storm: LoadRound[] = [];
    const refusals = new Map<string, number>();
    let hostile = 0;
    let before = { heapUsed: 0, rss: 0 };
    let worldsBefore = 0;
    let worldsAfterFlood = 0;
    let worldsAtEnd = 0;
    let logBytes = 0;
    let adminStatus = 0;
    let alive = false;
    let after = { heapUsed: 0, rss: 0 };
    let handshakes = 0;
    let restartMs = 0;
    const restart: { during?: LoadRound; after?: LoadRound; worlds: number } = { worlds: 0 };
    let newPhoneStatus = 0;
    let pipeline: PipelineOutcome = { getFailures: [], honestGets: 0 };
    let pipelineRound: LoadRound | undefined;
    let pipelineMemory: ServerMemory = {
      heapUsed: 0,
      rss: Number.NaN,
      arrayBuffers: 0,
      peakRss: 0,
      peakArrayBuffers: 0,
    };
    let flood: FloodOutcome | undefined;
    let minted = { logins: 0, runs: 0, attempts: 0 };
    let afterMinting: LoadRound | undefined;
    let secondServer = { started: false, note: '' };
    let clockKept = { kept: false, note: 'not measured' };
    try {
      await load.round('encrypted', HONEST_REQUESTS); // warm-up
      quiet.push(await load.round('encrypted', HONEST_REQUESTS));
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
      const wideMB = wideJson(MB);
      const wide60k = wideJson(60_000);
      const kinds = async (): Promise<(() => Promise<void>)[]> => {
        const distinct = await distinctEnvelopes(attacker, PER_KIND);
        return Array.from({ length: PER_KIND }, (_, i) => [
          post(api, JSON.stringify({ ...captured, body: forgedBody() })),
          post(api, distinct.badMac[i] ?? ''),
          post(api, distinct.wrongVersion[i] ?? ''),
          post(api, distinct.stale[i] ?? ''),
          post(api, `${'['.repeat(400_000)}${']'.repeat(400_000)}`),
          post(api, JSON.stringify({ blob: 'x'.repeat(MB - 64) })),
          post(api, wideMB),
          post(api, wide60k),
          post('/__admin/log', '{}'),
          post('/__admin/scenario', '{"name":"session-expired"}', { 'content-type': 'text/plain' }),
        ]).flat();
      };
      for (let r = 0; r < ROUNDS; r++) {
        // Quiet and storm rounds alternate, so a change in the shared machine's load (it swings
        // by several times within a minute) hits both alike.
        if (r > 0) quiet.push(await load.round('encrypted', HONEST_REQUESTS));
        const tasks = await kinds();
        const sockets = slowSockets(server.url, SLOW_SOCKETS);
        const [honest] = await Promise.all([
          load.round('encrypted', HONEST_REQUESTS),
          pool(tasks, CONCURRENCY),
        ]);
        storm.push(honest);
        for (const socket of sockets) socket.destroy();
      }
      // Worlds: requests that name a new world each, then handshakes past the cap, then junk
      // bodies across the worlds those made; an admin call for a new world at the end.
      worldsBefore = (await worldsOf(server.url, server.adminToken)).count;
      const inWorld = (world: string) => ({ 'x-sim-world': world });
      const sentry = { 'content-type': 'application/x-sentry-envelope' };
      const floodTasks = Array.from({ length: WORLD_FLOOD }, (_, i) => [
        post('/main/no/such/path', '{"data":{},"userBaseInfo":{}}', inWorld(`flood-a${i}`)),
        post(api, JSON.stringify(captured), inWorld(`flood-b${i}`)),
        post('/main/repay/loanList', '{"data":{},"userBaseInfo":{}}', inWorld(`flood-c${i}`)),
        post('/sentry/api/1/envelope/', '{}\n', { ...sentry, ...inWorld(`flood-d${i}`) }),
      ]).flat();
      const hello = JSON.stringify(await attacker.handshakeBody());
      const handshakes = Array.from({ length: HANDSHAKE_FLOOD }, (_, i) =>
        post('/main/config/getServicePublicKey', hello, inWorld(`made-${i}`)),
      );
      const junk = JSON.stringify({ data: new Array(600).fill('z'.repeat(96)), userBaseInfo: {} });
      const amplify = Array.from({ length: AMPLIFIED_WORLDS }, (_, i) =>
        Array.from({ length: AMPLIFY_PER_WORLD }, () => [
          post('/main/no/such/path', junk, inWorld(`made-${i}`)),
          post('/main/no/such/path', wide60k, inWorld(`made-${i}`)),
        ]).flat(),
      ).flat();
      const [honest] = await Promise.all([
        load.round('encrypted', HONEST_REQUESTS),
        (async () => {
          await pool(floodTasks, CONCURRENCY);
          worldsAfterFlood = (await worldsOf(server.url, server.adminToken)).count;
          await pool(handshakes, CONCURRENCY);
          await pool(amplify, CONCURRENCY);
        })(),
      ]);
      storm.push(honest);
      // A new phone once the handshakes filled the table: its handshake must still get a world.
      newPhoneStatus = await fetch(`${server.url}/main/config/getServicePublicKey`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...inWorld('new-phone-after-the-flood') },
        body: hello,
      }).then(
        (r) => r.status,
        () => 0,
      );
      const full = await worldsOf(server.url, server.adminToken);
      worldsAtEnd = full.count;
      logBytes = full.logBytes;
      adminStatus = await fetch(`${server.url}/__admin/scenario`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'x-admin-token': server.adminToken,
          'x-sim-world': 'qa-after-the-flood',
        },
        body: '{"name":"overdue"}',
      }).then(
        (r) => r.status,
        () => 0,
      );
      alive = await fetch(`${server.url}/app-config.json`).then(
        (r) => r.ok,
        () => false,
      );
      after = await server.memory();
      // What a token-less attacker makes the server hold or spend (bench/attackResources.ts).
      pipeline = await pipelinedStaticGets(server.url, async () => {
        pipelineRound = await load.round('encrypted', HONEST_REQUESTS);
      });
      pipelineMemory = await server.memory();
      flood = await sentryLineFloods(server.url, server.cpuMs, () =>
        load.round('encrypted', HONEST_REQUESTS),
      );
      // Sessions and worlds no one else may end (bench/attackSessions.ts).
      minted = await mintTokens(server.url, server.adminToken);
      afterMinting = await load.round('encrypted', HONEST_REQUESTS);
      const clock = await clockAtLimit(server.url, server.adminToken);
      secondServer = await secondServerOn(server.dataDir);
      // A restart in the middle of an honest round, on the same data dir (DESIGN.md §5): calls
      // sent while it is down fail, but no client may be signed out, before or after.
      const restartRound = load.round('encrypted', HONEST_REQUESTS);
      await new Promise((resolve) => setTimeout(resolve, RESTART_AFTER_MS));
      const restartStarted = performance.now();
      await server.restart();
      restartMs = performance.now() - restartStarted;
      restart.during = await restartRound;
      restart.after = await load.round('encrypted', HONEST_REQUESTS);
      restart.worlds = (await worldsOf(server.url, server.adminToken)).count;
      clockKept = await clock.kept(server.url);
    } finally {
      handshakes = (await load.stop()).handshakes;
    }
    const p95 = (rounds: LoadRound[]) =>
      quantile(
        rounds.flatMap((r) => r.latencies),
        0.95,
      );
    const honestFailures = [
      ...storm.flatMap((r) => r.failures),
      ...(pipelineRound?.failures ?? []),
      ...pipeline.getFailures,
      ...(flood?.honestFailures ?? []),
    ];
    const mintingLogouts = (afterMinting?.failures ?? []).filter((f) => SIGNED_OUT.test(f));
    const restartFailures = [
      ...(restart.during?.failures ?? []),
      ...(restart.after?.failures ?? []),
    ];
    const logouts = restartFailures.filter((f) => SIGNED_OUT.test(f));
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
        name: 'worlds made without a handshake or the token',
        value: worldsAfterFlood - worldsBefore,
        unit: '',
        goal: { op: '<=', limit: 0 },
        note: `${WORLD_FLOOD * 4} requests naming a new world each`,
      },
      {
        section,
        name: 'admin call for a new world once the flood filled the table',
        value: adminStatus === 200 ? 0 : 1,
        unit: 'refused',
        goal: { op: '<=', limit: 0 },
        note: `HTTP ${adminStatus}; ${worldsAtEnd} worlds after ${HANDSHAKE_FLOOD} handshakes in new worlds`,
      },
      {
        section,
        name: 'new phone refused once handshakes filled the table',
        value: newPhoneStatus === 200 ? 0 : 1,
        unit: 'refused',
        goal: { op: '<=', limit: 0 },
        note: `HTTP ${newPhoneStatus} to a handshake in a new world after ${HANDSHAKE_FLOOD} handshakes in new worlds`,
      },
      {
        section,
        name: 'traffic logs held, all worlds',
        value: logBytes / MB,
        unit: 'MB',
        goal: { op: '<=', limit: LOG_BUDGET_BYTES / MB },
        note: `${AMPLIFIED_WORLDS} worlds × ${AMPLIFY_PER_WORLD * 2} junk bodies of 60 kB`,
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
        note:
          `encrypted clients through the storms, the world flood and the pipelined GETs; ` +
          `${pipeline.honestGets} GETs of app-config.json beside the pipelined GETs` +
          (honestFailures.length
            ? `: ${[...new Set(honestFailures)].slice(0, 2).join(' | ')}`
            : ''),
      },
      ...resourceFigures(section, pipelineMemory, flood),
      ...sessionFigures(section, { minted, mintingLogouts, secondServer, clockKept }),
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
      {
        section,
        name: 'logouts across a restart mid-load',
        value: logouts.length,
        unit: '',
        goal: { op: '<=', limit: 0 },
        note:
          `restart took ${Math.round(restartMs)} ms; ${restart.worlds} worlds restored; ` +
          `${handshakes} handshakes for ${HONEST_CLIENTS} clients; ` +
          `${restart.during?.failures.length ?? 0} calls failed while it was down` +
          (logouts.length ? `: ${[...new Set(logouts)].slice(0, 2).join(' | ')}` : ''),
      },
      {
        section,
        name: 'failed authenticated calls after the restart',
        value: restart.after ? restart.after.failures.length : Number.NaN,
        unit: '',
        goal: { op: '<=', limit: 0 },
        ...(restart.after?.failures.length
          ? { note: [...new Set(restart.after.failures)].slice(0, 2).join(' | ') }
          : {}),
      },
    ];
  } finally {
    await server.stop();
    await web.remove();
  }
}
