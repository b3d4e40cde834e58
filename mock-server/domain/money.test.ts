/** Money flows: the paged bill lists, repay orders and loan applications. */
import { describe, expect, it } from 'vitest';
import type { RepayOrder } from '@shared/api/endpoints';
import type { Coupon, LoanInfo, LoanItem, PlanItem } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');
const setup = (scenario = 'can-borrow') => {
  const domain = createMockDomain({ scenario, now: () => NOW });
  return { domain, client: domainClient(domain) };
};
const data = <T>(answer: { code: number; message: string; data: unknown }): T => {
  expect(answer.code, answer.message).toBe(200);
  return answer.data as T;
};

describe('paged lists', () => {
  it('many-bills: 3 pages of 20 for all loans, then empty; plan paged by pageNum/pageSize', async () => {
    const { client } = setup('many-bills');
    const token = await client.login('63', '9171234567');
    const page = (type: '' | 1 | 2, pageNum: number) =>
      client
        .call('loanList', { type, pageNum, pageSize: 20 }, token)
        .then(data<{ list: LoanItem[]; pages: number; total: number; pageNum: number }>);
    const sizes = [];
    for (let n = 1; n <= 4; n++) sizes.push((await page('', n)).list.length);
    expect(sizes).toEqual([20, 20, 5, 0]);
    expect(await page('', 3)).toMatchObject({ pages: 3, total: 45, pageNum: 3 });
    const myLoan = await page(1, 1);
    const settled = await page(2, 1);
    expect(myLoan.total + settled.total).toBe(45);
    expect(myLoan.list.every((l) => l.type !== 4)).toBe(true);
    expect(settled.list.every((l) => l.type === 4)).toBe(true);
    const first = data<{ list: PlanItem[]; pages: number }>(
      await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token),
    );
    const third = data<{ list: PlanItem[] }>(
      await client.call('repayPlan', { pageNum: 3, pageSize: 20, type: '' }, token),
    );
    expect(first.pages).toBe(3);
    expect(third.list).toHaveLength(5);
    expect(third.list[0]?.periodId).not.toBe(first.list[0]?.periodId);
  });
});

describe('repay orders', () => {
  async function repaying() {
    const { client, domain } = setup('repaying');
    const token = await client.login('63', '9171234567');
    const plan = data<{ list: PlanItem[] }>(
      await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token),
    ).list;
    return { client, domain, token, plan };
  }

  it('refuses over-limit amounts, unknown periods and wrong sums', async () => {
    const { client, token, plan } = await repaying();
    const ids = plan.map((p) => p.periodId);
    const sum = Math.round(plan.reduce((s, p) => s + p.repayAmount, 0) * 100) / 100;
    expect(sum).toBeGreaterThan(10000);
    const over = await client.call(
      'generatorRepayOrder',
      { channel: 'SEVEN_ELEVEN', repayAmount: sum, periodIds: ids },
      token,
    );
    expect(over.code).toBe(ServerCode.AMOUNT_OVER_LIMIT);
    expect(over.message).toMatch(/7-ELEVEN limit of ₱10,000/);
    const unknown = await client.call(
      'generatorRepayOrder',
      { channel: 'GCASH', repayAmount: 100, periodIds: ['P-nope'] },
      token,
    );
    expect(unknown).toMatchObject({
      code: ServerCode.BAD_REQUEST,
      message: expect.stringMatching(/P-nope/),
    });
    const wrongSum = await client.call(
      'generatorRepayOrder',
      { channel: 'GCASH', repayAmount: sum + 5, periodIds: ids },
      token,
    );
    expect(wrongSum.code).toBe(ServerCode.BAD_REQUEST);
    const maya = await client.call(
      'generatorRepayOrder',
      { channel: 'MAYA_WEBPAY', repayAmount: sum, periodIds: ids, account: '0712345678' },
      token,
    );
    expect(maya.message).toMatch(/08 or 09/);
  });

  it('paying settles the periods, updates the plan and loanInfo, then settles the loan', async () => {
    const { client, token, plan } = await repaying();
    const before = data<LoanInfo>(await client.call('loanInfo', {}, token));
    const due = plan.filter((p) => p.type > 1);
    const amount = due.reduce((s, p) => s + p.repayAmount, 0);
    const order = data<RepayOrder>(
      await client.call(
        'generatorRepayOrder',
        { channel: 'SHOPEE', repayAmount: amount, periodIds: due.map((p) => p.periodId) },
        token,
      ),
    );
    expect(order).toMatchObject({ fee: 30, payUrl: null, payCode: expect.any(String) });
    expect(order.amount).toBeCloseTo(amount + 30, 2);
    const result = await client.call('repayResult', { orderNo: order.orderNo });
    expect(data(result)).toMatchObject({ status: 'success', orderNo: order.orderNo });
    const after = data<LoanInfo>(await client.call('loanInfo', {}, token));
    expect(after.dueAmount).toBeCloseTo(before.dueAmount - amount, 2);
    const left = data<{ list: PlanItem[] }>(
      await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token),
    ).list;
    expect(left.map((p) => p.periodId).sort()).toEqual(
      plan
        .filter((p) => p.type === 1)
        .map((p) => p.periodId)
        .sort(),
    );
    const settled = data<{ list: LoanItem[] }>(
      await client.call('loanList', { type: 2, pageNum: 1, pageSize: 20 }, token),
    ).list;
    expect(settled.map((l) => l.orderNo)).toEqual(
      expect.arrayContaining(due.map((p) => p.orderNo)),
    );
    expect(after.lastAmount).toBeGreaterThan(before.lastAmount);
    // Paying the same periods again is refused: they left the plan.
    const again = await client.call(
      'generatorRepayOrder',
      { channel: 'GCASH', repayAmount: amount, periodIds: due.map((p) => p.periodId) },
      token,
    );
    expect(again.code).toBe(ServerCode.BAD_REQUEST);
    // Paying the rest through an e-wallet settles everything.
    const rest = left.reduce((s, p) => s + p.repayAmount, 0);
    const wallet = data<RepayOrder>(
      await client.call(
        'generatorRepayOrder',
        { channel: 'GCASH_LINK_TO_PAY', repayAmount: rest, periodIds: left.map((p) => p.periodId) },
        token,
      ),
    );
    expect(wallet.payUrl).toMatch(/^https:/);
    await client.call('repayResult', { orderNo: wallet.orderNo });
    expect(data(await client.call('loanInfo', {}, token))).toMatchObject({
      state: 0,
      dueAmount: 0,
      lastAmount: 20000,
    });
  });
});

describe('loans', () => {
  it('checks eligibility, previews and applies once; a duplicate is refused', async () => {
    const { client } = setup('can-borrow');
    const token = await client.login('63', '9171234567');
    const check = (borrowAmount: number) =>
      client.call('loanCheckByArc', { borrowAmount }, token).then(data<{ pass: boolean }>);
    expect((await check(5000)).pass).toBe(true);
    expect((await check(999)).pass).toBe(false);
    expect((await check(15001)).pass).toBe(false);
    const preview = data<{ interest: number; discountAmount: number; schedule: unknown[] }>(
      await client.call(
        'calculateLoanInfo',
        { borrowAmount: 10000, periods: 3, userCouponId: 'C2001' },
        token,
      ),
    );
    expect(preview).toMatchObject({ interest: 1050, discountAmount: 100 });
    expect(preview.schedule).toHaveLength(3);
    const application = {
      borrowAmount: 10000,
      periods: 3,
      payeeId: 'PAYEE1',
      payeeLabel: 'GCash 0917****567',
      purpos: 'Tuition',
      type: 'ez',
      userCouponId: 'C2001',
    };
    const applied = data<{ orderNo: string }>(
      await client.call('applyNoPayPassword', application, token),
    );
    expect(applied.orderNo).toMatch(/^DL\d{13}$/);
    expect(data(await client.call('loanInfo', {}, token))).toMatchObject({
      state: 2,
      lastAmount: 5000,
    });
    expect(data(await client.call('loanDetail', {}, token))).toMatchObject({
      orderNo: applied.orderNo,
      state: 2,
    });
    const dup = await client.call('applyNoPayPassword', application, token);
    expect(dup.code).toBe(ServerCode.DUPLICATE_SUBMIT);
    const used = data<Coupon[]>(await client.call('couponList', { state: 2 }, token));
    expect(used.map((c) => c.userCouponId)).toContain('C2001');
    expect((await check(1000)).pass).toBe(false);
  });

  it('pay-password SMS accepts the user code only', async () => {
    const { client } = setup('can-borrow');
    const token = await client.login('63', '9171234567');
    expect((await client.call('getSmsCodeOfResetPayPassword', {}, token)).code).toBe(200);
    expect((await client.call('verifySmsOfPayPassword', { code: '0000' }, token)).code).toBe(
      ServerCode.SMS_CODE_WRONG,
    );
    expect(
      data(await client.call('verifySmsOfPayPassword', { code: '1234' }, token)),
    ).toMatchObject({ payPassword: expect.any(String) });
  });
});
