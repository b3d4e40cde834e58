import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from './app';
import { MAX_TOKENS_PER_ACCOUNT } from './domain/accountLimits';
import {
  admin,
  adminLog,
  login,
  startServer,
  worldClient,
} from '@tests/support/mock-server/testHarness';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const WORLD = 'curl-world';

describe('POST /__admin/call', () => {
  it('runs a call in the named world as its user and answers it decrypted', async () => {
    await admin(server, 'PUT', 'scenario', { name: 'can-borrow' }, WORLD);
    const res = await admin(server, 'POST', 'call', { path: 'loan/loanInfo', data: {} }, WORLD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      code: 200,
      data: { lastAmount: 15000, creditAmount: 20000 },
    });
    // The default world is elsewhere: its user has no credit.
    const other = await admin(server, 'POST', 'call', { path: 'loan/loanInfo', data: {} });
    expect(((await other.json()) as { data: { lastAmount: number } }).data.lastAmount).toBe(0);
    const logged = (await adminLog(server, 5, WORLD)).at(-1);
    expect(logged).toMatchObject({ host: 'main', path: 'loan/loanInfo', encrypted: false });
    expect(logged?.request.headers.via).toBe('POST /__admin/call');
  });

  it("runs in the phone's signed-in session: many runs, or logins, never sign the phone out", async () => {
    const world = 'curl-phone';
    await admin(server, 'PUT', 'scenario', { name: 'can-borrow' }, world);
    const phone = worldClient(server, world);
    const phoneToken = await login(phone);
    expect((await phone.client.call('userInfo', {})).code).toBe(200);
    // Copy as curl on an exchange without a token (a config call, the login), run again and again.
    for (let i = 0; i < MAX_TOKENS_PER_ACCOUNT + 5; i++) {
      const run = await admin(server, 'POST', 'call', { path: 'user/userInfo', data: {} }, world);
      expect(await run.json()).toMatchObject({ code: 200, data: { token: phoneToken } });
    }
    expect((await phone.client.call('userInfo', {})).code).toBe(200);
    // Anyone with the fixture's SMS code, logging in as the user again and again.
    const stranger = worldClient(server, world);
    for (let i = 0; i < MAX_TOKENS_PER_ACCOUNT + 5; i++) await login(stranger);
    expect((await phone.client.call('userInfo', {})).code).toBe(200);
    // The log says which sessions ended to make room: the stranger's idlest.
    const ended = (await adminLog(server, 500, world)).filter((e) => e.kind === 'token-ended');
    expect(ended).toHaveLength(6);
    expect(ended[0]?.response.message).toMatch(
      /^Token tk_\w+…\w{4} of 63:9171234567 ended: the account held 21 tokens and this was the idlest \(never used since it was issued\)/,
    );
  });

  it('uses the token given, and says why it cannot run a call', async () => {
    const given = await admin(
      server,
      'POST',
      'call',
      { path: 'user/userInfo', data: {}, token: 'tk_nobody' },
      WORLD,
    );
    expect(((await given.json()) as { code: number }).code).not.toBe(200);
    const unknown = await admin(server, 'POST', 'call', { path: 'no/such' }, WORLD);
    expect(unknown.status).toBe(404);
    const handshake = await admin(
      server,
      'POST',
      'call',
      { path: 'config/getServicePublicKey' },
      WORLD,
    );
    expect(handshake.status).toBe(400);
    const stranger = await admin(
      server,
      'POST',
      'call',
      { path: 'user/userInfo', msisdn: '9000000000' },
      WORLD,
    );
    expect(stranger.status).toBe(404);
    const noToken = await fetch(`${server.url}/__admin/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'user/userInfo' }),
    });
    expect(noToken.status).toBe(401);
  });
});
