/**
 * Worlds kept in the data dir (DESIGN.md §5: a restart loses only Signal sessions): after a
 * graceful restart or a crash a phone shakes hands once and finds its token, loan, order and
 * clock; unreadable files are set aside, expired ones removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanItem } from '@shared/api/entities';
import { ProtocolError } from '@shared/codes';
import { type ClockState, MAX_INSTANT_MS } from '@shared/workbench';
import type { MockServer } from './app';
import {
  admin,
  adminLog,
  clientFor,
  login,
  startServer,
  type TestClient,
  worldClient,
} from '@tests/support/mock-server/testHarness';
import { worldFileOf, worldsDirOf } from './persistence/worldFiles';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mock-kept-worlds-'));
  dirs.push(dir);
  return dir;
}

const json = async <T>(response: Promise<Response>): Promise<T> =>
  (await (await response).json()) as T;

const APPLICATION = {
  borrowAmount: 10000,
  periods: 3,
  payeeId: 'PAYEE1',
  payeeLabel: 'GCash 0917****567',
  purpos: 'Tuition',
  type: 'ez',
} as const;

/** Applies for a loan; the loan's order number. */
async function applyForLoan(phone: TestClient): Promise<string> {
  const applied = await phone.client.call('applyNoPayPassword', { ...APPLICATION });
  expect(applied.code, applied.message).toBe(200);
  return (applied.data as { orderNo: string }).orderNo;
}

/** Asks for a repay order for the first plan row; its order number and message. */
async function repayOrder(phone: TestClient): Promise<{ orderNo: string; message: string }> {
  const plan = await phone.client.call('repayPlan', { type: '', pageNum: 1, pageSize: 20 });
  const row = (plan.data as { list: PlanItem[] }).list[0];
  if (!row) throw new Error('the scenario has plan rows');
  const answer = await phone.client.call('generatorRepayOrder', {
    channel: 'SEVEN_ELEVEN',
    repayAmount: row.repayAmount,
    periodIds: [row.periodId],
  });
  expect(answer.code, answer.message).toBe(200);
  return { orderNo: (answer.data as { orderNo: string }).orderNo, message: answer.message };
}

/** The calls a server logged, as `path:status`, and the codes of its protocol refusals. */
async function traffic(server: MockServer, world?: string) {
  const log = await adminLog(server, 50, world);
  return { calls: log.map((e) => `${e.path}:${e.status}`), codes: log.map((e) => e.response.code) };
}

describe('worlds kept in the data dir', () => {
  it('after a graceful restart a phone re-handshakes once and finds token, loan, order and clock', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    const port = first.port;
    // The default world: a borrower applies for a loan on a frozen clock.
    await admin(first, 'PUT', 'scenario', { name: 'can-borrow' });
    const frozen = await json<ClockState>(
      admin(first, 'PUT', 'clock', { at: '2026-11-20T12:00:00+08:00', running: false }),
    );
    const borrower = clientFor(first);
    const token = await login(borrower);
    const loanNo = await applyForLoan(borrower);
    // A tester's world: a repay order waits for payment.
    const tester = worldClient(first, 'qa-ana');
    await admin(first, 'PUT', 'scenario', { name: 'repaying' }, 'qa-ana');
    await login(tester);
    const order = await repayOrder(tester);
    await first.close();

    const file = worldFileOf(worldsDirOf(dir), 'default');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await startServer({ dataDir: dir, port });
    try {
      expect(second.keptWorlds?.report).toMatchObject({ setAside: [], removed: [] });
      expect(second.keptWorlds?.report.restored.sort()).toEqual(['default', 'qa-ana']);
      const info = await borrower.client.call('userInfo', {});
      expect(info).toMatchObject({ code: 200, data: { tokenValue: token } });
      expect(await traffic(second)).toEqual({
        calls: ['user/userInfo:401', 'config/getServicePublicKey:200', 'user/userInfo:200'],
        codes: [ProtocolError.SESSION_NOT_FOUND, 200, 200],
      });
      const detail = await borrower.client.call('loanDetail', {});
      expect(detail).toMatchObject({ code: 200, data: { orderNo: loanNo, state: 2 } });
      expect(await json<ClockState>(admin(second, 'GET', 'clock'))).toMatchObject({
        now: frozen.now,
        running: false,
      });
      // The same request finds the same pending order (DESIGN.md §6 "One pending order").
      expect(await repayOrder(tester)).toEqual({
        orderNo: order.orderNo,
        message: 'An order for these bills is already waiting for payment',
      });
      expect((await traffic(second, 'qa-ana')).codes).not.toContain(9000001);
    } finally {
      await second.close();
    }
  });

  it('after a crash (SIGKILL) what was written is there: the token works after one handshake', async () => {
    const dir = await dataDir();
    const port = await freePort();
    const first = await runCli([
      '--port',
      String(port),
      '--data-dir',
      dir,
      '--scenario',
      'can-borrow',
    ]);
    const server = { url: `http://127.0.0.1:${port}` } as MockServer;
    const borrower = clientFor(server);
    const token = await login(borrower);
    const loanNo = await applyForLoan(borrower);
    // No graceful close: only what the server wrote in the background survives.
    const file = worldFileOf(worldsDirOf(dir), 'default');
    // A wait on the write, bounded by the test's budget rather than a guess at the disk's speed.
    await vi.waitFor(async () => expect(await readFile(file, 'utf8')).toContain(loanNo), {
      timeout: 60_000,
      interval: 50,
    });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await runCli([
      '--port',
      String(port),
      '--data-dir',
      dir,
      '--scenario',
      'can-borrow',
    ]);
    const info = await borrower.client.call('userInfo', {});
    expect(info).toMatchObject({ code: 200, data: { tokenValue: token } });
    const restarted = { url: server.url, adminToken: second.adminToken } as MockServer;
    expect((await traffic(restarted)).calls).toEqual([
      'user/userInfo:401',
      'config/getServicePublicKey:200',
      'user/userInfo:200',
    ]);
    const detail = await borrower.client.call('loanDetail', {});
    expect(detail).toMatchObject({ code: 200, data: { orderNo: loanNo } });
  }, 90_000);

  it('sets an unreadable world file aside with a log line; the other worlds load', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    for (const [world, name] of [
      ['w-good', 'overdue'],
      ['w-garbage', 'taiwan'],
      ['w-unknown', 'taiwan'],
    ] as const) {
      await admin(first, 'PUT', 'scenario', { name }, world);
    }
    await first.close();
    const worlds = worldsDirOf(dir);
    await writeFile(worldFileOf(worlds, 'w-garbage'), '{"format":"direct-loan-mock-wor');
    // Valid JSON and a valid snapshot shape, but a state the domain cannot take over.
    const unknown = JSON.parse(await readFile(worldFileOf(worlds, 'w-unknown'), 'utf8'));
    unknown.snapshot.scenario = 'no-such-scenario';
    await writeFile(worldFileOf(worlds, 'w-unknown'), JSON.stringify(unknown));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const second = await startServer({ dataDir: dir });
    try {
      expect(second.keptWorlds?.report.setAside.sort()).toEqual(['w-garbage', 'w-unknown']);
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /World "w-garbage" could not be restored .*not JSON.*set aside as w-w-garbage\.unreadable/,
          ),
          expect.stringMatching(
            /World "w-unknown" could not be restored .*Unknown scenario "no-such-scenario"/,
          ),
        ]),
      );
      await expect(stat(path.join(worlds, 'w-w-garbage.unreadable'))).resolves.toBeTruthy();
      const list = await json<{ worlds: { id: string; scenario: string }[] }>(
        admin(second, 'GET', 'worlds'),
      );
      expect(list.worlds.map((w) => `${w.id}:${w.scenario}`).sort()).toEqual([
        'default:new-user',
        'w-good:overdue',
      ]);
    } finally {
      await second.close();
    }
  });

  it('a clock set running at the 2100 limit stops there, and its world survives a restart', async () => {
    const dir = await dataDir();
    let real = Date.now();
    const first = await startServer({ dataDir: dir, now: () => real });
    const world = 'w-year-2100';
    await admin(first, 'PUT', 'scenario', { name: 'can-borrow' }, world);
    const set = await admin(first, 'PUT', 'clock', { at: MAX_INSTANT_MS, running: true }, world);
    expect(set.status).toBe(200);
    const phone = worldClient(first, world);
    const token = await login(phone);
    // A minute later it shows the limit still: what it shows, the data dir can bring back.
    real += 60_000;
    expect(await json<ClockState>(admin(first, 'GET', 'clock', undefined, world))).toMatchObject({
      now: MAX_INSTANT_MS,
      running: true,
    });
    await phone.client.call('userInfo', {});
    await first.close();

    const second = await startServer({ dataDir: dir, now: () => real, port: first.port });
    try {
      expect(second.keptWorlds?.report.setAside).toEqual([]);
      expect(second.keptWorlds?.report.restored).toContain(world);
      const info = await phone.client.call('userInfo', {});
      expect(info).toMatchObject({ code: 200, data: { tokenValue: token } });
      expect(await json<ClockState>(admin(second, 'GET', 'clock', undefined, world))).toMatchObject(
        { now: MAX_INSTANT_MS, running: true },
      );
    } finally {
      await second.close();
    }
  });

  it('restores a world file whose running clock had passed the limit (older servers wrote them)', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    const world = 'w-past-limit';
    await admin(first, 'PUT', 'scenario', { name: 'overdue' }, world);
    const token = await json<{ tokenValue: string }>(
      admin(first, 'POST', 'session-token', {}, world),
    );
    await first.close();
    const file = worldFileOf(worldsDirOf(dir), world);
    const kept = JSON.parse(await readFile(file, 'utf8'));
    kept.snapshot.clock = {
      now: MAX_INSTANT_MS + 1_500,
      offsetMs: MAX_INSTANT_MS - Date.now(),
      running: true,
    };
    await writeFile(file, JSON.stringify(kept));

    const second = await startServer({ dataDir: dir });
    try {
      expect(second.keptWorlds?.report.setAside).toEqual([]);
      const run = await admin(
        second,
        'POST',
        'call',
        { path: 'user/userInfo', data: {}, token: token.tokenValue },
        world,
      );
      expect(await run.json()).toMatchObject({ code: 200 });
      expect(await json<ClockState>(admin(second, 'GET', 'clock', undefined, world))).toMatchObject(
        { now: MAX_INSTANT_MS },
      );
    } finally {
      await second.close();
    }
  });

  it('removes the files of expired, deleted and surplus worlds', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    for (const world of ['w-old', 'w-deleted', 'w-1', 'w-2', 'w-3']) {
      await admin(first, 'PUT', 'scenario', { name: 'overdue' }, world);
    }
    await first.keptWorlds?.settled();
    await vi.waitFor(() => stat(worldFileOf(worldsDirOf(dir), 'w-deleted')), { interval: 50 });
    await admin(first, 'DELETE', 'worlds/w-deleted');
    await first.close();
    const worlds = worldsDirOf(dir);
    await expect(stat(worldFileOf(worlds, 'w-deleted'))).rejects.toThrow(/ENOENT/);
    // w-old was last used two hours ago (the server was down meanwhile); w-3 most recently.
    const lastUsed = { 'w-old': 2 * 3_600_000, 'w-1': 3000, 'w-2': 2000, 'w-3': 1000 };
    for (const [world, ago] of Object.entries(lastUsed)) {
      const kept = JSON.parse(await readFile(worldFileOf(worlds, world), 'utf8'));
      kept.lastUsed = Date.now() - ago;
      await writeFile(worldFileOf(worlds, world), JSON.stringify(kept));
    }

    // A cap of 3: the default world and the two most recently used of w-1…w-3.
    const second = await startServer({ dataDir: dir, worldCap: 3 });
    try {
      const report = second.keptWorlds?.report;
      expect(report?.restored.sort()).toEqual(['default', 'w-2', 'w-3']);
      expect(report?.removed.sort()).toEqual(['w-1', 'w-old']);
      await expect(stat(worldFileOf(worlds, 'w-old'))).rejects.toThrow(/ENOENT/);
      await expect(stat(worldFileOf(worlds, 'w-1'))).rejects.toThrow(/ENOENT/);
    } finally {
      await second.close();
    }
  });

  it('an explicit starting scenario other than the kept default world starts it afresh', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    await admin(first, 'PUT', 'scenario', { name: 'overdue' });
    await admin(first, 'PUT', 'scenario', { name: 'overdue' }, 'w-kept');
    await first.close();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = await startServer({ dataDir: dir, scenario: 'taiwan' });
    try {
      expect(second.domain.currentScenario()).toBe('taiwan');
      expect(second.worlds.peek('w-kept')?.domain.currentScenario()).toBe('overdue');
    } finally {
      await second.close();
    }
  });
});

/** A port nobody listens on now (the crash test restarts on the same one). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `npm run mock` with `args`; resolves once it has printed its worlds line. */
async function runCli(args: string[]): Promise<{ child: ChildProcess; adminToken: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/worlds: .*\n/.test(output)) resolve();
    };
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      check();
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`mock exited ${code}: ${output}`)));
  });
  return { child, adminToken: /admin token: (\S+)/.exec(output)?.[1] ?? '' };
}
