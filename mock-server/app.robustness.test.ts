import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/codes';
import type { MockServer } from './app';
import {
  adminLog,
  clientFor,
  login,
  startServer,
  type TestClient,
} from '@tests/support/mock-server/testHarness';
import { DEFAULT_LOG_CAPACITY } from './http/trafficLog';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const baseInfo = { deviceId: 'robust-h5', system: 'H5', tokenValue: '', version: '1' };

async function post(path: string, body: string, contentType = 'application/json') {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as { code: number; message: string } | undefined };
}

describe('the mock server under bad input', () => {
  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await post('/main/user/userInfo', '{"v":1,');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 400, message: 'Malformed JSON body' });
  });

  it("answers a body over the route's limit with a 413 JSON error", async () => {
    const res = await post('/main/repay/repayPlan', JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.json?.message).toMatch(/exceeds 65536 bytes/);
  });

  it('logs a summary, not the whole body, of a huge request', async () => {
    const huge = JSON.stringify({ data: 'y'.repeat(60_000), userBaseInfo: baseInfo });
    expect((await post('/main/no/such/path', huge)).json?.code).toBe(404);
    const [entry] = await adminLog(server, 1);
    expect(entry?.request.data).toMatchObject({ truncated: true });
    expect(JSON.stringify(entry).length).toBeLessThan(2000);
  });

  it('answers unknown paths and wrong hosts with product code 404 and a clear message', async () => {
    const body = JSON.stringify({ data: {}, userBaseInfo: baseInfo });
    const unknown = await post('/main/no/such/path', body);
    expect(unknown).toMatchObject({ status: 200, json: { code: 404 } });
    expect(unknown.json?.message).toContain('no/such/path');
    const wrongHost = await post('/channel/user/userInfo', body);
    expect(wrongHost.json?.code).toBe(404);
    expect(wrongHost.json?.message).toMatch(/not served by the channel host/);
  });

  it('lists the bad fields of a plain request (product code 400)', async () => {
    const test = clientFor(server);
    await login(test);
    const res = await fetch(`${server.url}/main/repay/repayPlan`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token: test.token.value },
      body: JSON.stringify({ data: { pageNum: 'one', pageSize: 500 }, userBaseInfo: baseInfo }),
    });
    const json = (await res.json()) as { code: number; message: string };
    expect(json.code).toBe(400);
    expect(json.message).toMatch(/pageNum/);
    expect(json.message).toMatch(/pageSize/);
  });

  it('lists the bad fields of an encrypted request (product code 400)', async () => {
    const test = clientFor(server);
    const answer = await test.client.call('login', { areaCode: '99', msisdn: 42 } as never);
    expect(answer.code).toBe(400);
    expect(answer.message).toMatch(/areaCode/);
    expect(answer.message).toMatch(/msisdn/);
    expect(answer.message).toMatch(/code/);
  });

  it('answers a session code to a wrong token', async () => {
    const test = clientFor(server);
    test.token.value = 'tk_not_a_token';
    const answer = await test.client.call('userInfo', {});
    expect(answer.code).toBeGreaterThanOrEqual(9000000);
    expect(answer.code).toBeLessThanOrEqual(9000005);
  });

  it('refuses garbage envelopes with protocol errors', async () => {
    const cases: [string, number][] = [
      ['{}', ProtocolError.BAD_ENVELOPE],
      ['null', ProtocolError.BAD_ENVELOPE],
      ['[1,2]', ProtocolError.BAD_ENVELOPE],
      ['"text"', ProtocolError.BAD_ENVELOPE],
      ['{"v":2,"sid":"a","dev":"b","type":1,"body":"AA=="}', ProtocolError.BAD_ENVELOPE],
      ['{"v":1,"sid":"a","dev":"b","type":2,"body":"AA=="}', ProtocolError.BAD_ENVELOPE],
      ['{"v":1,"sid":"a","dev":"b","type":1,"body":"%%%"}', ProtocolError.BAD_ENVELOPE],
      ['{"v":1,"sid":"nope","dev":"b","type":1,"body":"AAAA"}', ProtocolError.SESSION_NOT_FOUND],
    ];
    for (const [body, code] of cases) {
      const res = await post('/main/user/userInfo', body);
      expect(res.json?.code, body).toBe(code);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  it('survives 300 seeded mutations interleaved with genuine traffic that keeps working', async () => {
    const random = mulberry32(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const captured: { path: string; body: Record<string, unknown> }[] = [];
    const victims: TestClient[] = [];
    for (let i = 0; i < 3; i++) {
      const victim = clientFor(server, {
        fetch: async (input, init) => {
          // The HTTP layer may hand over a Request: read a copy, send the original.
          const request = new Request(input, init);
          const body = JSON.parse((await request.clone().text()) || 'null');
          if (body && typeof body === 'object' && 'sid' in body) {
            captured.push({ path: new URL(request.url).pathname, body });
          }
          return fetch(request);
        },
      });
      await login(victim);
      victims.push(victim);
    }
    const mutations: ((e: Record<string, unknown>) => unknown)[] = [
      (e) => e,
      (e) => ({ ...e, body: flip(String(e.body), random) }),
      (e) => ({
        ...e,
        body: String(e.body).slice(0, Math.floor(random() * String(e.body).length)),
      }),
      (e) => ({ ...e, type: e.type === 1 ? 3 : 1 }),
      (e) => ({ ...e, dev: 'someone-else-h5' }),
      (e) => ({ ...e, sid: pick(captured).body.sid }),
      (e) => ({ ...e, body: btoa(String.fromCharCode(...randomBytes(random, 200))) }),
      (e) => ({ ...e, v: pick([0, 2, '1', null]) }),
      () => pick([{}, [], 0, 'x', { data: 1 }, { v: 1 }]),
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      if (i % 10 === 0) {
        const victim = pick(victims);
        const answer = await victim.client.call('userInfo', {});
        expect(answer.code, `genuine call at iteration ${i}`).toBe(200);
      }
      const source = pick(captured);
      const mutated = pick(mutations)(structuredClone(source.body));
      const path =
        random() < 0.8 ? source.path : pick(['/main/user/logout', '/hk/user/login', '/main/x']);
      const res = await post(path, JSON.stringify(mutated));
      statuses.add(res.status);
      expect(res.status, JSON.stringify(mutated).slice(0, 200)).toBeLessThan(500);
      expect(res.json, 'JSON answer').toBeDefined();
    }
    for (const victim of victims) expect((await victim.client.call('userInfo', {})).code).toBe(200);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
    expect((await adminLog(server)).length).toBeLessThanOrEqual(DEFAULT_LOG_CAPACITY);
  }, 60_000);
});

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBytes(random: () => number, length: number): number[] {
  return Array.from({ length }, () => Math.floor(random() * 256));
}

function flip(body: string, random: () => number): string {
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const at = Math.floor(random() * bytes.length);
  bytes[at] = (bytes[at] ?? 0) ^ (1 + Math.floor(random() * 255));
  return btoa(String.fromCharCode(...bytes));
}
