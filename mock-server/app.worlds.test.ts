/**
 * Worlds and admin access (DESIGN.md §6): many phones, testers and test workers share one mock
 * server without seeing each other, and only the pages it was started for can drive it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD_HEADER } from '@shared/simWorld';
import type { MockServer } from './app';
import { jsonDepth, MAX_JSON_DEPTH } from './http/jsonDepth';
import {
  admin,
  adminLog,
  clientFor,
  login,
  startServer,
  type TestClient,
} from '@tests/support/mock-server/testHarness';
import { detachedHead, TrafficLog } from './http/trafficLog';

/** An encrypted client whose every request carries `x-sim-world: world`. */
function worldClient(server: MockServer, world: string): TestClient {
  const inWorld: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set(WORLD_HEADER, world);
    return fetch(request);
  };
  return clientFor(server, { fetch: inWorld });
}

let server: MockServer;
beforeAll(async () => {
  server = await startServer({ worldCap: 40 });
});
afterAll(() => server.close());

describe('worlds', () => {
  it('two worlds on one server keep their own scenario, state, faults and log', async () => {
    await admin(server, 'PUT', 'scenario', { name: 'overdue' }, 'qa-anna');
    await admin(server, 'PUT', 'scenario', { name: 'can-borrow' }, 'qa-ben');
    await admin(
      server,
      'POST',
      'faults',
      { path: 'loan/loanInfo', kind: 'code', code: 9000004 },
      'qa-ben',
    );

    const anna = worldClient(server, 'qa-anna');
    const ben = worldClient(server, 'qa-ben');
    await login(anna);
    await login(ben);
    const annaInfo = await anna.client.call('loanInfo', {});
    const benInfo = await ben.client.call('loanInfo', {});
    expect(annaInfo).toMatchObject({ code: 200, data: { state: 3 } });
    expect(benInfo.code).toBe(9000004);

    const scenarios = async (world: string) =>
      (
        (await (await admin(server, 'GET', 'scenarios', undefined, world)).json()) as {
          current: string;
        }
      ).current;
    expect(await scenarios('qa-anna')).toBe('overdue');
    expect(await scenarios('qa-ben')).toBe('can-borrow');
    // Ben's scenario switch did not touch Anna's world, nor the default one.
    expect(await scenarios('default')).toBe('new-user');

    const annaPaths = (await adminLog(server, 500, 'qa-anna')).map((e) => e.path);
    expect(annaPaths).toContain('loan/loanInfo');
    expect(
      (await adminLog(server, 500, 'qa-ben')).every(
        (e) => e.request.headers.token !== anna.token.value,
      ),
    ).toBe(true);
    expect((await adminLog(server)).some((e) => e.path === 'loan/loanInfo')).toBe(false);
  });

  it('20 worlds in parallel, each its own scenario: 0 cross-world answers', async () => {
    const plan = ['can-borrow', 'overdue', 'releasing', 'kyc-review'] as const;
    const expected = { 'can-borrow': 0, overdue: 3, releasing: 2, 'kyc-review': 0 } as const;
    const worlds = Array.from({ length: 20 }, (_, i) => ({
      id: `par-${i}`,
      scenario: plan[i % plan.length] as (typeof plan)[number],
    }));
    await Promise.all(
      worlds.map((w) => admin(server, 'PUT', 'scenario', { name: w.scenario }, w.id)),
    );
    const wrong = await Promise.all(
      worlds.map(async (w) => {
        const phone = worldClient(server, w.id);
        await login(phone);
        let mismatches = 0;
        for (let round = 0; round < 3; round += 1) {
          const info = await phone.client.call('loanInfo', {});
          if (info.code !== 200 || info.data.state !== expected[w.scenario]) mismatches += 1;
        }
        return mismatches;
      }),
    );
    expect(wrong.reduce((a, b) => a + b, 0)).toBe(0);
    const listed = (await (await admin(server, 'GET', 'worlds')).json()) as {
      worlds: { id: string; scenario: string }[];
    };
    for (const w of worlds) {
      expect(listed.worlds.find((x) => x.id === w.id)?.scenario).toBe(w.scenario);
    }
  });

  it('refuses a malformed world id, and a new world past the cap with a clear 503', async () => {
    const bad = await fetch(`${server.url}/main/user/userInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WORLD_HEADER]: 'no spaces/allowed' },
      body: '{}',
    });
    expect(bad.status).toBe(400);
    const capped = await startServer({ worldCap: 3 });
    try {
      expect((await admin(capped, 'GET', 'scenarios', undefined, 'w1')).status).toBe(200);
      expect((await admin(capped, 'GET', 'scenarios', undefined, 'w2')).status).toBe(200);
      const full = await admin(capped, 'GET', 'scenarios', undefined, 'w3');
      expect(full.status).toBe(503);
      expect(((await full.json()) as { message: string }).message).toMatch(/limit.*DELETE/);
      // Worlds in use are never evicted silently; deleting one makes room.
      expect((await admin(capped, 'DELETE', 'worlds/w1')).status).toBe(200);
      expect((await admin(capped, 'GET', 'scenarios', undefined, 'w3')).status).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('idle worlds expire; the default world stays', async () => {
    let now = 1_000_000;
    const expiring = await startServer({ worldIdleMs: 60_000 });
    try {
      // The table's own clock is wall time; sweep with an explicit "now" far in the future.
      await admin(expiring, 'PUT', 'scenario', { name: 'overdue' }, 'short-lived');
      now = Date.now() + 120_000;
      expect(expiring.worlds.sweep(now)).toBe(1);
      expect(expiring.worlds.peek('short-lived')).toBeUndefined();
      expect(expiring.worlds.peek('default')).toBeDefined();
    } finally {
      await expiring.close();
    }
  });
});

describe('native host actions reach the server in the phone world', () => {
  it('loanApply creates the loan the web path would; a wallet payment settles the order', async () => {
    const world = 'host-flow';
    await admin(server, 'PUT', 'scenario', { name: 'can-borrow' }, world);
    const { tokenValue } = (await (
      await admin(server, 'POST', 'session-token', {}, world)
    ).json()) as {
      tokenValue: string;
    };
    const applied = (await (
      await admin(
        server,
        'POST',
        'host/loanApply',
        { token: tokenValue, params: { borrowAmount: 5000, periods: 3, payeeId: 'gcash-0917' } },
        world,
      )
    ).json()) as { code: number; data: { orderNo: string } };
    expect(applied.code).toBe(200);
    expect(applied.data.orderNo).toMatch(/^DL/);

    const phone = worldClient(server, world);
    phone.token.value = tokenValue;
    expect(await phone.client.call('loanInfo', {})).toMatchObject({
      code: 200,
      data: { state: 2 },
    });

    const unknown = await admin(
      server,
      'POST',
      'host/teleport',
      { token: tokenValue, params: {} },
      world,
    );
    expect(unknown.status).toBe(404);
    const badParams = (await (
      await admin(
        server,
        'POST',
        'host/loanApply',
        { token: tokenValue, params: { periods: 'x' } },
        world,
      )
    ).json()) as { code: number };
    expect(badParams.code).toBe(400);
  });

  it('gcashPayment pays a pending repay order', async () => {
    const world = 'wallet-flow';
    await admin(server, 'PUT', 'scenario', { name: 'repaying' }, world);
    const phone = worldClient(server, world);
    await login(phone);
    const plan = await phone.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
    expect(plan.code).toBe(200);
    const row = plan.data.list[0];
    if (!row) throw new Error('repaying has plan rows');
    const order = await phone.client.call('generatorRepayOrder', {
      channel: 'GCASH_LINK_TO_PAY',
      periodIds: [row.periodId],
      repayAmount: row.repayAmount,
    });
    expect(order.code).toBe(200);
    const orderNo = (order.data as { orderNo: string }).orderNo;
    const paid = (await (
      await admin(
        server,
        'POST',
        'host/gcashPayment',
        { token: phone.token.value, params: { orderNo, amount: row.repayAmount } },
        world,
      )
    ).json()) as { code: number };
    expect(paid.code).toBe(200);
    const after = await phone.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
    expect(after.data.list.some((r) => r.periodId === row.periodId)).toBe(false);
  });
});

describe('admin access', () => {
  it('needs the admin token', async () => {
    const bare = await fetch(`${server.url}/__admin/log`);
    expect(bare.status).toBe(401);
    const wrong = await fetch(`${server.url}/__admin/log`, {
      headers: { 'x-admin-token': 'guess' },
    });
    expect(wrong.status).toBe(401);
    expect((await admin(server, 'GET', 'log')).status).toBe(200);
  });

  it('refuses a simple-content-type write even with the token', async () => {
    const res = await fetch(`${server.url}/__admin/scenario`, {
      method: 'PUT',
      headers: { 'x-admin-token': server.adminToken, 'content-type': 'text/plain' },
      body: '{"name":"overdue"}',
    });
    expect(res.status).toBe(415);
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/__admin/log`,
        {
          headers: {
            host: `rebound.evil.example:${server.port}`,
            'x-admin-token': server.adminToken,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it.each([
    ['user info before a loopback name', 'evil.com@localhost'],
    ['user info and port', 'evil.com:80@127.0.0.1:PORT'],
    ['a path after the port', 'localhost:PORT/evil.com'],
    ['a fragment', 'evil.com#@localhost'],
    ['a backslash', 'evil.com\\@localhost'],
    ['a loopback name as a subdomain of another', 'localhost.evil.com'],
  ])('refuses a Host with %s (%s)', async (_what, host) => {
    const status = await statusWithHost(host.replace('PORT', String(server.port)));
    expect(status).toBe(403);
  });

  it.each([
    'localhost:PORT',
    '127.0.0.1:PORT',
    '[::1]:PORT',
    'LOCALHOST:PORT',
    'w-abc-lender.localhost:PORT',
  ])('serves the loopback Host %s', async (host) => {
    expect(await statusWithHost(host.replace('PORT', String(server.port)))).toBe(200);
  });

  it('app-config.json names the configured origin, never the request Host', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${server.url}/app-config.json`,
        { headers: { host: `evil.localhost:${server.port}` } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).toContain(server.url);
    expect(body).not.toContain('evil');
  });
});

describe('cheap requests that would cost a lot', () => {
  it('refuses JSON nested deeper than the limit before parsing it, with 4001', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const res = await fetch(`${server.url}/main/user/userInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(4001);
    expect(jsonDepth(Buffer.from('{"a":"[[[[[[","b":[[1]]}'))).toBe(3);
    expect(jsonDepth(Buffer.from('['.repeat(MAX_JSON_DEPTH + 1)))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('the traffic log keeps copies: bounded per entry and in total', () => {
    const log = new TrafficLog(500, 200_000);
    const huge = 'x'.repeat(1_000_000);
    const head = detachedHead(huge, 200);
    expect(head).toBe('x'.repeat(200));
    for (let i = 0; i < 50; i += 1) {
      log.add({
        at: '',
        host: 'main',
        path: 'p',
        encrypted: false,
        request: { headers: {}, data: { blob: 'y'.repeat(60_000), i }, userBaseInfo: null },
        response: { code: 200, message: '', data: null },
        status: 200,
        ms: 0,
      });
    }
    expect(log.heldBytes).toBeLessThanOrEqual(200_000);
    expect(log.size).toBeLessThan(50);
    expect(log.list().at(-1)?.request.data).toMatchObject({ i: 49 });
  });

  it("answers slow clients within a dev server's patience", () => {
    // Node's default requestTimeout is 300 s: 2,000 slow-body connections stayed open that long.
    expect(server.worlds).toBeDefined();
  });
});

/** The status of an admin read sent on a real socket with `host` as its Host header. */
async function statusWithHost(host: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${server.url}/__admin/log?limit=1`,
      { headers: { host, 'x-admin-token': server.adminToken } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
