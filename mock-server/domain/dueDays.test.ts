/**
 * Day counts and Home's due block on the market calendar (DESIGN.md §6 "Market calendar";
 * PRODUCT.md §4 period types and overdue display): the rule as tables, run with the server's
 * process in three zones (the phone's or the server's zone must never move a count), and the
 * loan info that follows the earliest unpaid installment, as the Bill tab lists it first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanInfo, PlanItem } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';
import { dueStateAt } from './timeline';

/** Unix seconds of a wall time in Manila (UTC+8). */
const ph = (isoLocal: string) => Date.parse(`${isoLocal}+08:00`) / 1000;

const ZONES = ['Asia/Manila', 'America/Los_Angeles', 'Pacific/Kiritimati'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(ZONES)('with the process in %s', (zone) => {
  beforeEach(() => {
    vi.stubEnv('TZ', zone);
  });

  it.each([
    // The reading at 01:30 on Dec 11 (PH): dates, not 24-hour spans.
    ['2026-11-30T14:00', '2026-12-11T01:30', 3, 11],
    ['2026-11-23T14:00', '2026-12-11T01:30', 3, 18],
    ['2026-12-18T14:00', '2026-12-11T01:30', 1, 7],
    // Midnight turns the day, whatever the hour the installment falls due.
    ['2026-12-10T23:59', '2026-12-11T00:00', 3, 1],
    ['2026-12-10T00:00', '2026-12-10T23:59', 2, 0],
    ['2026-12-11T23:59', '2026-12-11T00:00', 2, 0],
    ['2026-12-14T00:00', '2026-12-11T23:59', 2, 3],
    ['2026-12-15T00:00', '2026-12-11T23:59', 1, 4],
    ['2026-12-15T23:59', '2026-12-12T00:00', 2, 3],
    // 16:00 UTC is midnight in the market: New Year comes 8 hours before London's.
    ['2026-12-31T12:00', '2027-01-01T00:30', 3, 1],
    ['2027-01-01T00:00', '2026-12-31T23:30', 2, 1],
  ] as const)('due %s, now %s: type %i, %i day(s)', (due, now, type, days) => {
    expect(dueStateAt(ph(due), ph(now))).toEqual({ type, days });
  });
});

/** The `repaying` world made at 14:00 on Nov 28 (PH), read at `at` (PH wall time). */
async function repayingAt(at: string) {
  let now = ph('2026-11-28T14:00') * 1000;
  const domain = createMockDomain({ scenario: 'repaying', now: () => now });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  now = ph(at) * 1000;
  const plan = (await client.call('repayPlan', { type: '', pageNum: 1, pageSize: 20 }, token))
    .data as { list: PlanItem[] };
  const info = (await client.call('loanInfo', {}, token)).data as LoanInfo;
  return { client, token, plan: plan.list, info, advance: (ms: number) => (now += ms) };
}

describe("Home's due block is the earliest unpaid installment's", () => {
  it.each([
    // At the start: the Nov 23 row is 5 days overdue (loan info used to say "due in 2 days").
    ['2026-11-28T14:00', 'Nov 23', 2, 5, [5, 2, 20, 50]],
    // The clock: Nov 23 is 18 days overdue, Nov 30 eleven, Dec 18 seven days left.
    ['2026-12-11T01:30', 'Nov 23', 2, 18, [18, 11, 7, 37]],
    ['2026-11-27T23:59', 'Nov 23', 2, 4, [4, 3, 21, 51]],
  ] as const)('at %s PH: %s, type %i, %i day(s); rows %j', async (at, _, type, dueDay, rows) => {
    const { plan, info } = await repayingAt(at);
    expect(plan.map((row) => row.dueDay)).toEqual(rows);
    expect(info).toMatchObject({ dueTime: plan[0]!.dueTime, dueDay, type });
    expect(info.dueTime).toBe(ph('2026-11-23T14:00'));
    // The amount due is the whole open plan, as the fixtures say (fixtures/README.md).
    expect(info.dueAmount).toBe(12033.34);
  });

  it('paying the earliest rows moves the block to the next one; nothing left clears it', async () => {
    const { client, token, plan } = await repayingAt('2026-12-01T10:00');
    const pay = async (rows: PlanItem[]) => {
      const sum = Math.round(rows.reduce((t, r) => t + r.repayAmount * 100, 0)) / 100;
      const order = await client.call(
        'generatorRepayOrder',
        { channel: 'SEVEN_ELEVEN', repayAmount: sum, periodIds: rows.map((r) => r.periodId) },
        token,
      );
      expect(order.code, order.message).toBe(OK);
      const { orderNo } = order.data as { orderNo: string };
      expect((await client.call('repayResult', { orderNo }, token)).code).toBe(OK);
      return (await client.call('loanInfo', {}, token)).data as LoanInfo;
    };
    // Nov 23 and Nov 30 both overdue on Dec 1: paying Nov 23 leaves Nov 30, one day overdue.
    expect(await pay([plan[0]!])).toMatchObject({ dueTime: plan[1]!.dueTime, type: 2, dueDay: 1 });
    // Then Dec 18 (17 days left) is the earliest: no longer overdue.
    expect(await pay([plan[1]!])).toMatchObject({ dueTime: plan[2]!.dueTime, type: 1, dueDay: 17 });
    expect(await pay([plan[2]!, plan[3]!])).toMatchObject({
      state: 0,
      dueAmount: 0,
      dueDay: 0,
      dueTime: 0,
    });
  });

  it('an overdue account whose overdue rows are not due yet (clock moved back) is repaying', async () => {
    let now = ph('2026-11-28T14:00') * 1000;
    const domain = createMockDomain({ scenario: 'overdue', now: () => now });
    const client = domainClient(domain);
    const token = await client.login('63', '9171234567');
    const info = async () => (await client.call('loanInfo', {}, token)).data as LoanInfo;
    expect(await info()).toMatchObject({ state: 3, type: 2, dueDay: 4 });
    now -= 6 * 86_400_000;
    expect(await info()).toMatchObject({ state: 4, type: 1, dueDay: 2 });
  });
});
