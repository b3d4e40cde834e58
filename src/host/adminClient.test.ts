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
      // The server's message, not its JSON body pasted (the admin error body, docs/mock-server.md
      // "Admin API").
      'answered 400: Not a world snapshot (version 1): version: Invalid input',
    );
  });

  it('drives upstream mode and recordings of the phone’s world, parsing every answer', async () => {
    const status = {
      url: 'http://127.0.0.1:4011',
      state: 'ready',
      identityKey: 'KEY',
      message: 'Relaying to http://127.0.0.1:4011',
      calls: 3,
      phones: 1,
    };
    const summary = {
      name: 'staging-bill',
      title: 'Recorded: staging-bill',
      recordedAt: '2026-01-01T00:00:00.000Z',
      source: 'upstream http://127.0.0.1:4011/',
      exchanges: 5,
      paths: 4,
      kept: 'data-dir',
    };
    const { fetchImpl, seen } = fakeFetch({
      'PUT /__admin/upstream': { body: status },
      'POST /__admin/upstream/trust': { body: status },
      'DELETE /__admin/upstream': { body: { ...status, url: null, state: 'off' } },
      'GET /__admin/contract-report': {
        body: { upstream: status.url, checked: 1, breaches: 0, paths: [] },
      },
      'POST /__admin/recordings/start': {
        status: 201,
        body: { name: 'staging-bill', world: 'w-1', startedAt: 't', exchanges: 0, full: false },
      },
      'POST /__admin/recordings/stop': { body: summary },
      'GET /__admin/recordings': { body: { active: null, recordings: [summary] } },
      'POST /__admin/recordings/staging-bill/export': {
        body: { file: 'fixtures/recordings/staging-bill.json' },
      },
    });
    const admin = createAdminClient('http://mock:1', fetchImpl, { world: 'w-1', adminToken: 'T' });
    expect(await admin.setUpstream(status.url)).toEqual(status);
    expect((await admin.trustUpstream()).identityKey).toBe('KEY');
    expect((await admin.clearUpstream()).state).toBe('off');
    expect((await admin.contractReport()).checked).toBe(1);
    expect((await admin.startRecording({ name: 'staging-bill' })).world).toBe('w-1');
    expect(await admin.stopRecording()).toEqual(summary);
    expect((await admin.recordings()).recordings).toEqual([summary]);
    expect(await admin.exportRecording('staging-bill')).toBe(
      'fixtures/recordings/staging-bill.json',
    );
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'PUT /__admin/upstream',
      'POST /__admin/upstream/trust',
      'DELETE /__admin/upstream',
      'GET /__admin/contract-report',
      'POST /__admin/recordings/start',
      'POST /__admin/recordings/stop',
      'GET /__admin/recordings',
      'POST /__admin/recordings/staging-bill/export',
    ]);
    expect(seen[0]?.body).toEqual({ url: status.url });
    expect(seen[4]?.body).toEqual({ name: 'staging-bill' });
  });

  it('keeps a traffic entry’s upstream mark, with its contract breaches', async () => {
    const { fetchImpl } = fakeFetch({
      'GET /__admin/log': {
        body: [
          {
            id: 1,
            at: 't',
            host: 'main',
            path: 'loan/loanInfo',
            encrypted: true,
            status: 200,
            upstream: {
              url: 'http://127.0.0.1:4011',
              deviceId: 'relay-1-h5',
              ms: 12,
              breaches: [
                { kind: 'unknown-field', field: 'data.bonus', detail: 'not in the contract' },
              ],
            },
          },
        ],
      },
    });
    const [entry] = await createAdminClient('http://mock:1', fetchImpl).log(1);
    expect(entry?.upstream?.breaches).toEqual([
      { kind: 'unknown-field', field: 'data.bonus', detail: 'not in the contract' },
    ]);
  });
});
