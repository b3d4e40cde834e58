/**
 * One pending order per installment set (DESIGN.md §6): asking again returns the pending order,
 * another channel voids it, and only a pending order can be paid — by the result query (the
 * mock's partner pays at once), a wallet (host action) or a FastPay signature.
 */
import { describe, expect, it } from 'vitest';
import type { RepayOrder } from '@shared/api/endpoints';
import type { PlanItem } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { DAY_SECONDS } from './state';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');

async function repaying() {
  let now = NOW;
  const domain = createMockDomain({ scenario: 'repaying', now: () => now });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  const plan = (
    (await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token)).data as {
      list: PlanItem[];
    }
  ).list;
  const sumOf = (rows: PlanItem[]) =>
    Math.round(rows.reduce((s, p) => s + p.repayAmount, 0) * 100) / 100;
  const order = async (channel: string, rows: PlanItem[], account?: string) => {
    const answer = await client.call(
      'generatorRepayOrder',
      {
        channel,
        repayAmount: sumOf(rows),
        periodIds: rows.map((p) => p.periodId),
        ...(account ? { account } : {}),
      },
      token,
    );
    expect(answer.code, answer.message).toBe(200);
    return answer.data as RepayOrder;
  };
  const result = (orderNo: string) => client.call('repayResult', { orderNo });
  const wallet = (method: 'gcashPayment' | 'fastPayPayment', o: RepayOrder) =>
    domain.hostAction(method, token, { orderNo: o.orderNo, amount: o.amount });
  const advance = (seconds: number) => {
    now += seconds * 1000;
  };
  const due = plan.filter((p) => p.type > 1);
  return { client, domain, token, plan, due, order, result, wallet, advance };
}

describe('one pending order per installment set', () => {
  it('the same installments on the same channel get the same order back', async () => {
    const { order, due, advance } = await repaying();
    const first = await order('SEVEN_ELEVEN', due);
    advance(3600);
    const again = await order('SEVEN_ELEVEN', [...due].reverse());
    expect(again).toEqual(first);
  });

  it('another channel voids the earlier order; paying the voided one is refused with why', async () => {
    const { order, due, result, wallet } = await repaying();
    const seven = await order('SEVEN_ELEVEN', due);
    const shopee = await order('SHOPEE', due);
    expect(shopee.orderNo).not.toBe(seven.orderNo);
    const refused = await result(seven.orderNo);
    expect(refused.code).toBe(ServerCode.ORDER_REPLACED);
    expect(refused.message).toBe(
      `This order (${seven.orderNo}) was replaced by a newer one on Shopee (${shopee.orderNo}). Please pay that order instead.`,
    );
    expect((await wallet('gcashPayment', seven)).code).toBe(ServerCode.ORDER_REPLACED);
    // Back on the first channel: a new order again, never the voided one.
    const sevenAgain = await order('SEVEN_ELEVEN', due);
    expect(sevenAgain.orderNo).not.toBe(seven.orderNo);
    expect((await result(shopee.orderNo)).code).toBe(ServerCode.ORDER_REPLACED);
    expect(await result(sevenAgain.orderNo)).toMatchObject({
      code: 200,
      data: { status: 'success' },
    });
  });

  it('another Maya account is another order: the first is voided', async () => {
    const { order, due, result } = await repaying();
    const first = await order('MAYA_WEBPAY', due, '09171234567');
    expect(await order('MAYA_WEBPAY', due, '09171234567')).toEqual(first);
    const other = await order('MAYA_WEBPAY', due, '09180000000');
    expect(other.orderNo).not.toBe(first.orderNo);
    expect((await result(first.orderNo)).code).toBe(ServerCode.ORDER_REPLACED);
  });

  it('an overlapping set voids the earlier order; a disjoint set leaves it payable', async () => {
    const { order, plan, result } = await repaying();
    const [a, b, c] = plan;
    if (!a || !b || !c) throw new Error('repaying has three plan rows');
    const ab = await order('GCASH', [a, b]);
    const onlyC = await order('GCASH', [c]);
    // {a, b} and {c} share nothing: both stay pending.
    const bc = await order('GCASH', [b, c]);
    expect(bc.orderNo).not.toBe(ab.orderNo);
    expect((await result(ab.orderNo)).code).toBe(ServerCode.ORDER_REPLACED);
    expect((await result(onlyC.orderNo)).code).toBe(ServerCode.ORDER_REPLACED);
    const disjoint = await order('GCASH', [a]);
    expect((await result(disjoint.orderNo)).code).toBe(200);
    expect((await result(bc.orderNo)).code).toBe(200);
  });

  it('a paid order is never paid again; its result still reads success', async () => {
    const { order, due, result, wallet, client, token } = await repaying();
    const gcash = await order('GCASH_LINK_TO_PAY', due);
    expect((await wallet('gcashPayment', gcash)).code).toBe(200);
    const twice = await wallet('gcashPayment', gcash);
    expect(twice).toMatchObject({
      code: ServerCode.ORDER_ALREADY_PAID,
      message: `This order (${gcash.orderNo}) is already paid.`,
    });
    expect(await result(gcash.orderNo)).toMatchObject({ code: 200, data: { status: 'success' } });
    const signed = await client.call(
      'signFastPay',
      { orderNo: gcash.orderNo, amount: gcash.amount },
      token,
    );
    // Not a FastPay order: not found before any other reason.
    expect(signed.code).toBe(ServerCode.NOT_FOUND);
  });

  it('an expired order is refused and no longer blocks a new one', async () => {
    const { order, due, result, wallet, advance } = await repaying();
    const seven = await order('SEVEN_ELEVEN', due);
    advance(DAY_SECONDS);
    const refused = await result(seven.orderNo);
    expect(refused.code).toBe(ServerCode.ORDER_EXPIRED);
    expect(refused.message).toMatch(/expired before it was paid/);
    expect((await wallet('gcashPayment', seven)).code).toBe(ServerCode.ORDER_EXPIRED);
    const fresh = await order('SEVEN_ELEVEN', due);
    expect(fresh.orderNo).not.toBe(seven.orderNo);
  });

  it('a wallet pays only the exact amount of the order', async () => {
    const { order, due, domain, token } = await repaying();
    const gcash = await order('GCASH', due);
    const short = await domain.hostAction('gcashPayment', token, {
      orderNo: gcash.orderNo,
      amount: gcash.amount - 1,
    });
    expect(short.code).toBe(ServerCode.BAD_REQUEST);
  });

  it('a refused order survives a snapshot: voided stays voided', async () => {
    const { order, due, domain, result } = await repaying();
    const seven = await order('SEVEN_ELEVEN', due);
    await order('SHOPEE', due);
    domain.importState('repaying', domain.exportState());
    expect((await result(seven.orderNo)).code).toBe(ServerCode.ORDER_REPLACED);
  });
});

describe('FastPay signs only a payable order', () => {
  it('refuses to sign a voided FastPay order', async () => {
    const domain = createMockDomain({ scenario: 'taiwan', now: () => NOW });
    const client = domainClient(domain);
    const token = await client.login('886', '912345678');
    const plan = (
      (await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token)).data as {
        list: PlanItem[];
      }
    ).list;
    const row = plan[0];
    if (!row) throw new Error('taiwan has plan rows');
    const ask = (channel: string) =>
      client.call(
        'generatorRepayOrder',
        { channel, repayAmount: row.repayAmount, periodIds: [row.periodId] },
        token,
      );
    const fastpay = (await ask('FASTPAY')).data as RepayOrder;
    const sign = () =>
      client.call('signFastPay', { orderNo: fastpay.orderNo, amount: fastpay.amount }, token);
    expect((await sign()).code).toBe(200);
    expect((await ask('GCASH')).code).toBe(200);
    expect((await sign()).code).toBe(ServerCode.ORDER_REPLACED);
  });
});

describe('a refusal says what became of the order and which one to pay instead', () => {
  it('a replaced order names the live one, at the end of a chain of replacements', async () => {
    const { order, due, result, wallet } = await repaying();
    const gcash = await order('GCASH', due);
    const shopee = await order('SHOPEE', due);
    expect((await result(gcash.orderNo)).data).toEqual({
      orderNo: gcash.orderNo,
      status: 'replaced',
      liveOrder: { orderNo: shopee.orderNo, channel: 'SHOPEE', channelLabel: 'Shopee' },
    });
    const bdo = await order('BDO', due);
    // The wallet passes the same refusal on; the first order leads to the newest.
    const refused = await wallet('gcashPayment', gcash);
    expect(refused).toMatchObject({
      code: ServerCode.ORDER_REPLACED,
      data: {
        status: 'replaced',
        liveOrder: { orderNo: bdo.orderNo, channel: 'BDO', channelLabel: 'BDO' },
      },
    });
  });

  it.each([
    ['the live order was paid', 'paid'],
    ['the live order expired', 'expired'],
  ] as const)('no live order when %s', async (_, fate) => {
    const { order, due, result, advance } = await repaying();
    const gcash = await order('GCASH', due);
    const shopee = await order('SHOPEE', due);
    if (fate === 'paid') expect((await result(shopee.orderNo)).code).toBe(200);
    else advance(2 * DAY_SECONDS);
    const answer = await result(gcash.orderNo);
    expect(answer).toMatchObject({ code: ServerCode.ORDER_REPLACED });
    expect(answer.data).toEqual({ orderNo: gcash.orderNo, status: 'replaced' });
  });

  it('an expired order and a paid one say so', async () => {
    const { order, due, result, wallet } = await repaying();
    const first = await order('GCASH', due);
    expect((await result(first.orderNo)).code).toBe(200);
    expect((await wallet('gcashPayment', first)).data).toEqual({
      orderNo: first.orderNo,
      status: 'paid',
    });
    const { order: order2, due: due2, result: result2, advance: advance2 } = await repaying();
    const late = await order2('BDO', due2);
    advance2(2 * DAY_SECONDS);
    expect((await result2(late.orderNo)).data).toEqual({
      orderNo: late.orderNo,
      status: 'expired',
    });
  });
});
