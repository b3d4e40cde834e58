import { describe, expect, it } from 'vitest';
import { createAdminClient } from './adminClient';

function fakeFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const seen: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    seen.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    if (!answer) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { fetchImpl, seen };
}

describe('admin client', () => {
  it('talks to /__admin on the mock server and parses the answers', async () => {
    const { fetchImpl, seen } = fakeFetch({
      'GET /__admin/scenarios': {
        body: {
          current: 'repaying',
          scenarios: [{ name: 'repaying', title: 'Repaying', description: 'd' }],
        },
      },
      'POST /__admin/session-token': { body: { tokenValue: 'tok' } },
      'PUT /__admin/scenario': { body: { ok: true } },
      'GET /__admin/log': {
        body: [
          {
            id: 1,
            at: 't',
            host: 'main',
            path: 'user/userInfo',
            encrypted: true,
            request: { data: {} },
            response: { code: 200 },
            status: 200,
            ms: 3,
          },
        ],
      },
    });
    const admin = createAdminClient('http://mock:1/', fetchImpl);
    expect((await admin.scenarios()).current).toBe('repaying');
    expect(await admin.sessionToken('9171234567')).toBe('tok');
    await admin.selectScenario('overdue');
    expect((await admin.log(5))[0]?.path).toBe('user/userInfo');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET http://mock:1/__admin/scenarios',
      'POST http://mock:1/__admin/session-token',
      'PUT http://mock:1/__admin/scenario',
      'GET http://mock:1/__admin/log?limit=5',
    ]);
    expect(seen[1]?.body).toEqual({ msisdn: '9171234567' });
    expect(seen[2]?.body).toEqual({ name: 'overdue' });
  });

  it('throws a clear error on a non-2xx answer', async () => {
    const { fetchImpl } = fakeFetch({
      'PUT /__admin/scenario': { status: 404, body: { message: 'unknown' } },
    });
    await expect(
      createAdminClient('http://mock:1', fetchImpl).selectScenario('nope'),
    ).rejects.toThrow(/answered 404/);
  });

  it('says an unknown native user is not in the scenario, not which admin call failed', async () => {
    const { fetchImpl } = fakeFetch({
      'POST /__admin/session-token': { status: 404, body: { error: 'No scenario user' } },
    });
    const failure = createAdminClient('http://mock:1', fetchImpl).sessionToken('9000000000');
    await expect(failure).rejects.toThrow(
      "No native user 9000000000 in this world's scenario: the signed-in user must be one of its users",
    );
    await expect(failure).rejects.not.toThrow(/admin/);
  });
});

describe('admin client: the QA workbench (src/shared/workbench.ts)', () => {
  const clockState = { now: 1_767_225_600_000, offsetMs: 86_400_000, running: false };
  const armed = { path: '*', kind: 'drop', times: 1, id: 'f-1', remaining: 1 };
  const snapshot = {
    version: 1,
    world: 'w-qa',
    takenAt: 1,
    scenario: 'repaying',
    state: { version: 1 },
    faults: [armed],
    clock: clockState,
    log: [],
  };

  it('moves the clock, arms and clears faults, rotates, snapshots and restores', async () => {
    const { fetchImpl, seen } = fakeFetch({
      'GET /__admin/clock': { body: clockState },
      'PUT /__admin/clock': { body: clockState },
      'DELETE /__admin/clock': { body: { ...clockState, offsetMs: 0, running: true } },
      'GET /__admin/faults': { body: { faults: [armed] } },
      'POST /__admin/faults': { status: 201, body: { fault: armed } },
      'DELETE /__admin/faults/f-1': { body: { cleared: 1 } },
      'DELETE /__admin/faults': { body: { cleared: 2 } },
      'POST /__admin/rotate-identity': { body: { identityKey: 'BQ==' } },
      'GET /__admin/worlds/w-qa/snapshot': { body: snapshot },
      'PUT /__admin/worlds/w-copy/snapshot': { body: { world: 'w-copy', scenario: 'repaying' } },
    });
    const admin = createAdminClient('http://mock/', fetchImpl, { world: 'w-qa' });
    expect(await admin.clock()).toEqual(clockState);
    expect(await admin.setClock({ advanceMs: 86_400_000, running: false })).toEqual(clockState);
    expect((await admin.resetClock()).running).toBe(true);
    expect(await admin.faults()).toEqual([armed]);
    expect(await admin.addFault({ path: '*', kind: 'drop', times: 1 })).toEqual(armed);
    await admin.clearFault('f-1');
    expect(await admin.clearFaults()).toBe(2);
    expect(await admin.rotateIdentity()).toBe('BQ==');
    const taken = await admin.snapshot();
    expect(taken).toEqual(snapshot);
    expect(await admin.restore(taken, 'w-copy')).toEqual({ world: 'w-copy', scenario: 'repaying' });
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /__admin/clock',
      'PUT /__admin/clock',
      'DELETE /__admin/clock',
      'GET /__admin/faults',
      'POST /__admin/faults',
      'DELETE /__admin/faults/f-1',
      'DELETE /__admin/faults',
      'POST /__admin/rotate-identity',
      'GET /__admin/worlds/w-qa/snapshot',
      'PUT /__admin/worlds/w-copy/snapshot',
    ]);
    expect(seen[1]?.body).toEqual({ advanceMs: 86_400_000, running: false });
    expect(seen.at(-1)?.body).toEqual(snapshot);
  });

  it('refuses answers that break the contract, and says what the server answered', async () => {
    const { fetchImpl } = fakeFetch({
      'GET /__admin/clock': { body: { now: 'noon' } },
      'GET /__admin/faults': { body: [armed] },
      'PUT /__admin/worlds/default/snapshot': {
        status: 400,
        body: { code: 400, message: 'Not a world snapshot (version 1): version: Invalid input' },
      },
    });
    const admin = createAdminClient('http://mock', fetchImpl);
    await expect(admin.clock()).rejects.toThrow();
    await expect(admin.faults()).rejects.toThrow();
    await expect(
      admin.restore({ ...snapshot, version: 1 } as Parameters<typeof admin.restore>[0]),
    ).rejects.toThrow(
      // The server's message, not its JSON body pasted (the admin error body, README "Admin API").
      'answered 400: Not a world snapshot (version 1): version: Invalid input',
    );
  });
});
