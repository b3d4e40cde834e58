/**
 * A world's clock and world snapshots over HTTP (src/shared/workbench.ts): moving the clock
 * changes the answers of that world only; a snapshot restored into a new world continues as the
 * original would; malformed snapshots are refused with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanInfo, PlanItem } from '@shared/api/entities';
import { ProtocolError } from '@shared/codes';
import type { ClockState, WorldSnapshot } from '@shared/workbench';
import type { MockServer } from './app';
import { OUT_OF_WINDOW_TEXT } from './domain/handlers/activity';
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
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const clock = (world: string, method = 'GET', body?: unknown) =>
  json<ClockState>(admin(server, method, 'clock', body, world));

describe('the clock of a world', () => {
  it('reads real time, jumps, advances, freezes, runs, and goes back to real time', async () => {
    const world = 'clock-basics';
    const real = await clock(world);
    expect(real.running).toBe(true);
    expect(Math.abs(real.offsetMs)).toBeLessThan(1000);
    const ahead = await clock(world, 'PUT', { advanceMs: 10 * DAY_MS });
    expect(ahead.offsetMs).toBeGreaterThan(10 * DAY_MS - 1000);
    const frozen = await clock(world, 'PUT', { at: '2026-12-24T10:00:00+08:00', running: false });
    expect(frozen).toMatchObject({ now: Date.parse('2026-12-24T02:00:00Z'), running: false });
    await new Promise((r) => setTimeout(r, 20));
    expect((await clock(world)).now).toBe(frozen.now);
    expect(await clock(world, 'PUT', { advanceMs: 60_000 })).toMatchObject({
      now: frozen.now + 60_000,
      running: false,
    });
    expect((await clock(world, 'PUT', { running: true })).running).toBe(true);
    expect(Math.abs((await clock(world, 'DELETE')).offsetMs)).toBeLessThan(1000);
    for (const body of [{ at: 'someday' }, { advanceMs: 'x' }, { speed: 2 }]) {
      expect((await admin(server, 'PUT', 'clock', body, world)).status).toBe(400);
    }
  });

  it('10 days later a due row of repaying is overdue, in that world only', async () => {
    const [moved, still] = ['clock-moved', 'clock-still'];
    const phones = [worldClient(server, moved), worldClient(server, still)] as const;
    for (const [i, world] of [moved, still].entries()) {
      await admin(server, 'PUT', 'scenario', { name: 'repaying' }, world);
      await login(phones[i]!);
    }
    const plan = async (i: 0 | 1) => {
      const answer = await phones[i].client.call('repayPlan', {
        type: '',
        pageNum: 1,
        pageSize: 20,
      });
      return (answer.data as { list: PlanItem[] }).list;
    };
    const due = (await plan(0)).find((row) => row.type === 2)!;
    await clock(moved, 'PUT', { advanceMs: 10 * DAY_MS });
    expect((await plan(0)).find((r) => r.periodId === due.periodId)).toMatchObject({
      type: 3,
      dueDay: 8,
    });
    // Home's due block is the earliest unpaid row's: 5 days overdue at the start, 15 now.
    const info = (await phones[0].client.call('loanInfo', {})).data as LoanInfo;
    expect(info).toMatchObject({ type: 2, dueDay: 15 });
    expect((await plan(1)).find((r) => r.periodId === due.periodId)).toMatchObject({ type: 2 });
    // The phone on real time was refused once (4081, with the world's time) and adapted.
    const codes = (await adminLog(server, 500, moved)).map((e) => e.response.code);
    expect(codes.filter((c) => c === ProtocolError.STALE_REQUEST)).toHaveLength(1);
  });

  it('moves an event window: the christmas lucky draw runs only inside its dates', async () => {
    const world = 'clock-xmas';
    const phone = worldClient(server, world);
    await clock(world, 'PUT', { at: '2026-06-01T12:00:00+08:00', running: false });
    await login(phone);
    const before = await phone.client.call('luckyDrawDraw', {});
    expect(before.message).toBe(OUT_OF_WINDOW_TEXT);
    await clock(world, 'PUT', { at: '2026-12-10T12:00:00+08:00' });
    expect((await phone.client.call('luckyDrawDraw', {})).code).toBe(200);
  });
});

describe('world snapshots', () => {
  it('restored into a new world, the state, faults, clock and log continue', async () => {
    const [from, to] = ['snap-from', 'snap-to'];
    await admin(server, 'PUT', 'scenario', { name: 'repaying' }, from);
    await clock(from, 'PUT', { at: '2026-11-20T12:00:00+08:00', running: false });
    const phone = worldClient(server, from);
    const token = await login(phone);
    const order = async (p: typeof phone, channel = 'SEVEN_ELEVEN') => {
      const row = (
        (await p.client.call('repayPlan', { type: '', pageNum: 1, pageSize: 20 })).data as {
          list: PlanItem[];
        }
      ).list[0]!;
      const answer = await p.client.call('generatorRepayOrder', {
        channel,
        repayAmount: row.repayAmount,
        periodIds: [row.periodId],
      });
      return (answer.data as { orderNo: string }).orderNo;
    };
    const first = await order(phone);
    await admin(
      server,
      'POST',
      'faults',
      { path: 'message/list', kind: 'code', code: 503, times: 2 },
      from,
    );
    const snapshot = await json<WorldSnapshot>(admin(server, 'GET', `worlds/${from}/snapshot`));
    expect(snapshot).toMatchObject({ version: 1, world: from, scenario: 'repaying' });
    expect(snapshot.faults).toHaveLength(1);
    expect(snapshot.clock.running).toBe(false);

    const restored = await admin(server, 'PUT', `worlds/${to}/snapshot`, snapshot);
    expect(await restored.json()).toEqual({ world: to, scenario: 'repaying' });
    const again = worldClient(server, to);
    again.token.value = token;
    expect((await again.client.call('userInfo', {})).code).toBe(200);
    // The pending order came along; a new one (another channel) continues the numbering.
    expect(await order(again)).toBe(first);
    const next = await order(phone, 'SHOPEE');
    expect(next).not.toBe(first);
    expect(await order(again, 'SHOPEE')).toBe(next);
    expect(await clock(to)).toMatchObject({ now: snapshot.clock.now, running: false });
    const faults = await json<{ faults: unknown[] }>(admin(server, 'GET', 'faults', undefined, to));
    expect(faults.faults).toEqual(snapshot.faults);
    const log = await adminLog(server, 500, to);
    expect(log.slice(0, snapshot.log.length).map((e) => e.id)).toEqual(
      snapshot.log.map((e) => e.id),
    );
    expect(log.some((e) => e.kind === 'restored')).toBe(true);
    // The snapshot is plain JSON: taking one of the restored world gives the same state back.
    const copy = await json<WorldSnapshot>(admin(server, 'GET', `worlds/${to}/snapshot`));
    expect(copy.scenario).toBe('repaying');
  });

  it('refuses malformed snapshots with a reason, and creates no world for them', async () => {
    const good = await json<WorldSnapshot>(admin(server, 'GET', 'worlds/default/snapshot'));
    const bad: [unknown, RegExp][] = [
      [{}, /Not a world snapshot/],
      [{ ...good, version: 2 }, /version/],
      [{ ...good, scenario: 'atlantis' }, /Unknown scenario/],
      [{ ...good, state: { version: 1, accounts: 'many' } }, /Malformed state/],
      [{ ...good, clock: { now: 'noon' } }, /clock/],
      [[1, 2, 3], /Not a world snapshot/],
    ];
    for (const [body, reason] of bad) {
      const res = await admin(server, 'PUT', 'worlds/snap-bad/snapshot', body);
      expect(res.status).toBe(400);
      const refusal = (await res.json()) as { code: number; message: string };
      expect(refusal.code).toBe(400);
      expect(refusal.message).toMatch(reason);
    }
    const raw = await fetch(`${server.url}/__admin/worlds/snap-bad/snapshot`, {
      method: 'PUT',
      headers: { 'x-admin-token': server.adminToken, 'Content-Type': 'application/json' },
      body: '{"version": 1,',
    });
    expect(raw.status).toBe(400);
    expect(server.worlds.peek('snap-bad')).toBeUndefined();
    expect((await admin(server, 'GET', 'worlds/nowhere/snapshot')).status).toBe(404);
    expect((await admin(server, 'GET', 'worlds/bad%20id/snapshot')).status).toBe(400);
  });
});
