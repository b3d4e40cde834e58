/** Accounts and state: login, tokens, reads, KYC, scenario switching. */
import { describe, expect, it } from 'vitest';
import type { Coupon, LoanInfo } from '@shared/api/entities';
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
    const signUp = await client.call('channelUserLogin', {
      areaCode: '63',
      msisdn: '9998887777',
      code: '1234',
    });
    expect(signUp.message).toMatch(/account has been created/);
    const token = await client.login('63', '9998887777');
    expect(data(await client.call('userInfo', {}, token))).toMatchObject({
      msisdn: '9998887777',
      state: 1,
    });
    expect(data<LoanInfo>(await client.call('loanInfo', {}, token)).lastAmount).toBe(0);
    expect(
      data(await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token)),
    ).toMatchObject({ total: 0 });
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
