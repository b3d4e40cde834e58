/** DESIGN.md §6: each scenario's row of the table, read through the domain's own answers. */
import { describe, expect, it } from 'vitest';
import type { LoanInfo, LoanItem, PlanItem, User } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');
const santos = { areaCode: '63', msisdn: '9171234567', gender: 'Female', lastName: 'Santos' };
const chen = { areaCode: '886', msisdn: '912345678', gender: 'Male', lastName: 'Chen' };

// name, user, KYC state, loan state, lastAmount (the table's columns)
const TABLE = [
  ['new-user', santos, 1, 0, 0],
  ['kyc-review', santos, 2, 0, 0],
  ['kyc-failed', santos, 3, 0, 0],
  ['kyc-rejected', santos, 4, 0, 0],
  ['kyc-fill-info', santos, 6, 0, 0],
  ['kyc-expired', santos, 7, 0, 0],
  ['can-borrow', santos, 5, 0, 15000],
  ['low-credit', santos, 5, 0, 800],
  ['releasing', santos, 5, 2, 0],
  ['release-failed', santos, 5, 5, 0],
  ['repaying', santos, 5, 4, 5000],
  ['overdue', santos, 5, 3, 0],
  ['many-bills', santos, 5, 4, 5000],
  ['unread-all', santos, 5, 0, 15000],
  ['taiwan', chen, 5, 4, 5000],
] as const;

async function open(scenario: string, who = santos) {
  const client = domainClient(createMockDomain({ scenario, now: () => NOW }));
  const token = await client.login(who.areaCode, who.msisdn);
  const get = async <T>(name: Parameters<typeof client.call>[0], data: unknown = {}) => {
    const answer = await client.call(name, data, token);
    expect(answer.code, `${name}: ${answer.message}`).toBe(200);
    return answer.data as T;
  };
  const all = async <T>(name: 'repayPlan' | 'loanList', extra: object = { type: '' }) =>
    (await get<{ list: T[]; total: number }>(name, { pageNum: 1, pageSize: 100, ...extra })).list;
  return { client, token, get, all };
}

describe.each(TABLE)('%s', (name, who, kycState, loanState, lastAmount) => {
  it('matches its row of DESIGN.md §6', async () => {
    const { get } = await open(name, who);
    const user = await get<User>('userInfo');
    expect(user).toMatchObject({ ...who, state: kycState });
    const info = await get<LoanInfo>('loanInfo');
    expect({ state: info.state, lastAmount: info.lastAmount }).toEqual({
      state: loanState,
      lastAmount,
    });
  });
});

describe('scenario extras', () => {
  it('new-user: no bills, empty unread list', async () => {
    const { get, all } = await open('new-user');
    expect(await get('unread')).toEqual([]);
    expect(await all('repayPlan')).toEqual([]);
    expect(await all('loanList', { type: '' })).toEqual([]);
  });

  it('can-borrow: credit 20000 at 3.5% monthly', async () => {
    const info = await (await open('can-borrow')).get<LoanInfo>('loanInfo');
    expect(info).toMatchObject({ creditAmount: 20000, monthlyInterest: 3.5 });
  });

  it('releasing: one loan, releasing', async () => {
    const { get, all } = await open('releasing');
    expect(await all('loanList', { type: 1 })).toHaveLength(1);
    expect(await get('loanDetail', {})).toMatchObject({ state: 2 });
  });

  it('release-failed: the detail says why', async () => {
    const detail = await (await open('release-failed')).get<{ state: number; failReason: string }>(
      'loanDetail',
    );
    expect(detail.state).toBe(5);
    expect(detail.failReason).toBeTruthy();
  });

  it('repaying: plan rows of types 1, 2, 3 and loans of types 1–4', async () => {
    const { all } = await open('repaying');
    const plan = await all<PlanItem>('repayPlan');
    expect(new Set(plan.map((p) => p.type))).toEqual(new Set([1, 2, 3]));
    const loans = await all<LoanItem>('loanList', { type: '' });
    expect(new Set(loans.map((l) => l.type))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('overdue: loan type 2, dueDay 4, an overdue plan row in the past', async () => {
    const { get, all } = await open('overdue');
    const info = await get<LoanInfo>('loanInfo');
    expect({ type: info.type, dueDay: info.dueDay }).toEqual({ type: 2, dueDay: 4 });
    expect(info.dueTime).toBe(Math.floor(NOW / 1000) - 4 * 86400);
    const overdue = (await all<PlanItem>('repayPlan')).filter((p) => p.type === 3);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.dueTime).toBeLessThan(NOW / 1000);
    expect(overdue[0]!.dueDay).toBe(4);
  });

  it('many-bills: 45 plan rows, 45 loans, one order number with BV', async () => {
    const { all } = await open('many-bills');
    expect(await all('repayPlan')).toHaveLength(45);
    const loans = await all<LoanItem>('loanList', { type: '' });
    expect(loans).toHaveLength(45);
    expect(loans.filter((l) => l.orderNo.includes('BV'))).toHaveLength(1);
  });

  it('unread-all: KYC, Coupon, Message; popups 1 and 2; banners', async () => {
    const { get } = await open('unread-all');
    expect(await get('unread')).toEqual(['KYC', 'Coupon', 'Message']);
    const ads = await get<{ id: number; type: number }[]>('loadAdvertisement');
    expect(ads.filter((a) => a.type === 2).map((a) => a.id)).toEqual([1, 2]);
    expect(await get('loadBanner', { location: 'home' })).toMatchObject({
      picUrl: expect.any(String),
    });
  });

  it('taiwan: the FastPay repay channel', async () => {
    const channels = await (await open('taiwan', chen)).get<{ tw: { key: string }[] }>(
      'repayChannel',
    );
    expect(channels.tw.map((c) => c.key)).toEqual(['FASTPAY']);
  });

  it('session-expired: can-borrow data, but user/userInfo answers 9000004', async () => {
    const { client, token, get } = await open('session-expired');
    const answer = await client.call('userInfo', {}, token);
    expect(answer.code).toBe(ServerCode.SESSION_KICKED);
    expect(answer.message).toMatch(/another device/);
    expect(await get('loanInfo')).toMatchObject({
      state: 0,
      lastAmount: 15000,
      creditAmount: 20000,
    });
  });

  it('kyc-fill-info: kyc/restore answers the saved draft', async () => {
    const draft = await (await open('kyc-fill-info')).get<{ certification: string }[]>(
      'kycRestore',
    );
    expect(draft.map((i) => i.certification)).toContain('homeAddress');
  });
});
