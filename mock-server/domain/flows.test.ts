/** The product flows the domain must behave like: login, tokens, paging, repay, loans, reads. */
import { describe, expect, it } from 'vitest';
import type { Coupon, LoanInfo, LoanItem, PlanItem } from '../../src/shared/api/entities';
import type { RepayOrder } from '../../src/shared/api/endpoints';
import { ServerCode } from '../../src/shared/codes';
import { createMockDomain } from './index';
import { domainClient } from './testing';

const NOW = Date.parse('2026-11-21T02:00:00Z');
const setup = (scenario = 'can-borrow') => {
  const domain = createMockDomain({ scenario, now: () => NOW });
  return { domain, client: domainClient(domain) };
};
const data = <T>(answer: { code: number; message: string; data: unknown }): T => {
  expect(answer.code, answer.message).toBe(200);
  return answer.data as T;
};

describe('login and tokens', () => {
  it('a wrong code is refused; the right one issues a fresh token each time', async () => {
    const { client } = setup();
    const wrong = await client.call('login', {
      areaCode: '63',
      msisdn: '9171234567',
      code: '9999',
    });
    expect(wrong).toMatchObject({
      code: ServerCode.SMS_CODE_WRONG,
      message: 'Invalid verification code',
    });
    const a = await client.login('63', '09171234567');
    const b = await client.login('63', '9171234567');
    expect(a).not.toBe(b);
    expect(data(await client.call('userInfo', {}, a))).toMatchObject({ tokenValue: a, state: 5 });
  });

  it('SMS codes are sent for known and new numbers; a bad number is refused', async () => {
    const { client } = setup();
    const sms = (msisdn: string) =>
      client.call('getSmsCodeWithLogin', { areaCode: '63', countryCode: '63', msisdn });
    expect((await sms('9171234567')).code).toBe(200);
    expect((await sms('9998887777')).code).toBe(200);
    expect((await sms('12345')).code).toBe(ServerCode.PHONE_INVALID);
    const channel = await client.call('channelGetSmsCode', {
      areaCode: '886',
      countryCode: '886',
      msisdn: '912000111',
    });
    expect(channel.code).toBe(200);
  });

  it('a new number becomes a new-user-like account on login', async () => {
    const { client } = setup();
    const token = await client.login('63', '9998887777');
    expect(data(await client.call('userInfo', {}, token))).toMatchObject({
      msisdn: '9998887777',
      state: 1,
    });
    expect(data<LoanInfo>(await client.call('loanInfo', {}, token)).lastAmount).toBe(0);
    expect(data(await client.call('repayPlan', { pageNum: 1, pageSize: 20 }, token))).toMatchObject(
      { total: 0 },
    );
  });

  it('missing, unknown and logged-out tokens answer 9000000, 9000001, 9000002', async () => {
    const { client } = setup();
    expect((await client.call('userInfo', {})).code).toBe(ServerCode.TOKEN_MISSING);
    expect((await client.call('userInfo', {}, 'tk_forged')).code).toBe(ServerCode.TOKEN_INVALID);
    const token = await client.login('63', '9171234567');
    expect((await client.call('logout', {}, token)).code).toBe(200);
    const after = await client.call('unread', {}, token);
    expect(after.code).toBe(ServerCode.TOKEN_EXPIRED);
    expect(after.message).toMatch(/log in again/);
  });

  it('issueSessionToken gives a native-login token for the main or a named user', async () => {
    const { domain, client } = setup('taiwan');
    const token = domain.issueSessionToken();
    expect(token).toBeTruthy();
    expect(data(await client.call('userInfo', {}, token!))).toMatchObject({ lastName: 'Chen' });
    expect(domain.issueSessionToken('0912345678')).toBeTruthy();
    expect(domain.issueSessionToken('9000000000')).toBeNull();
    const fast = await client.call('fastpayLogin', { tokenValue: token });
    expect(data(fast)).toMatchObject({
      paymentAccount: '0912***678',
      paymentAccountId: expect.any(String),
    });
    expect((await client.call('fastpayLogin', { tokenValue: 'nope' })).code).toBe(
      ServerCode.FASTPAY_LOGIN_FAILED,
    );
  });
});

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
      await client.call('repayPlan', { pageNum: 1, pageSize: 20 }, token),
    );
    const third = data<{ list: PlanItem[] }>(
      await client.call('repayPlan', { pageNum: 3, pageSize: 20 }, token),
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
      await client.call('repayPlan', { pageNum: 1, pageSize: 20 }, token),
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
      await client.call('repayPlan', { pageNum: 1, pageSize: 20 }, token),
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

describe('messages, coupons, KYC and scenarios', () => {
  it('reading messages and available coupons clears their unread entries', async () => {
    const { client } = setup('unread-all');
    const token = await client.login('63', '9171234567');
    const messages = data<{ list: { id: string; read: boolean }[] }>(
      await client.call('messageList', { pageNum: 1, pageSize: 20 }, token),
    ).list;
    const unread = messages.filter((m) => !m.read);
    expect(unread).toHaveLength(1);
    expect(data(await client.call('messageRead', { id: unread[0]!.id }, token))).toEqual({
      unreadCount: 0,
    });
    expect((await client.call('messageRead', { id: 'nope' }, token)).code).toBe(
      ServerCode.NOT_FOUND,
    );
    expect(data(await client.call('unread', {}, token))).toEqual(['KYC', 'Coupon']);
    const available = data<Coupon[]>(await client.call('couponList', { state: 1 }, token));
    expect(available.every((c) => c.state === 1)).toBe(true);
    expect(data(await client.call('unread', {}, token))).toEqual(['KYC']);
  });

  it('saving KYC step 6 submits it for review', async () => {
    const { client } = setup('kyc-fill-info');
    const token = await client.login('63', '9171234567');
    const step4 = await client.call(
      'kycSave',
      { step: 4, items: [{ certification: 'contact1', value: 'Jose Santos 09181234567' }] },
      token,
    );
    expect(data(step4)).toEqual({ step: 5, submitted: false });
    const restored = data<{ certification: string }[]>(await client.call('kycRestore', {}, token));
    expect(restored.map((i) => i.certification)).toEqual(
      expect.arrayContaining(['firstName', 'contact1']),
    );
    expect(data(await client.call('kycSave', { step: 6, items: [] }, token))).toMatchObject({
      submitted: true,
    });
    expect(data(await client.call('userInfo', {}, token))).toMatchObject({ state: 2 });
    expect(data(await client.call('reviewInfo', {}, token))).toEqual({ state: 2 });
  });

  it('selecting a scenario resets all state, tokens included', async () => {
    const { domain, client } = setup('unread-all');
    const token = await client.login('63', '9171234567');
    await client.call('couponList', { state: 1 }, token);
    expect(domain.selectScenario('does-not-exist')).toBe(false);
    expect(domain.currentScenario()).toBe('unread-all');
    expect(domain.selectScenario('unread-all')).toBe(true);
    expect((await client.call('unread', {}, token)).code).toBe(ServerCode.TOKEN_INVALID);
    const fresh = await client.login('63', '9171234567');
    expect(data(await client.call('unread', {}, fresh))).toEqual(['KYC', 'Coupon', 'Message']);
    domain.selectScenario('new-user');
    const newUser = await client.login('63', '9171234567');
    expect(data(await client.call('userInfo', {}, newUser))).toMatchObject({ state: 1 });
    expect(domain.listScenarios()).toHaveLength(16);
  });

  it('reset restores the current scenario', async () => {
    const { domain, client } = setup('can-borrow');
    let token = await client.login('63', '9171234567');
    await client.call(
      'applyNoPayPassword',
      {
        borrowAmount: 2000,
        periods: 1,
        payeeId: 'P',
        payeeLabel: 'GCash',
        purpos: 'Rent',
        type: 'ez',
      },
      token,
    );
    domain.reset();
    token = await client.login('63', '9171234567');
    expect(data(await client.call('loanInfo', {}, token))).toMatchObject({
      state: 0,
      lastAmount: 15000,
    });
  });
});
