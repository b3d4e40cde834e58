/**
 * Sessions that outlive the page (DESIGN.md §5): a client resumed from the session cache goes on
 * without a handshake, and every way the resumed state can be wrong costs one handshake, never a
 * failed call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySessionCache } from '@shared/transport/sessionCache';
import type { MockServer } from './app';
import {
  admin,
  adminLog,
  clientFor,
  login,
  startServer,
} from '@tests/support/mock-server/testHarness';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await admin(server, 'DELETE', 'faults');
});

const HANDSHAKE = 'config/getServicePublicKey';

async function handshakesOf(deviceId: string): Promise<number> {
  const log = await adminLog(server);
  return log.filter(
    (e) =>
      e.path === HANDSHAKE &&
      (e.request?.userBaseInfo as { deviceId?: string } | null)?.deviceId === deviceId,
  ).length;
}

/** A page load: a new client on the same device, with the same cache. */
function reload(cache: MemorySessionCache, deviceId: string, token: string) {
  const page = clientFor(server, { sessionCache: cache }, deviceId);
  page.token.value = token;
  return page;
}

describe('resumed sessions', () => {
  it('a reloaded page goes on with the saved session: no second handshake', async () => {
    const cache = new MemorySessionCache();
    const first = clientFor(server, { sessionCache: cache });
    const token = await login(first);
    const device = first.baseInfo.deviceId;
    expect(cache.saved.get('main')).toMatchObject({ deviceId: device });
    expect(await handshakesOf(device)).toBe(1);

    const second = reload(cache, device, token);
    const info = await second.client.call('userInfo', {});
    expect(info).toMatchObject({ code: 200, data: { msisdn: '9171234567' } });
    await second.client.call('unread', {});
    const third = reload(cache, device, token);
    expect((await third.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf(device)).toBe(1);
  });

  it('a server that lost the session (restart) costs one handshake, and the call goes through', async () => {
    const cache = new MemorySessionCache();
    const first = clientFor(server, { sessionCache: cache });
    const token = await login(first);
    const device = first.baseInfo.deviceId;
    await admin(server, 'POST', 'faults', {
      kind: 'session-lost',
      path: 'user/userInfo',
      times: 1,
    });
    const page = reload(cache, device, token);
    expect((await page.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf(device)).toBe(2);
    // The new session is the saved one now.
    expect((await reload(cache, device, token).client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf(device)).toBe(2);
  });

  it('a save older than the server’s state (the page closed before it was written) costs one handshake', async () => {
    const cache = new MemorySessionCache();
    const first = clientFor(server, { sessionCache: cache });
    const token = await login(first);
    const device = first.baseInfo.deviceId;
    const stale = await cache.load('main');
    // The page goes on talking; its last saves are lost.
    for (let i = 0; i < 3; i += 1) await first.client.call('userInfo', {});
    if (!stale) throw new Error('nothing saved');
    await cache.save('main', stale);
    const page = reload(cache, device, token);
    expect((await page.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf(device)).toBe(2);
  });

  it('a page closed while its request was on the way resumes without a replay or a handshake', async () => {
    const cache = new MemorySessionCache();
    const first = clientFor(server, { sessionCache: cache });
    const token = await login(first);
    const device = first.baseInfo.deviceId;
    // The next page load happens while user/unread is on the way: the server answers, the page
    // that asked never reads it.
    const closing = clientFor(
      server,
      {
        sessionCache: cache,
        fetch: async (input, init) => {
          await fetch(input, init);
          throw new TypeError('The page was closed');
        },
      },
      device,
    );
    closing.token.value = token;
    const since = Math.max(0, ...(await adminLog(server)).map((e) => e.id));
    await expect(closing.client.call('unread', {})).rejects.toThrow();
    const next = reload(cache, device, token);
    expect((await next.client.call('userInfo', {})).code).toBe(200);
    const log = (await adminLog(server)).filter((e) => e.id > since);
    expect(log.map((e) => [e.path, e.status])).toEqual([
      ['user/unread', 200],
      ['user/userInfo', 200],
    ]);
    expect(await handshakesOf(device)).toBe(1);
  });

  it('a session is resumed only on its own device; a broken save is a handshake', async () => {
    const cache = new MemorySessionCache();
    const first = clientFor(server, { sessionCache: cache });
    const token = await login(first);
    const other = reload(cache, 'another-device-h5', token);
    expect((await other.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf('another-device-h5')).toBe(1);
    expect(cache.saved.get('main')?.deviceId).toBe('another-device-h5');

    const saved = cache.saved.get('main');
    if (!saved) throw new Error('nothing saved');
    saved.store.sessions = { 'not-an-address': '{"broken":' };
    const broken = reload(cache, 'another-device-h5', token);
    expect((await broken.client.call('userInfo', {})).code).toBe(200);
    expect(await handshakesOf('another-device-h5')).toBe(2);
  });

  it('a failing cache never fails a call', async () => {
    const failing = {
      load: async () => {
        throw new Error('IndexedDB is not available');
      },
      save: async () => {
        throw new Error('quota');
      },
      drop: async () => {
        throw new Error('quota');
      },
    };
    const page = clientFor(server, { sessionCache: failing });
    await login(page);
    expect((await page.client.call('userInfo', {})).code).toBe(200);
  });
});
