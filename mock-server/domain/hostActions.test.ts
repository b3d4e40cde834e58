/**
 * A wallet pays an order with the token the host holds (DESIGN.md §6 "Ownership and money"): the
 * token is checked as every product call checks it, and an order pays only for its own borrower.
 */
import { describe, expect, it } from 'vitest';
import type { RepayOrder } from '@shared/api/endpoints';
import type { PlanItem } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');

/** A repaying borrower with a pending G-Cash order for the bills due. */
async function pendingOrder() {
  const domain = createMockDomain({ scenario: 'repaying', now: () => NOW });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  const plan = await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token);
  const due = (plan.data as { list: PlanItem[] }).list.filter((p) => p.type > 1);
  const repayAmount = Math.round(due.reduce((s, p) => s + p.repayAmount, 0) * 100) / 100;
  const answer = await client.call(
    'generatorRepayOrder',
    { channel: 'GCASH', repayAmount, periodIds: due.map((p) => p.periodId) },
    token,
  );
  expect(answer.code, answer.message).toBe(ServerCode.OK);
  const order = answer.data as RepayOrder;
  const pay = (withToken: string) =>
    domain.hostAction('gcashPayment', withToken, { orderNo: order.orderNo, amount: order.amount });
  const status = async () => (await client.call('repayResult', { orderNo: order.orderNo })).code;
  return { client, token, order, pay, status };
}

describe('a wallet pays only with a valid token of the order’s borrower', () => {
  it.each([
    ['no token', '', ServerCode.TOKEN_MISSING],
    ['a token the server never issued', 'tk_forged', ServerCode.TOKEN_INVALID],
  ])('%s: refused with the session code, the order stays payable', async (_, token, code) => {
    const { pay, status } = await pendingOrder();
    expect((await pay(token)).code).toBe(code);
    // The partner's result query still finds it pending: it pays now, once.
    expect(await status()).toBe(ServerCode.OK);
  });

  it('a token that logged out: refused as logged out', async () => {
    const { client, token, pay } = await pendingOrder();
    expect((await client.call('logout', {}, token)).code).toBe(ServerCode.OK);
    expect((await pay(token)).code).toBe(ServerCode.TOKEN_EXPIRED);
  });

  it('another borrower’s token: the order is unknown to them, and stays the owner’s to pay', async () => {
    const { client, token, order, pay } = await pendingOrder();
    const other = await client.login('63', '9170000002');
    expect(await pay(other)).toMatchObject({
      code: ServerCode.NOT_FOUND,
      message: `No repay order ${order.orderNo}`,
    });
    expect((await pay(token)).code).toBe(ServerCode.OK);
  });
});
