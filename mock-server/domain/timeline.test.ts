import { describe, expect, it } from 'vitest';
import type { LoanInfo, PlanItem } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { loadScenarios } from './loader';
import { createState, DAY_SECONDS } from './state';
import { domainClient } from '@tests/support/mock-server/domainClient';
import { followClock } from './timeline';

const NOW = Date.parse('2026-11-20T04:00:00Z');

describe('the domain follows its clock (DESIGN.md §6)', () => {
  it('gives every scenario exactly its fixture values at its own start', () => {
    const scenarios = loadScenarios();
    const template = scenarios.get('new-user')!;
    const nowSec = NOW / 1000;
    for (const scenario of scenarios.values()) {
      const state = createState(scenario, nowSec, template);
      const fixture = structuredClone([...state.accounts]);
      followClock(state, nowSec + 60);
      expect([...state.accounts], scenario.name).toEqual(fixture);
    }
  });

  it('repaying, 10 days later: the due row is overdue 8 days and Home follows the earliest row', async () => {
    let now = NOW;
    const domain = createMockDomain({ scenario: 'repaying', now: () => now });
    const client = domainClient(domain);
    const token = await client.login('63', '9171234567');
    const plan = async () =>
      (
        (await client.call('repayPlan', { type: '', pageNum: 1, pageSize: 20 }, token)).data as {
          list: PlanItem[];
        }
      ).list;
    const due = (await plan()).find((row) => row.type === 2)!;
    expect(due.dueDay).toBe(2);
    now += 10 * DAY_SECONDS * 1000;
    const later = await plan();
    expect(later.find((row) => row.periodId === due.periodId)).toMatchObject({
      type: 3,
      dueDay: 8,
      dueTime: due.dueTime,
    });
    const info = (await client.call('loanInfo', {}, token)).data as LoanInfo;
    // The earliest unpaid row (5 days overdue at the start) is 15 days overdue now.
    expect(info).toMatchObject({ type: 2, dueDay: 15, dueTime: later[0]!.dueTime });
    const loans = (await client.call('loanList', { type: '', pageNum: 1, pageSize: 20 }, token))
      .data as { list: { orderNo: string; type: number; dueDay: number }[] };
    expect(loans.list.find((l) => l.orderNo === due.orderNo)).toMatchObject({ type: 3, dueDay: 8 });
  });

  it('an unpaid repay order past its expiry has expired and is refused', async () => {
    let now = NOW;
    const domain = createMockDomain({ scenario: 'repaying', now: () => now });
    const client = domainClient(domain);
    const token = await client.login('63', '9171234567');
    const row = (
      (await client.call('repayPlan', { type: '', pageNum: 1, pageSize: 20 }, token)).data as {
        list: PlanItem[];
      }
    ).list[0]!;
    const order = await client.call(
      'generatorRepayOrder',
      { channel: 'SEVEN_ELEVEN', repayAmount: row.repayAmount, periodIds: [row.periodId] },
      token,
    );
    expect(order.code, order.message).toBe(200);
    now += 2 * DAY_SECONDS * 1000;
    const { orderNo } = order.data as { orderNo: string };
    const result = await client.call('repayResult', { orderNo }, token);
    expect(result.code).toBe(ServerCode.ORDER_EXPIRED);
  });
});
