/**
 * The fault lab (src/shared/workbench.ts FAULT_KINDS) against a real Signal client: every kind has
 * its observable outcome, is marked in the world's log, and stays in its world.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/codes';
import { ApiError } from '@shared/transport/client';
import type { ArmedFault, FaultSpec } from '@shared/workbench';
import type { MockServer } from './app';
import {
  admin,
  adminLog,
  login,
  startServer,
  worldClient,
} from '@tests/support/mock-server/testHarness';
import type { LogEntry } from './http/trafficLog';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

let worldCount = 0;
const newWorld = () => `faults-${++worldCount}`;

async function arm(world: string, spec: FaultSpec | Record<string, unknown>): Promise<ArmedFault> {
  const res = await admin(server, 'POST', 'faults', spec, world);
  expect(res.status).toBe(201);
  return ((await res.json()) as { fault: ArmedFault }).fault;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const HANDSHAKE = 'config/getServicePublicKey';
const handshakes = async (world: string) =>
  (await adminLog(server, 500, world)).filter((e) => e.path === HANDSHAKE);
const identityOf = (entry: LogEntry | undefined) =>
  (entry?.response.data as { bundle: { identityKey: string } } | undefined)?.bundle.identityKey;
const exchanges = async (world: string, path: string) =>
  (await adminLog(server, 500, world)).filter((e) => e.path === path);

describe('fault kinds', () => {
  it('code: answers the product code and message', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    const fault = await arm(world, {
      path: 'config/getEventDates',
      kind: 'code',
      code: 9000017,
      times: 1,
    });
    expect(fault).toMatchObject({ kind: 'code', remaining: 1, path: 'config/getEventDates' });
    const answer = await test.client.call('getEventDates', {});
    expect(answer).toMatchObject({ code: 9000017, message: 'Injected fault 9000017' });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const [marked] = await exchanges(world, 'config/getEventDates');
    expect(marked?.fault).toMatchObject({ id: fault.id, kind: 'code' });
  });

  it('delay: answers normally, late', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await test.client.warmUp();
    await arm(world, { path: 'config/getEventDates', kind: 'delay', delayMs: 300, times: 1 });
    const started = Date.now();
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('timeout: no answer within the client timeout', async () => {
    const world = newWorld();
    const test = worldClient(server, world, { timeoutMs: 400 });
    await test.client.warmUp();
    await arm(world, { path: 'config/getEventDates', kind: 'timeout', times: 1 });
    expect((await rejection(test.client.call('getEventDates', {}))).kind).toBe('timeout');
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    await expect
      .poll(async () => (await exchanges(world, 'config/getEventDates'))[0]?.status)
      .toBe(0);
  });

  it('drop: the connection dies without an answer (offline)', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await test.client.warmUp();
    await arm(world, { path: '*', kind: 'drop', times: 1 });
    expect((await rejection(test.client.call('getEventDates', {}))).kind).toBe('offline');
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const [dropped] = await exchanges(world, 'config/getEventDates');
    expect(dropped).toMatchObject({ status: 0, fault: { kind: 'drop' } });
  });

  it('corrupt: a secure-connection failure, logged as corrupted, not as a plain 200', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await arm(world, { path: 'config/getEventDates', kind: 'corrupt', times: 1 });
    expect((await rejection(test.client.call('getEventDates', {}))).kind).toBe('secure-connection');
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const [corrupted, clean] = await exchanges(world, 'config/getEventDates');
    expect(corrupted?.fault).toMatchObject({ kind: 'corrupt' });
    expect(corrupted?.fault?.effect).toMatch(/CORRUPTED/);
    expect(clean?.fault).toBeUndefined();
  });

  it('session-lost: exactly one re-handshake, and the call succeeds', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await login(test);
    expect(await handshakes(world)).toHaveLength(1);
    await arm(world, { path: 'user/userInfo', kind: 'session-lost', times: 1 });
    expect((await test.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakes(world)).toHaveLength(2);
    const calls = await exchanges(world, 'user/userInfo');
    expect(calls.map((e) => e.response.code)).toEqual([ProtocolError.SESSION_NOT_FOUND, 200]);
  });

  it('replay: 4091, a protocol refusal; the next call works', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await arm(world, { path: 'config/getEventDates', kind: 'replay', times: 1 });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'protocol', code: ProtocolError.REPLAY_OR_DUPLICATE });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('identity-change on a live session: 4012, then one handshake with a new identity', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await login(test);
    await arm(world, { path: '*', kind: 'identity-change', times: 1 });
    const error = await rejection(test.client.call('userInfo', {}));
    expect(error).toMatchObject({
      kind: 'secure-connection',
      code: ProtocolError.IDENTITY_MISMATCH,
    });
    expect((await test.client.call('userInfo', {})).code).toBe(200);
    const [first, second] = await handshakes(world);
    expect(identityOf(second)).not.toBe(identityOf(first));
  });

  it('identity-change at a handshake: the client refuses the presented identity', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await arm(world, { path: HANDSHAKE, kind: 'identity-change', times: 1 });
    expect((await rejection(test.client.call('getEventDates', {}))).kind).toBe('secure-connection');
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('handshake-refused: the error carries the server message (PRODUCT.md §8)', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    const message = 'Secure service under maintenance until 10:00';
    await arm(world, { path: '*', kind: 'handshake-refused', message, times: 1 });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'handshake', serverMessage: message });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('a fault on * waits for a call it can act on', async () => {
    const world = newWorld();
    const test = worldClient(server, world);
    await test.client.warmUp();
    await arm(world, { path: '*', kind: 'handshake-refused', times: 1 });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const other = worldClient(server, world);
    expect((await rejection(other.client.call('getEventDates', {}))).kind).toBe('handshake');
  });
});

describe('the fault table', () => {
  it('lists armed faults with ids and remaining uses; clears one or all', async () => {
    const world = newWorld();
    const once = await arm(world, { path: 'user/userInfo', kind: 'replay', times: 1 });
    const always = await arm(world, { path: '*', kind: 'delay', delayMs: 5 });
    expect(always).toMatchObject({ kind: 'delay', remaining: null });
    const list = async () =>
      (
        (await (await admin(server, 'GET', 'faults', undefined, world)).json()) as {
          faults: ArmedFault[];
        }
      ).faults;
    expect((await list()).map((f) => f.id)).toEqual([once.id, always.id]);
    expect((await admin(server, 'DELETE', `faults/${once.id}`, undefined, world)).status).toBe(200);
    expect((await admin(server, 'DELETE', `faults/${once.id}`, undefined, world)).status).toBe(404);
    expect((await list()).map((f) => f.id)).toEqual([always.id]);
    expect(await (await admin(server, 'DELETE', 'faults', undefined, world)).json()).toEqual({
      cleared: 1,
    });
    const events = (await adminLog(server, 500, world)).filter((e) => e.host === 'workbench');
    expect(events.map((e) => e.kind)).toEqual([
      'fault-armed',
      'fault-armed',
      'fault-cleared',
      'fault-cleared',
    ]);
  });

  it('refuses unknown kinds and fields', async () => {
    const world = newWorld();
    for (const body of [
      { path: 'x', kind: 'meteor' },
      { path: 'x', kind: 'drop', corrupt: true },
    ]) {
      expect((await admin(server, 'POST', 'faults', body, world)).status).toBe(400);
    }
  });
});

describe('worlds stay apart', () => {
  it('a fault or a rotated identity in one world never reaches another', async () => {
    const [a, b] = [newWorld(), newWorld()];
    const inA = worldClient(server, a);
    const inB = worldClient(server, b);
    await Promise.all([login(inA), login(inB)]);
    await arm(a, { path: '*', kind: 'code', code: 500 });
    expect((await inA.client.call('userInfo', {})).code).toBe(500);
    expect((await inB.client.call('userInfo', {})).code).toBe(200);
    await admin(server, 'DELETE', 'faults', undefined, a);

    const rotated = await admin(server, 'POST', 'rotate-identity', undefined, a);
    const { identityKey } = (await rotated.json()) as { identityKey: string };
    expect((await inA.client.call('userInfo', {})).code).toBe(200);
    expect((await inB.client.call('userInfo', {})).code).toBe(200);
    expect(identityOf((await handshakes(a)).at(-1))).toBe(identityKey);
    expect(await handshakes(a)).toHaveLength(2);
    expect(await handshakes(b)).toHaveLength(1);
  });
});
