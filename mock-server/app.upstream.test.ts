/**
 * Upstream mode (src/shared/upstream.ts) between two real mock servers on loopback: B plays the
 * real backend (`repaying`, its own admin token), A relays to it. The app's side is the SPA's own
 * ApiClient against A; what reaches B is read from B's decrypted log and, on the wire, through a
 * capturing proxy between A and B.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolError, ServerCode } from '@shared/codes';
import { ApiError } from '@shared/transport/client';
import {
  type ContractReport,
  UPSTREAM_FAILURE_STATUS,
  type UpstreamStatus,
} from '@shared/upstream';
import { type CapturingProxy, capturingProxy } from '@tests/support/mock-server/capturingProxy';
import type { MockServer } from './app';
import {
  admin,
  adminLog,
  clientFor,
  login,
  startServer,
  type TestClient,
  worldClient,
} from '@tests/support/mock-server/testHarness';
import type { LogEntry } from './http/trafficLog';

let backend: MockServer;
let proxy: CapturingProxy;
let relay: MockServer;
const dirs: string[] = [];

beforeAll(async () => {
  backend = await startServer({ scenario: 'repaying' });
  proxy = await capturingProxy(backend.url);
  relay = await startServer({ upstream: proxy.url });
});
afterAll(async () => {
  await relay.close();
  await proxy.close();
  await backend.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
afterEach(async () => {
  for (const server of [backend, relay]) {
    await admin(server, 'DELETE', 'faults');
    await admin(server, 'DELETE', 'clock');
  }
});

const HANDSHAKE = 'config/getServicePublicKey';
const products = (log: LogEntry[]) =>
  log.filter((e) => e.path !== HANDSHAKE && e.host !== 'workbench');
const status = async (server: MockServer, world?: string) =>
  (await (await admin(server, 'GET', 'upstream', undefined, world)).json()) as UpstreamStatus;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

/** A phone of its own against the relay, logged in as B's scenario user. */
async function phone(): Promise<TestClient> {
  const test = clientFor(relay);
  await login(test);
  return test;
}

describe('upstream mode relays the app to another backend', () => {
  it('answers from the upstream: the same plaintext reaches it, under the relay’s own device id', async () => {
    await admin(backend, 'DELETE', 'log');
    await admin(relay, 'DELETE', 'log');
    const test = await phone();
    const info = await test.client.call('userInfo', {});
    expect(info).toMatchObject({ code: 200, data: { msisdn: '9171234567', lastName: 'Santos' } });
    const loan = await test.client.call('loanInfo', {});
    expect(loan).toMatchObject({ code: 200, data: { state: 4, lastAmount: 5000 } });
    // A plain (unencrypted) paged list passes through too.
    const plan = await test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
    expect(new Set(plan.data.list.map((row) => row.type))).toEqual(new Set([1, 2, 3]));

    const seenByA = products(await adminLog(relay));
    const seenByB = products(await adminLog(backend));
    const shape = (e: LogEntry) => [e.path, e.encrypted, e.request.data, e.response];
    expect(seenByB.map(shape)).toEqual(seenByA.map(shape));
    expect(seenByA.map((e) => e.path)).toEqual([
      'user/login',
      'user/userInfo',
      'loan/loanInfo',
      'repay/repayPlan',
    ]);
    const appDevice = test.baseInfo.deviceId;
    const relayDevice = seenByA[0]?.upstream?.deviceId;
    expect(relayDevice).toMatch(/^relay-[0-9a-f]{12}-h5$/);
    for (const entry of seenByA) {
      expect(entry.request.headers.deviceid).toBe(appDevice);
      expect(entry.upstream).toMatchObject({ url: proxy.url, deviceId: relayDevice, breaches: [] });
    }
    for (const entry of seenByB) {
      expect(entry.request.headers.deviceid).toBe(relayDevice);
      expect((entry.request.userBaseInfo as { deviceId: string }).deviceId).toBe(relayDevice);
      // The app's token travels on: it is the upstream's own token.
      expect(entry.request.headers.token ?? '').toBe(
        entry.path === 'user/login' ? '' : test.token.value,
      );
    }
    expect(await status(relay)).toMatchObject({ url: proxy.url, state: 'ready', phones: 1 });
  });

  it('sends the upstream ciphertext of its own: nothing of the app’s envelopes reaches it', async () => {
    const sent: string[] = [];
    const test = clientFor(relay, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(await request.clone().text());
        return fetch(request);
      },
    });
    const before = proxy.requests.length;
    await login(test);
    await test.client.call('userInfo', {});
    const envelopes = (bodies: string[]) =>
      bodies
        .map((body) => JSON.parse(body) as { body?: string; sid?: string; dev?: string })
        .filter((envelope) => typeof envelope.body === 'string');
    const appToRelay = envelopes(sent);
    const relayToBackend = envelopes(proxy.requests.slice(before).map((r) => r.body));
    expect(appToRelay).toHaveLength(2);
    expect(relayToBackend).toHaveLength(2);
    const bodiesOf = (list: typeof appToRelay) => new Set(list.map((e) => e.body));
    for (const body of bodiesOf(relayToBackend)) expect(bodiesOf(appToRelay).has(body)).toBe(false);
    expect(new Set(relayToBackend.map((e) => e.sid))).not.toEqual(
      new Set(appToRelay.map((e) => e.sid)),
    );
    expect(relayToBackend.every((e) => e.dev !== test.baseInfo.deviceId)).toBe(true);
    // The app's handshake is answered by the relay itself, never forwarded.
    const handshakeBundles = proxy.requests
      .slice(before)
      .filter((r) => r.path.endsWith(HANDSHAKE))
      .map((r) => r.body);
    for (const body of sent.filter((b) => b.includes('clientBundle'))) {
      expect(handshakeBundles).not.toContain(body);
    }
  });

  it('heals an upstream 4011 upstream only: the app never sees it', async () => {
    const test = await phone();
    await admin(backend, 'DELETE', 'log');
    await admin(relay, 'DELETE', 'log');
    const armed = await admin(backend, 'POST', 'faults', {
      path: 'user/userInfo',
      kind: 'session-lost',
      times: 1,
    });
    expect(armed.status).toBe(201);
    expect(await test.client.call('userInfo', {})).toMatchObject({ code: 200 });
    const upstream = (await adminLog(backend)).filter((e) => e.host !== 'workbench');
    expect(upstream.map((e) => [e.path, e.status])).toEqual([
      ['user/userInfo', 401],
      [HANDSHAKE, 200],
      ['user/userInfo', 200],
    ]);
    expect(upstream[0]?.response.code).toBe(ProtocolError.SESSION_NOT_FOUND);
    // The app's own session with the relay went on: no handshake of its own.
    expect((await adminLog(relay)).map((e) => [e.path, e.status])).toEqual([
      ['user/userInfo', 200],
    ]);
  });

  it('learns the upstream’s clock from a 4081 and retries once, in time', async () => {
    const test = await phone();
    await admin(backend, 'PUT', 'clock', { advanceMs: 3 * 3_600_000 });
    await admin(backend, 'DELETE', 'log');
    expect(await test.client.call('loanInfo', {})).toMatchObject({ code: 200 });
    const upstream = await adminLog(backend);
    expect(upstream.map((e) => [e.path, e.response.code])).toEqual([
      ['loan/loanInfo', ProtocolError.STALE_REQUEST],
      ['loan/loanInfo', 200],
    ]);
  });

  it('keeps the relaying world’s own faults on top of the upstream', async () => {
    const test = await phone();
    await admin(backend, 'DELETE', 'log');
    await admin(relay, 'POST', 'faults', {
      path: 'user/unread',
      kind: 'code',
      code: ServerCode.QUIET_NOTICE,
      times: 1,
    });
    expect(await test.client.call('unread', {})).toMatchObject({ code: ServerCode.QUIET_NOTICE });
    // The fault answered: the upstream was not asked.
    expect(products(await adminLog(backend))).toEqual([]);
    await admin(relay, 'POST', 'faults', { path: 'user/unread', kind: 'delay', delayMs: 50 });
    expect(await test.client.call('unread', {})).toMatchObject({ code: 200 });
    const [shaped] = (await adminLog(relay, 1)) as LogEntry[];
    expect(shaped).toMatchObject({ path: 'user/unread', fault: { kind: 'delay' } });
    expect(shaped?.upstream?.url).toBe(proxy.url);
  });

  it('reports every way an upstream answer breaks the contract, per path', async () => {
    const test = await phone();
    const loan = (await test.client.call('loanInfo', {})).data;
    const world = 'contract';
    await admin(relay, 'PUT', 'upstream', { url: proxy.url }, world);
    const inWorld = worldClient(relay, world);
    await login(inWorld);
    const breaks = [
      { data: { ...loan, bonusRate: 0.4321 }, code: 200 },
      { data: { ...loan, lastAmount: undefined, dueDay: '4' }, code: 200 },
      { data: { ...loan, state: 42 }, code: 200 },
      { data: null, code: 7777 },
    ];
    for (const fault of breaks) {
      await admin(backend, 'POST', 'faults', {
        path: 'loan/loanInfo',
        kind: 'code',
        message: 'success',
        times: 1,
        ...fault,
      });
      await inWorld.client.call('loanInfo', {}).catch(() => undefined);
    }
    const report = (await (
      await admin(relay, 'GET', 'contract-report', undefined, world)
    ).json()) as ContractReport;
    expect(report).toMatchObject({ upstream: proxy.url, breaches: 5 });
    expect(report.paths[0]).toMatchObject({ host: 'main', path: 'loan/loanInfo', checked: 4 });
    const found = report.paths[0]?.breaches.map((b) => [b.kind, b.field]);
    expect(found).toEqual([
      ['unknown-field', 'data.bonusRate'],
      ['missing-field', 'data.lastAmount'],
      ['wrong-type', 'data.dueDay'],
      ['wrong-value', 'data.state'],
      ['unknown-code', 'code'],
    ]);
    // The other paths were checked and kept the contract.
    expect(report.paths.find((p) => p.path === 'user/login')).toMatchObject({ breaches: [] });
    // The traffic log marks the answer that breached it.
    const marked = (await adminLog(relay, 500, world)).find((e) =>
      e.upstream?.breaches.some((b) => b.field === 'data.bonusRate'),
    );
    expect(marked?.path).toBe('loan/loanInfo');
    // No value of the answer is in the report: kinds and fields only.
    expect(JSON.stringify(report)).not.toContain('0.4321');
  });

  it('stops and says so when the upstream’s identity changes, until it is trusted', async () => {
    const world = 'rotation';
    await admin(relay, 'PUT', 'upstream', { url: proxy.url }, world);
    const test = worldClient(relay, world);
    await login(test);
    const pinned = (await status(relay, world)).identityKey;
    expect(pinned).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const rotated = await admin(backend, 'POST', 'rotate-identity');
    const { identityKey } = (await rotated.json()) as { identityKey: string };
    // The app gets an HTTP failure, never a product code it would act on (signing out).
    const refused = await rejection(test.client.call('userInfo', {}));
    expect(refused).toMatchObject({ kind: 'http', status: UPSTREAM_FAILURE_STATUS });
    const [logged] = await adminLog(relay, 1, world);
    expect(logged).toMatchObject({ path: 'user/userInfo', status: UPSTREAM_FAILURE_STATUS });
    expect(logged?.response.message).toMatch(/upstream identity changed/i);
    expect(await status(relay, world)).toMatchObject({
      state: 'identity-changed',
      identityKey: pinned,
      presentedKey: identityKey,
    });
    // Stopped: nothing more reaches the upstream.
    const before = proxy.requests.length;
    expect(await rejection(test.client.call('loanInfo', {}))).toMatchObject({
      status: UPSTREAM_FAILURE_STATUS,
    });
    expect(proxy.requests.length).toBe(before);
    const trusted = await admin(relay, 'POST', 'upstream/trust', undefined, world);
    expect(((await trusted.json()) as UpstreamStatus).identityKey).toBe(identityKey);
    expect(await test.client.call('userInfo', {})).toMatchObject({ code: 200 });
  });

  it('says which upstream failed when it cannot be reached, then recovers', async () => {
    const world = 'unreachable';
    const gone = await startServer();
    const url = gone.url;
    await gone.close();
    await admin(relay, 'PUT', 'upstream', { url }, world);
    const test = worldClient(relay, world);
    const refused = await rejection(test.client.call('getEventDates', {}));
    expect(refused).toMatchObject({ kind: 'http', status: UPSTREAM_FAILURE_STATUS });
    const [logged] = await adminLog(relay, 1, world);
    expect(logged?.response.message).toContain(`The upstream ${url} gave no answer`);
    expect(await status(relay, world)).toMatchObject({ state: 'failing', url });
    await admin(relay, 'PUT', 'upstream', { url: proxy.url }, world);
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('is set and turned off per world, and refuses URLs it cannot use', async () => {
    const world = 'own-scenario';
    const off = await admin(relay, 'DELETE', 'upstream', undefined, world);
    expect(((await off.json()) as UpstreamStatus).state).toBe('off');
    // Off: the world answers from its own scenario (new-user), not from B's repaying.
    const test = worldClient(relay, world);
    await login(test);
    expect((await test.client.call('loanInfo', {})).data.state).toBe(0);
    for (const url of [
      relay.url,
      `http://localhost:${relay.port}`,
      'http://user:secret@127.0.0.1:1',
      'http://127.0.0.1:1/main/',
      'http://127.0.0.1:1/?token=x',
      'ftp://127.0.0.1:1',
    ]) {
      const refused = await admin(relay, 'PUT', 'upstream', { url }, world);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).not.toBe('');
    }
    expect((await status(relay, world)).state).toBe('off');
  });

  it('reads a deployed SPA’s app-config.json for the real backend’s three hosts', async () => {
    const webDir = await mkdtemp(path.join(tmpdir(), 'upstream-web-'));
    dirs.push(webDir);
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    const deployed = await startServer({ scenario: 'taiwan', webDir });
    try {
      const world = 'app-config';
      const set = await admin(
        relay,
        'PUT',
        'upstream',
        { url: `${deployed.url}/app-config.json` },
        world,
      );
      expect(set.status).toBe(200);
      const test = worldClient(relay, world);
      const answer = await test.client.call('login', {
        areaCode: '886',
        msisdn: '912345678',
        code: '1234',
      });
      expect(answer).toMatchObject({ code: 200, data: { lastName: 'Chen' } });
    } finally {
      await deployed.close();
    }
  });
});
