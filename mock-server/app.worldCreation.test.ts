/**
 * Who makes a world (DESIGN.md §6 "Worlds and admin access"): an admin call with the token or a
 * phone's handshake, nothing else; a full server still serves its admin and its worlds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolError, ServerCode } from '@shared/codes';
import { WORLD_HEADER } from '@shared/simWorld';
import { prepareClientSession } from '@shared/transport/clientSession';
import type { MockServer } from './app';
import { SENTRY_ENVELOPE_TYPE } from './http/sentrySink';
import { admin, login, startServer, worldClient } from '@tests/support/mock-server/testHarness';

async function post(server: MockServer, path: string, world: string, body: string, type: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, [WORLD_HEADER]: world },
    body,
  });
  return { status: res.status, json: (await res.json()) as { code: number; message: string } };
}

describe('requests without the token never make a world', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ worldCap: 10 });
  });
  afterAll(() => server.close());

  it('answers each route for an unknown world without creating it', async () => {
    const json = 'application/json';
    const junk = JSON.stringify({ data: {}, userBaseInfo: {} });
    const unknownPath = await post(server, '/main/no/such', 'w-a', junk, json);
    expect(unknownPath).toMatchObject({ status: 200, json: { code: ServerCode.NOT_FOUND } });
    const encrypted = await post(server, '/main/user/userInfo', 'w-b', '{"v":1}', json);
    expect(encrypted).toMatchObject({
      status: 401,
      json: { code: ProtocolError.SESSION_NOT_FOUND },
    });
    expect(encrypted.json.message).toMatch(/No world w-b/);
    const plain = await post(server, '/main/repay/loanList', 'w-c', junk, json);
    expect(plain.json.code).toBe(ServerCode.TOKEN_MISSING);
    const refusedType = await post(server, '/main/user/userInfo', 'w-d', junk, 'text/plain');
    expect(refusedType.status).toBe(401);
    const sentry = await post(
      server,
      '/sentry/api/1/envelope/',
      'w-e',
      '{}\n',
      SENTRY_ENVELOPE_TYPE,
    );
    expect(sentry).toMatchObject({ status: 404, json: { code: 404 } });
    // A flood past the cap: the table does not grow, and a phone still gets its world.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(server, '/hk/whatever', `flood-${i}`, junk, json)),
    );
    expect(server.worlds.size).toBe(1);
    const phone = worldClient(server, 'real-phone');
    await login(phone);
    expect((await phone.client.call('userInfo', {})).code).toBe(200);
    expect(server.worlds.peek('real-phone')).toBeDefined();
  });
});

describe('a full server', () => {
  it('lets handshakes without a token evict each other, never a world in use', async () => {
    const server = await startServer({ worldCap: 6 });
    try {
      const inUse = worldClient(server, 'in-use');
      await login(inUse);
      await admin(server, 'PUT', 'scenario', { name: 'overdue' }, 'qa-made');
      // Handshakes in a new world each, three times the cap: each makes a world that holds
      // nothing but the starting scenario.
      const baseInfo = { deviceId: 'flood-h5', system: 'H5', tokenValue: '', version: '1.0.0' };
      const { bundle } = await prepareClientSession();
      const hello = JSON.stringify({
        data: { clientBundle: bundle, baseInfo },
        userBaseInfo: baseInfo,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 18; i += 1) {
        const shake = await post(
          server,
          '/main/config/getServicePublicKey',
          `made-${i}`,
          hello,
          'application/json',
        );
        statuses.push(shake.status);
      }
      expect(statuses).toEqual(Array(18).fill(200));
      expect(server.worlds.size).toBe(6);
      // A new phone still gets a world, and the worlds in use are all there.
      const newcomer = worldClient(server, 'newcomer');
      await login(newcomer);
      expect((await newcomer.client.call('userInfo', {})).code).toBe(200);
      expect((await inUse.client.call('userInfo', {})).code).toBe(200);
      expect(server.worlds.peek('qa-made')?.domain.currentScenario()).toBe('overdue');
    } finally {
      await server.close();
    }
  });

  it('refuses a new phone world with 503, yet serves its admin and its existing worlds', async () => {
    const server = await startServer({ worldCap: 4 });
    try {
      const phones = ['p1', 'p2', 'p3'].map((id) => worldClient(server, id));
      for (const phone of phones) await login(phone);
      expect(server.worlds.size).toBe(4);
      const latecomer = await post(
        server,
        '/main/config/getServicePublicKey',
        'p4',
        JSON.stringify({ data: {}, userBaseInfo: {} }),
        'application/json',
      );
      expect(latecomer.status).toBe(503);
      expect(latecomer.json.message).toMatch(/limit/);
      // The admin still gets a new world: the idlest world only phones used makes room.
      await phones[1]?.client.call('userInfo', {});
      await phones[2]?.client.call('userInfo', {});
      const tester = await admin(server, 'PUT', 'scenario', { name: 'overdue' }, 'qa-new');
      expect(tester.status).toBe(200);
      expect(server.worlds.peek('p1')).toBeUndefined();
      expect((await phones[1]?.client.call('userInfo', {}))?.code).toBe(200);
      expect((await phones[2]?.client.call('userInfo', {}))?.code).toBe(200);
      // A world an admin call used is not evicted for another admin call.
      expect((await admin(server, 'GET', 'scenarios', undefined, 'p2')).status).toBe(200);
      expect((await admin(server, 'GET', 'scenarios', undefined, 'qa-2')).status).toBe(200);
      expect(server.worlds.peek('p3')).toBeUndefined();
      expect(server.worlds.peek('p2')).toBeDefined();
      expect((await admin(server, 'GET', 'scenarios', undefined, 'qa-3')).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
