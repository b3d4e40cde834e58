import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/appConfig';
import type { MockServer } from './app';
import { MAX_ENVELOPE_ITEMS } from './http/sentrySink';
import { admin, adminLog, clientFor, startServer } from '@tests/support/mock-server/testHarness';

let server: MockServer;
let webServer: MockServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'mock-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Direct Loan</title>');
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');
  [server, webServer] = await Promise.all([startServer(), startServer({ webDir })]);
});
afterAll(async () => {
  await Promise.all([server.close(), webServer.close()]);
  await rm(webDir, { recursive: true, force: true });
});

describe('admin API', () => {
  it('lists scenarios with the current one', async () => {
    const res = await admin(server, 'GET', 'scenarios');
    const body = (await res.json()) as { current: string; scenarios: { name: string }[] };
    expect(body.current).toBe('new-user');
    expect(body.scenarios.map((s) => s.name)).toEqual(
      expect.arrayContaining(['new-user', 'taiwan']),
    );
  });

  // The admin API's one error body (docs/mock-server.md "Admin API").
  it('answers every refusal with its one error body {code, message}', async () => {
    const refusals = [
      await admin(server, 'PUT', 'scenario', { name: 'nope' }),
      await admin(server, 'PUT', 'scenario', {}),
      await admin(server, 'POST', 'session-token', { msisdn: '0000000' }),
      await admin(server, 'DELETE', 'worlds/default'),
      await fetch(`${server.url}/__admin/scenarios`),
    ];
    for (const res of refusals) {
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toBe(res.status);
      expect(body.message).toEqual(expect.any(String));
    }
  });

  it('selects a scenario, refuses unknown ones with 404, and resets', async () => {
    expect((await admin(server, 'PUT', 'scenario', { name: 'nope' })).status).toBe(404);
    expect((await admin(server, 'PUT', 'scenario', {})).status).toBe(400);
    const res = await admin(server, 'PUT', 'scenario', { name: 'can-borrow' });
    expect(await res.json()).toEqual({ current: 'can-borrow' });
    const test = clientFor(server);
    const token = await (await admin(server, 'POST', 'session-token', {})).json();
    test.token.value = (token as { tokenValue: string }).tokenValue;
    const loan = await test.client.call('loanInfo', {});
    expect(loan.data).toMatchObject({ lastAmount: 15000, creditAmount: 20000 });
    expect((await admin(server, 'POST', 'reset')).status).toBe(200);
    expect((await test.client.call('loanInfo', {})).code).not.toBe(200);
    await admin(server, 'PUT', 'scenario', { name: 'new-user' });
  });

  it('issues session tokens a native host would hold', async () => {
    const res = await admin(server, 'POST', 'session-token', { msisdn: '9171234567' });
    const { tokenValue } = (await res.json()) as { tokenValue: string };
    const test = clientFor(server);
    test.token.value = tokenValue;
    expect(await test.client.call('userInfo', {})).toMatchObject({
      code: 200,
      data: { msisdn: '9171234567' },
    });
    expect((await admin(server, 'POST', 'session-token', { msisdn: '0000000' })).status).toBe(404);
  });

  it('logs decrypted exchanges, newest last, limited by ?limit', async () => {
    const test = clientFor(server);
    await test.client.call('login', { areaCode: '63', msisdn: '9171234567', code: '1234' });
    await test.client.call('getEventDates', {});
    const [login, events] = await adminLog(server, 2);
    expect(login).toMatchObject({
      host: 'main',
      path: 'user/login',
      encrypted: true,
      status: 200,
      request: { data: { msisdn: '9171234567', code: '1234' }, headers: { crypt: 'false' } },
      response: { code: 200, data: { msisdn: '9171234567' } },
    });
    expect(events?.path).toBe('config/getEventDates');
    expect(events!.id).toBeGreaterThan(login!.id);
    expect((await admin(server, 'GET', 'log?limit=-1')).status).toBe(400);
    expect(await adminLog(server, 0)).toEqual([]);
  });

  it('validates, applies, limits and clears faults', async () => {
    expect((await admin(server, 'POST', 'faults', { path: 'x', bogus: 1 })).status).toBe(400);
    // A fault names its kind (docs/mock-server.md "Admin API"): the body without one is refused.
    expect((await admin(server, 'POST', 'faults', { path: 'x', code: 500 })).status).toBe(400);
    await admin(server, 'POST', 'faults', {
      path: 'config/getEventDates',
      kind: 'code',
      code: 9000017,
      times: 2,
    });
    const test = clientFor(server);
    expect((await test.client.call('getEventDates', {})).code).toBe(9000017);
    expect((await test.client.call('getEventDates', {})).code).toBe(9000017);
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
    await admin(server, 'POST', 'faults', { path: '*', kind: 'code', code: 500 });
    expect((await test.client.call('getEventDates', {})).code).toBe(500);
    expect(await (await admin(server, 'DELETE', 'faults')).json()).toEqual({ cleared: 1 });
    expect((await test.client.call('getEventDates', {})).code).toBe(200);
  });

  it('answers CORS preflights only for the origins it was started for', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/main/user/login`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
    const own = `http://localhost:${server.port}`;
    for (const allowed of [own, 'app://simulator']) {
      const answer = await preflight(allowed);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(
        /token.*deviceId.*crypt.*x-sim-world.*x-admin-token/,
      );
    }
    // Any other local page (another dev server, a tool on another port) is as foreign as the web.
    for (const foreign of ['https://evil.example', 'http://localhost:5173', 'null']) {
      expect((await preflight(foreign)).headers.get('access-control-allow-origin')).toBeNull();
    }
    // A harness phone's own origin on this server's port (src/shared/phoneOrigin.ts), and only that.
    const phone = `http://w-abc123def456-lender.localhost:${server.port}`;
    expect((await preflight(phone)).headers.get('access-control-allow-origin')).toBe(phone);
    for (const near of [
      `http://evil.localhost:${server.port}`,
      'http://w-abc123def456-lender.localhost:5173',
      `http://w-abc123def456-admin.localhost:${server.port}`,
    ]) {
      expect((await preflight(near)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('Sentry sink', () => {
  it('records envelopes (newline-delimited JSON of the envelope type) in the log', async () => {
    const envelope = [
      JSON.stringify({ event_id: 'abc123', dsn: 'http://public@127.0.0.1/sentry/1' }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ message: 'Boom', level: 'error' }),
    ].join('\n');
    const res = await fetch(`${server.url}/sentry/api/1/envelope/?sentry_key=public`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-sentry-envelope' },
      body: envelope,
    });
    expect(await res.json()).toEqual({ id: 'abc123' });
    const [entry] = await adminLog(server, 1);
    expect(entry).toMatchObject({
      host: 'sentry',
      path: 'api/1/envelope',
      request: { data: { items: [{ header: { type: 'event' }, payload: { message: 'Boom' } }] } },
    });
  });

  it('refuses an envelope of more lines than items it may hold, before parsing them', async () => {
    // 256 kB of `1\n`: one JSON value to the body's shape check, 130,000 parses to the sink.
    const before = (await adminLog(server)).length;
    const flood = `{"event_id":"flood"}\n${'1\n'.repeat(130_000)}`;
    const res = await fetch(`${server.url}/sentry/api/1/envelope/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-sentry-envelope' },
      body: flood,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(
      `at most ${MAX_ENVELOPE_ITEMS} items`,
    );
    expect((await adminLog(server)).length).toBe(before);
    // An envelope of as many items as it may hold is still recorded.
    const item = [JSON.stringify({ type: 'event' }), JSON.stringify({ message: 'ok' })];
    const full = [
      JSON.stringify({ event_id: 'full' }),
      ...Array.from({ length: MAX_ENVELOPE_ITEMS }, () => item).flat(),
    ];
    const accepted = await fetch(`${server.url}/sentry/api/1/envelope/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-sentry-envelope' },
      body: `${full.join('\n')}\n`,
    });
    expect(await accepted.json()).toEqual({ id: 'full' });
  });

  it('refuses text/plain, what any page may post cross-site without a preflight', async () => {
    const before = (await adminLog(server)).length;
    const res = await fetch(`${server.url}/sentry/api/1/envelope/`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '{"event_id":"forged"}\n{"type":"event"}\n{"message":"forged"}',
    });
    expect(res.status).toBe(415);
    expect((await adminLog(server)).length).toBe(before);
  });
});

describe('--web', () => {
  it('serves the SPA with history fallback and its own app-config.json', async () => {
    const index = await fetch(`${webServer.url}/`);
    expect(await index.text()).toContain('<title>Direct Loan</title>');
    const deep = await fetch(`${webServer.url}/bill/detail?x=1`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Direct Loan</title>');
    expect(await (await fetch(`${webServer.url}/assets/app.js`)).text()).toBe('console.log(1);');
    expect((await fetch(`${webServer.url}/assets/missing.js`)).status).toBe(404);
    const config = appConfigSchema.parse(
      await (await fetch(`${webServer.url}/app-config.json`)).json(),
    );
    expect(config).toEqual({
      env: 'development',
      apiBase: {
        main: `${webServer.url}/main/`,
        channel: `${webServer.url}/channel/`,
        hk: `${webServer.url}/hk/`,
      },
      sentryDsn: `http://public@${webServer.url.slice('http://'.length)}/sentry/1`,
    });
    // The API still answers under its prefixes.
    const api = await fetch(`${webServer.url}/main/unknown`, { method: 'POST' });
    expect(((await api.json()) as { code: number }).code).toBe(404);
  });

  it('opens partner invite links under /channel/ while the channel API keeps its paths', async () => {
    const invite = await fetch(`${webServer.url}/channel/admin?token=t&from=invite_friend`);
    expect(invite.status).toBe(200);
    expect(await invite.text()).toContain('<title>Direct Loan</title>');
    const api = await fetch(`${webServer.url}/channel/app/unknown/v1`, { method: 'POST' });
    expect(((await api.json()) as { code: number }).code).toBe(404);
  });

  it('pins deep links to the root base so assets resolve before any script runs', async () => {
    const html = await (await fetch(`${webServer.url}/kyc/apply`)).text();
    expect(html.indexOf('<base href="/" />')).toBeGreaterThan(-1);
    expect(html.indexOf('<base href="/" />')).toBeLessThan(html.indexOf('<title>'));
  });
});
