/**
 * Recordings (src/shared/recording.ts) between real servers on loopback: B plays the real backend
 * (`repaying`), A relays to it and records a world, C replays the recording as a scenario with no
 * upstream at all. Every client is the SPA's own ApiClient.
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerCode } from '@shared/codes';
import type { RecordingList, RecordingSummary, ReplayExchange } from '@shared/recording';
import type { ClockState, WorldSnapshot } from '@shared/workbench';
import type { MockServer } from './app';
import {
  admin,
  adminLog,
  login,
  startServer,
  worldClient,
} from '@tests/support/mock-server/testHarness';
import type { RecordedScenarioFile } from './recording/recorder';

let backend: MockServer;
let relay: MockServer;
let relayDir: string;
let fixturesDir: string;
const dirs: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  backend = await startServer({ scenario: 'repaying' });
  relayDir = await tempDir('record-a-');
  fixturesDir = await tempDir('record-fixtures-');
  relay = await startServer({
    upstream: backend.url,
    dataDir: relayDir,
    fixtureRecordingsDir: fixturesDir,
  });
});
afterAll(async () => {
  await relay.close();
  await backend.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('a recording through upstream mode', () => {
  const world = 'qa-anna';
  let saved: RecordingSummary;
  let file: RecordedScenarioFile;
  let tokenOfB: string;
  let planOfB: unknown;
  let loanOfB: unknown;

  beforeAll(async () => {
    const started = await admin(relay, 'POST', 'recordings/start', { name: 'staging-bill' }, world);
    expect(started.status).toBe(201);
    const test = worldClient(relay, world);
    tokenOfB = await login(test);
    await test.client.call('userInfo', {});
    // B answers loan info twice, differently: a quiet code first, then the figures.
    await admin(backend, 'POST', 'faults', {
      path: 'loan/loanInfo',
      kind: 'code',
      code: ServerCode.QUIET_REFRESH,
      message: 'Refreshing',
      times: 1,
    });
    await test.client.call('loanInfo', {});
    loanOfB = (await test.client.call('loanInfo', {})).data;
    planOfB = (await test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' })).data;
    saved = await json<RecordingSummary>(
      await admin(relay, 'POST', 'recordings/stop', undefined, world),
    );
    file = JSON.parse(
      await readFile(path.join(relayDir, 'recordings', 'staging-bill.json'), 'utf8'),
    ) as RecordedScenarioFile;
  });

  it('keeps every exchange in order, with timing, per path the answers in order', () => {
    expect(saved).toMatchObject({
      name: 'staging-bill',
      exchanges: 5,
      paths: 4,
      kept: 'data-dir',
      source: `upstream ${backend.url}/`,
    });
    const order = file.replay.exchanges.map((e: ReplayExchange) => [e.key, e.n, e.source]);
    expect(order).toEqual([
      ['user/login', 0, 'upstream'],
      ['user/userInfo', 0, 'upstream'],
      ['loan/loanInfo', 0, 'upstream'],
      ['loan/loanInfo', 1, 'upstream'],
      ['repay/repayPlan', 0, 'upstream'],
    ]);
    const times = file.replay.exchanges.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(file.replay.answers['loan/loanInfo']?.map((a) => a.code)).toEqual([
      ServerCode.QUIET_REFRESH,
      200,
    ]);
    // What holds nothing personal is kept as B answered it.
    expect(file.replay.answers['loan/loanInfo']?.[1]?.data).toEqual(loanOfB);
    expect(file.replay.answers['repay/repayPlan']?.[0]?.data).toEqual(planOfB);
    expect(file.extends).toBe('new-user');
  });

  it('holds no token, phone number or name of B’s', async () => {
    const text = await readFile(path.join(relayDir, 'recordings', 'staging-bill.json'), 'utf8');
    const secrets = [tokenOfB, '9171234567', 'Santos', 'U1000234'];
    for (const log of [await adminLog(backend), await adminLog(relay, 500, world)]) {
      for (const entry of log) {
        const token = entry.request.headers.token;
        if (token) secrets.push(token);
      }
    }
    for (const secret of new Set(secrets)) expect(text).not.toContain(secret);
    const login = file.replay.answers['user/login']?.[0]?.data as Record<string, string>;
    expect(login).toMatchObject({
      msisdn: '9000000001',
      lastName: 'Person A',
      tokenValue: 'redacted-token-2',
    });
    // The token the login answered is the token the next request sent, as stand-ins.
    const next = file.replay.exchanges[1]?.request as { headers: { token: string } };
    expect(next.headers.token).toBe(login.tokenValue);
    expect(file.replay.redacted).toMatchObject({ token: 2, phone: 1, name: 1, id: 1, device: 1 });
  });

  it('is a scenario of every world at once, and listed with the others', async () => {
    const list = await json<{ scenarios: { name: string }[] }>(
      await admin(relay, 'GET', 'scenarios', undefined, 'another-world'),
    );
    expect(list.scenarios.map((s) => s.name)).toContain('staging-bill');
    const recordings = await json<RecordingList>(
      await admin(relay, 'GET', 'recordings', undefined, world),
    );
    expect(recordings).toMatchObject({ active: null, recordings: [{ name: 'staging-bill' }] });
  });

  it('replays with no upstream: the n-th call the n-th answer, then the last again', async () => {
    const replayDir = await tempDir('record-c-');
    await mkdir(path.join(replayDir, 'recordings'));
    await copyFile(
      path.join(relayDir, 'recordings', 'staging-bill.json'),
      path.join(replayDir, 'recordings', 'staging-bill.json'),
    );
    const replaying = await startServer({ dataDir: replayDir, scenario: 'staging-bill' });
    try {
      const clock = await json<ClockState>(await admin(replaying, 'GET', 'clock'));
      // The clock runs from the recording's anchor: dates read as they did.
      expect(clock.running).toBe(true);
      expect(clock.now - file.replay.clockAnchor).toBeGreaterThanOrEqual(0);
      expect(clock.now - file.replay.clockAnchor).toBeLessThan(60_000);
      const test = worldClient(replaying, 'default');
      const answers = [
        await test.client.call('login', { areaCode: '63', msisdn: '9000000001', code: '0000' }),
        await test.client.call('userInfo', {}),
        await test.client.call('loanInfo', {}),
        await test.client.call('loanInfo', {}),
        await test.client.call('loanInfo', {}),
      ];
      expect(answers.map((a) => a.code)).toEqual([200, 200, ServerCode.QUIET_REFRESH, 200, 200]);
      expect(answers[3]?.data).toEqual(loanOfB);
      expect(answers[4]?.data).toEqual(loanOfB);
      expect(
        (await test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' })).data,
      ).toEqual(planOfB);
      const unrecorded = await test.client.call('couponList', { state: 1 });
      expect(unrecorded.code).toBe(ServerCode.NOT_FOUND);
      expect(unrecorded.message).toMatch(/coupon\/list was not recorded in "staging-bill"/);

      // A repro bundle's world snapshot carries how far the replay went.
      const snapshot = await json<WorldSnapshot>(
        await admin(replaying, 'GET', 'worlds/default/snapshot'),
      );
      expect(snapshot.scenario).toBe('staging-bill');
      const restored = await admin(replaying, 'PUT', 'worlds/copy/snapshot', snapshot);
      expect(restored.status).toBe(200);
      const copy = worldClient(replaying, 'copy');
      expect((await copy.client.call('userInfo', {})).code).toBe(200);
      expect((await copy.client.call('loanInfo', {})).data).toEqual(loanOfB);

      // Reset starts the replay over.
      await admin(replaying, 'POST', 'reset');
      expect((await test.client.call('loanInfo', {})).code).toBe(ServerCode.QUIET_REFRESH);
    } finally {
      await replaying.close();
    }
  });

  it('is exported into fixtures/recordings, where a server without a data dir finds it', async () => {
    const exported = await json<{ file: string }>(
      await admin(relay, 'POST', 'recordings/staging-bill/export'),
    );
    expect(exported.file).toBe(path.join(fixturesDir, 'staging-bill.json'));
    expect(JSON.parse(await readFile(exported.file, 'utf8'))).toEqual(file);
    const fresh = await startServer({ fixtureRecordingsDir: fixturesDir });
    try {
      const recordings = await json<RecordingList>(await admin(fresh, 'GET', 'recordings'));
      expect(recordings.recordings).toMatchObject([{ name: 'staging-bill', kept: 'fixtures' }]);
      expect((await admin(fresh, 'PUT', 'scenario', { name: 'staging-bill' })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('skips a file that is not a recording of this server, saying why, and starts anyway', async () => {
    const dir = await tempDir('record-bad-');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'broken.json'), '{ not json');
    await writeFile(path.join(dir, 'other-name.json'), JSON.stringify({ ...file, name: 'x' }));
    await writeFile(
      path.join(dir, 'plain.json'),
      JSON.stringify({ ...file, name: 'plain', replay: undefined }),
    );
    await writeFile(path.join(dir, 'good-one.json'), JSON.stringify({ ...file, name: 'good-one' }));
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args.join(' '));
    });
    try {
      const server = await startServer({ fixtureRecordingsDir: dir });
      try {
        const list = await json<RecordingList>(await admin(server, 'GET', 'recordings'));
        expect(list.recordings.map((r) => r.name)).toEqual(['good-one']);
      } finally {
        await server.close();
      }
    } finally {
      spy.mockRestore();
    }
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toMatch(/broken\.json: .*JSON/);
    expect(errors.join('\n')).toMatch(
      /other-name\.json: its name must be a kebab-case name equal to the file's/,
    );
    expect(errors.join('\n')).toMatch(/plain\.json: it has no replay/);
  });
});

describe('starting and stopping', () => {
  it('refuses what it cannot record, with the reason', async () => {
    const world = 'refusals';
    const start = (body: unknown) => admin(relay, 'POST', 'recordings/start', body, world);
    expect((await start({ name: 'repaying' })).status).toBe(409);
    expect((await start({ name: 'Not Kebab' })).status).toBe(400);
    expect((await start({ name: 'x', base: 'nope' })).status).toBe(404);
    expect((await admin(relay, 'POST', 'recordings/stop', undefined, world)).status).toBe(404);
    expect((await start({ name: 'once' })).status).toBe(201);
    const twice = await start({ name: 'twice' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { message: string }).message).toMatch(
      /already recording "once"/,
    );
    expect((await admin(relay, 'POST', 'recordings/start', { name: 'once' }, 'other')).status).toBe(
      409,
    );
    expect((await admin(relay, 'POST', 'recordings/stop', undefined, world)).status).toBe(200);
  });

  it('records what a fault answered as the fault’s, and nothing of an answer it corrupted', async () => {
    const world = 'faulty';
    await admin(relay, 'DELETE', 'upstream', undefined, world);
    await admin(relay, 'POST', 'recordings/start', { name: 'faulty-session' }, world);
    const test = worldClient(relay, world);
    const arm = (fault: object) =>
      admin(relay, 'POST', 'faults', { path: 'config/getEventDates', times: 1, ...fault }, world);
    await arm({ kind: 'delay', delayMs: 10 });
    await test.client.call('getEventDates', {});
    await arm({ kind: 'code', code: ServerCode.QUIET_NOTICE });
    await test.client.call('getEventDates', {});
    await arm({ kind: 'corrupt' });
    await test.client.call('getEventDates', {}).catch(() => undefined);
    await test.client.call('getEventDates', {});
    await admin(relay, 'POST', 'recordings/stop', undefined, world);
    const recorded = json<RecordedScenarioFile>(
      await admin(relay, 'GET', 'recordings/faulty-session'),
    );
    const { replay } = await recorded;
    expect(replay.exchanges.map((e) => e.source)).toEqual(['mock', 'fault', 'mock']);
    expect(replay.answers['config/getEventDates']?.map((a) => a.code)).toEqual([
      200,
      ServerCode.QUIET_NOTICE,
      200,
    ]);
  });

  it('refuses to start recording under a fixture scenario’s name, leaving no server behind', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    await expect(startServer({ port, record: 'repaying' })).rejects.toThrow(/fixture scenario/);
    // The port is free again: the refused server stopped listening.
    const next = await startServer({ port });
    await next.close();
  });

  it('records in at most 20 worlds at once', async () => {
    const worlds = Array.from({ length: 21 }, (_, i) => `busy-${i}`);
    const answers = [];
    for (const [i, world] of worlds.entries()) {
      answers.push(await admin(relay, 'POST', 'recordings/start', { name: `busy-${i}` }, world));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(20).fill(201), 409]);
    expect(((await answers[20]!.json()) as { message: string }).message).toMatch(
      /20 worlds are recording/,
    );
    for (const world of worlds.slice(0, 20)) {
      expect((await admin(relay, 'POST', 'recordings/stop', undefined, world)).status).toBe(200);
    }
  });

  it('records a world answered by its own scenario too, and saves what is in progress at a stop', async () => {
    const dataDir = await tempDir('record-stop-');
    const server = await startServer({ dataDir, scenario: 'overdue', record: 'overdue-session' });
    const test = worldClient(server, 'default');
    await login(test);
    await test.client.call('loanInfo', {});
    await server.close();
    expect(await readdir(path.join(dataDir, 'recordings'))).toEqual(['overdue-session.json']);
    const saved = JSON.parse(
      await readFile(path.join(dataDir, 'recordings', 'overdue-session.json'), 'utf8'),
    ) as RecordedScenarioFile;
    expect(saved.replay.source).toBe('mock scenario overdue');
    expect(saved.replay.exchanges.map((e) => [e.key, e.source])).toEqual([
      ['user/login', 'mock'],
      ['loan/loanInfo', 'mock'],
    ]);
  });
});
