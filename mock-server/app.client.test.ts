import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/codes';
import { ApiError } from '@shared/transport/client';
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
const dirs: string[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
afterEach(async () => {
  await admin(server, 'DELETE', 'faults');
});

/** What a client's fetch was asked for, whichever form the HTTP layer used (URL + init, Request). */
async function sent(input: Parameters<typeof fetch>[0], init?: RequestInit) {
  const request = new Request(input, init);
  return { url: request.url, body: await request.text(), headers: request.headers };
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

describe('ApiClient against the real mock server', () => {
  it('logs in encrypted, then reads user info with the token', async () => {
    const test = clientFor(server);
    const token = await login(test);
    expect(token).not.toBe('');
    const info = await test.client.call('userInfo', {});
    expect(info).toMatchObject({ code: 200, data: { msisdn: '9171234567', lastName: 'Santos' } });
  });

  it('answers product codes without rejecting (wrong SMS code, no token)', async () => {
    const test = clientFor(server);
    const wrong = await test.client.call('login', {
      areaCode: '63',
      msisdn: '9171234567',
      code: '9999',
    });
    expect(wrong.code).not.toBe(200);
    expect(wrong.message).not.toBe('');
    const anonymous = await test.client.call('userInfo', {});
    expect(anonymous.code).toBeGreaterThanOrEqual(9000000);
    expect(anonymous.code).toBeLessThanOrEqual(9000005);
  });

  it('reads a plain paged list and validates it', async () => {
    const test = clientFor(server);
    await login(test);
    const plan = await test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
    expect(plan.code).toBe(200);
    expect(plan.data.pageNum).toBe(1);
    expect(Array.isArray(plan.data.list)).toBe(true);
    const entry = (await adminLog(server, 5)).find((e) => e.path === 'repay/repayPlan');
    expect(entry).toMatchObject({ host: 'main', encrypted: false });
  });

  it('handshakes once per host even for concurrent first calls', async () => {
    const test = clientFor(server);
    await login(test);
    const before = (await adminLog(server)).length;
    const fresh = clientFor(server, {}, test.baseInfo.deviceId);
    fresh.token.value = test.token.value;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fresh.client.call('userInfo', {})),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const handshakes = (await adminLog(server))
      .slice(before)
      .filter((e) => e.path === 'config/getServicePublicKey');
    expect(handshakes).toHaveLength(1);
  });

  it('a call carries the token it was made with, even when the token changes before it is sent', async () => {
    const test = clientFor(server);
    await login(test);
    const fresh = clientFor(server, {}, test.baseInfo.deviceId);
    fresh.token.value = test.token.value;
    // The handshake is still to come when the session ends: the call waits for it.
    const info = fresh.client.call('userInfo', {});
    fresh.token.value = '';
    expect((await info).code).toBe(200);
    const sent = (await adminLog(server, 1))[0];
    expect(sent?.path).toBe('user/userInfo');
    expect(sent?.request.headers.token).toBe(test.token.value);
  });

  it('routes ?hk and app paths to their hosts', async () => {
    const test = clientFor(server);
    const hk = await test.client.call(
      'login',
      { areaCode: '852', msisdn: '51234567', code: '0000' },
      { hk: true },
    );
    expect(typeof hk.code).toBe('number');
    await test.client.call('channelGetSmsCode', {
      areaCode: '63',
      countryCode: 'PH',
      msisdn: '9171234567',
    });
    const log = await adminLog(server, 6);
    expect(log.some((e) => e.host === 'hk' && e.path === 'user/login')).toBe(true);
    expect(
      log.some((e) => e.host === 'channel' && e.path === 'app/secret/getServicePublicKey/v1'),
    ).toBe(true);
    expect(log.some((e) => e.host === 'channel' && e.path === 'app/channel/getSmsCode/v1')).toBe(
      true,
    );
  });

  it('recovers with one re-handshake after a restart on the same data dir (4011)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-restart-'));
    dirs.push(dataDir);
    const first = await startServer({ dataDir });
    const test = clientFor(first);
    await login(test);
    const port = first.port;
    await first.close();
    const second = await startServer({ dataDir, port });
    try {
      const token = await second.domain.issueSessionToken('9171234567');
      test.token.value = token ?? '';
      const info = await test.client.call('userInfo', {});
      expect(info.code).toBe(200);
      const log = await adminLog(second);
      expect(log.map((e) => `${e.path}:${e.status}`)).toEqual([
        'user/userInfo:401',
        'config/getServicePublicKey:200',
        'user/userInfo:200',
      ]);
      expect(log[0]?.response.code).toBe(ProtocolError.SESSION_NOT_FOUND);
    } finally {
      await second.close();
    }
  });

  it('rejects a corrupted answer as a secure-connection failure, then works again', async () => {
    const test = clientFor(server);
    await login(test);
    await admin(server, 'POST', 'faults', { path: 'user/userInfo', kind: 'corrupt', times: 1 });
    const error = await rejection(test.client.call('userInfo', {}));
    expect(error.kind).toBe('secure-connection');
    expect((await test.client.call('userInfo', {})).code).toBe(200);
  });

  it('injects product codes through faults', async () => {
    const test = clientFor(server);
    await login(test);
    await admin(server, 'POST', 'faults', {
      kind: 'code',
      path: 'user/userInfo',
      code: 9000004,
      message: 'Kicked',
      times: 1,
    });
    expect(await test.client.call('userInfo', {})).toEqual({
      code: 9000004,
      message: 'Kicked',
      data: null,
    });
    expect((await test.client.call('userInfo', {})).code).toBe(200);
  });

  it('times out with a clear message when the server is slow', async () => {
    const test = clientFor(server, { timeoutMs: 150 });
    await admin(server, 'POST', 'faults', {
      kind: 'delay',
      path: 'repay/repayPlan',
      delayMs: 600,
      times: 1,
    });
    const error = await rejection(
      test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/repay\/repayPlan within 150 ms$/);
  });

  it('reports offline when fetch itself fails', async () => {
    const test = clientFor(server, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error.kind).toBe('offline');
  });

  it('reports a refused handshake with the server message', async () => {
    const test = clientFor(server);
    await admin(server, 'POST', 'faults', {
      kind: 'code',
      path: 'config/getServicePublicKey',
      code: 500,
      message: 'Keys unavailable',
      times: 1,
    });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error.kind).toBe('handshake');
    expect(error.message).toContain('Keys unavailable');
    expect(error.serverMessage).toBe('Keys unavailable');
  });

  it('rejects an answer whose rid is not the request rid', async () => {
    // Two concurrent calls whose (validly encrypted) answers are swapped on the way back.
    const held: { deliver: (res: Response) => void; res: Response }[] = [];
    const swapping = clientFor(server, {
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const url = input instanceof Request ? input.url : String(input);
        if (!url.endsWith('config/getEventDates')) return res;
        return new Promise<Response>((deliver) => {
          held.push({ deliver, res });
          if (held.length === 2) {
            held[0]?.deliver(held[1]!.res);
            held[1]?.deliver(held[0]!.res);
          }
        });
      },
    });
    const results = await Promise.allSettled([
      swapping.client.call('getEventDates', {}),
      swapping.client.call('getEventDates', {}),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiError;
      expect(error.kind).toBe('secure-connection');
      expect(String((error.cause as Error).message)).toMatch(/rid/);
    }
  });

  /** A client whose fetch rewrites encrypted request bodies or URLs. */
  function tampering(rewrite: (url: string, body: Record<string, unknown>) => [string, unknown]) {
    return clientFor(server, {
      fetch: async (input, init) => {
        const request = await sent(input, init);
        const body = JSON.parse(request.body);
        const headers = request.headers;
        if (!('sid' in body))
          return fetch(request.url, { method: 'POST', headers, body: request.body });
        const [url, next] = rewrite(request.url, body);
        return fetch(url, { method: 'POST', headers, body: JSON.stringify(next) });
      },
    });
  }

  it('maps tampered request ciphertext (server 4001) to secure-connection, then recovers', async () => {
    let armed = true;
    const test = tampering((url, body) => {
      if (!armed) return [url, body];
      armed = false;
      const bytes = Uint8Array.from(atob(String(body.body)), (c) => c.charCodeAt(0));
      bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 1;
      return [url, { ...body, body: btoa(String.fromCharCode(...bytes)) }];
    });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'secure-connection', status: 400, code: 4001 });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('maps a replayed envelope (4091) to a protocol error', async () => {
    let first: Record<string, unknown> | undefined;
    const test = tampering((url, body) => {
      first ??= body;
      return [url, first];
    });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'protocol', status: 409, code: 4091 });
  });

  it('maps an envelope sent to another path (4002) to a protocol error', async () => {
    const test = tampering((url, body) => [
      url.replace('config/getEventDates', 'repay/repayResult'),
      body,
    ]);
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'protocol', status: 400, code: 4002 });
  });

  it('re-handshakes once on an unknown sid (4011), then gives up', async () => {
    const before = (await adminLog(server)).length;
    const test = tampering((url, body) => [url, { ...body, sid: 'unknown-sid' }]);
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'protocol', status: 401, code: 4011 });
    const paths = (await adminLog(server))
      .slice(before)
      .filter((e) => e.path.startsWith('config/'))
      .map((e) => `${e.path}:${e.status}`);
    expect(paths).toEqual([
      'config/getServicePublicKey:200',
      'config/getEventDates:401',
      'config/getServicePublicKey:200',
      'config/getEventDates:401',
    ]);
  });

  it('surfaces an identity mismatch (server 4012) as secure-connection', async () => {
    const { prepareClientSession } = await import('@shared/transport/clientSession');
    const impostor = await prepareClientSession();
    // The handshake pins another identity than the one the client then uses.
    const test = clientFor(server, {
      fetch: async (input, init) => {
        const request = await sent(input, init);
        const body = JSON.parse(request.body);
        if (body.data?.clientBundle) body.data.clientBundle = impostor.bundle;
        return fetch(request.url, {
          method: 'POST',
          headers: request.headers,
          body: JSON.stringify(body),
        });
      },
    });
    const error = await rejection(test.client.call('getEventDates', {}));
    expect(error).toMatchObject({ kind: 'secure-connection', status: 403, code: 4012 });
  });

  it('warms up with one handshake however often asked, and re-handshakes after a reset', async () => {
    const before = (await adminLog(server)).length;
    const test = clientFor(server);
    await Promise.all([test.client.warmUp(), test.client.warmUp(), test.client.warmUp('main')]);
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    test.client.resetSessions();
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    const paths = (await adminLog(server))
      .slice(before)
      .filter((e) => e.path.startsWith('config/'))
      .map((e) => e.path);
    expect(paths).toEqual([
      'config/getServicePublicKey',
      'config/getEventDates',
      'config/getServicePublicKey',
      'config/getEventDates',
    ]);
  });

  it('never rejects a warm-up, even offline', async () => {
    const test = clientFor(server, { fetch: () => Promise.reject(new TypeError('offline')) });
    await expect(test.client.warmUp()).resolves.toBeUndefined();
  });

  it('keeps one session working under concurrent calls answered out of order', async () => {
    const test = clientFor(server);
    await login(test);
    await admin(server, 'POST', 'faults', {
      kind: 'delay',
      path: 'config/getEventDates',
      delayMs: 40,
    });
    // Waves overlap: answers of a slow wave arrive after the next wave ratcheted the session.
    const waves = Array.from({ length: 4 }, async (_, wave) => {
      await new Promise((resolve) => setTimeout(resolve, wave * 15));
      return Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 ? test.client.call('getEventDates', {}) : test.client.call('userInfo', {}),
        ),
      );
    });
    const answers = (await Promise.all(waves)).flat();
    expect(answers.map((a) => a.code)).toEqual(Array(32).fill(200));
    await admin(server, 'DELETE', 'faults');
    expect((await test.client.call('userInfo', {})).code).toBe(200);
  });

  it('re-handshakes when the deviceId changes, and does not loop when it keeps changing', async () => {
    const test = clientFor(server);
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    test.baseInfo.deviceId = 'another-device-h5';
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    // Found by device, not as the newest entry: an earlier test's held call may be logged later.
    const renewed = (await adminLog(server)).filter(
      (e) => (e.request.headers as Record<string, string>)?.deviceid === 'another-device-h5',
    );
    expect(renewed.map((e) => e.path)).toContain('config/getEventDates');
    let n = 0;
    const restless = clientFor(server, {
      baseInfo: () => ({ deviceId: `d${n++}-h5`, system: 'H5', tokenValue: '', version: '1' }),
    });
    expect((await restless.client.call('getEventDates', {})).code).toBe(200);
  });
});

describe('a phone whose clock is wrong (4081 STALE_REQUEST)', () => {
  it("learns the server's time at the handshake: no call is ever refused as stale", async () => {
    const ahead = await startServer({ transportNow: () => Date.now() + 3_600_000 });
    try {
      const test = clientFor(ahead);
      expect((await test.client.call('getEventDates', {})).code).toBe(200);
      expect((await test.client.call('getEventDates', {})).code).toBe(200);
      const codes = (await adminLog(ahead)).map((e) => e.response.code);
      expect(codes).not.toContain(ProtocolError.STALE_REQUEST);
      // The server's clock as the app judges event windows on it (CampaignStore).
      expect(Math.abs(test.client.serverNow() - (Date.now() + 3_600_000))).toBeLessThan(5_000);
    } finally {
      await ahead.close();
    }
  });

  it('a session resumed after a reload starts on the server time it last knew', async () => {
    const ahead = await startServer({ transportNow: () => Date.now() + 3_600_000 });
    try {
      const sessionCache = new MemorySessionCache();
      const deviceId = 'reloaded-phone-h5';
      const first = clientFor(ahead, { sessionCache }, deviceId);
      expect((await first.client.call('getEventDates', {})).code).toBe(200);
      const reloaded = clientFor(ahead, { sessionCache }, deviceId);
      expect((await reloaded.client.call('getEventDates', {})).code).toBe(200);
      const log = await adminLog(ahead);
      expect(log.map((e) => e.path).filter((p) => p === 'config/getServicePublicKey')).toHaveLength(
        1,
      );
      expect(log.map((e) => e.response.code)).not.toContain(ProtocolError.STALE_REQUEST);
    } finally {
      await ahead.close();
    }
  });

  it('a server clock moved after the handshake: refused once with its time, then adapted', async () => {
    let shift = 0;
    const moving = await startServer({ transportNow: () => Date.now() + shift });
    try {
      const test = clientFor(moving);
      expect((await test.client.call('getEventDates', {})).code).toBe(200);
      // Past the 5-minute freshness window, well inside a session's life.
      shift = 10 * 60_000;
      expect((await test.client.call('getEventDates', {})).code).toBe(200);
      const codes = (await adminLog(moving)).map((e) => e.response.code);
      expect(codes.filter((c) => c === ProtocolError.STALE_REQUEST)).toHaveLength(1);
      expect(codes.at(-1)).toBe(200);
      expect((await test.client.call('getEventDates', {})).code).toBe(200);
      expect((await adminLog(moving)).length).toBe(codes.length + 1);
    } finally {
      await moving.close();
    }
  });
});
