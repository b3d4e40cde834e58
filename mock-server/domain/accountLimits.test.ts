/** A world keeps a bounded number of signed-up accounts and of tokens per account. */
import { describe, expect, it } from 'vitest';
import { ServerCode } from '@shared/codes';
import type { PlanItem } from '@shared/api/entities';
import {
  MAX_RECENT_TOKENS_PER_ACCOUNT,
  MAX_SETTLED_ORDERS_PER_ACCOUNT,
  MAX_SIGNED_UP_ACCOUNTS,
  MAX_TOKENS_PER_ACCOUNT,
  RECENT_USE_SEC,
} from './accountLimits';
import { createMockDomain } from './index';
import type { SerialisedState } from './snapshot';
import { domainClient } from '@tests/support/mock-server/domainClient';
import type { EndedToken } from './types';

const NOW = Date.parse('2026-11-21T02:00:00Z');
const setup = () => {
  const domain = createMockDomain({ scenario: 'can-borrow', now: () => NOW });
  return { domain, client: domainClient(domain) };
};
/** A valid Philippine number no scenario uses. */
const number = (i: number) => `95${String(i).padStart(8, '0')}`;
const held = (domain: ReturnType<typeof setup>['domain']) => {
  const state = domain.exportState() as SerialisedState;
  return { accounts: state.accounts.length, tokens: state.sessions.length };
};

describe('account and token bounds', () => {
  it('keeps the scenario accounts and the latest sign-ups; the oldest sign-up goes with its tokens', async () => {
    const { domain, client } = setup();
    const scenarioToken = await client.login('63', '9171234567');
    const first = await client.login('63', number(0));
    const second = await client.login('63', number(1));
    for (let i = 2; i < MAX_SIGNED_UP_ACCOUNTS; i++) await client.login('63', number(i));
    // Signing in again makes an account recent: the second sign-up outlives the first.
    const secondAgain = await client.login('63', number(1));
    expect(held(domain).accounts).toBe(1 + MAX_SIGNED_UP_ACCOUNTS);
    await client.login('63', number(MAX_SIGNED_UP_ACCOUNTS));
    expect(held(domain).accounts).toBe(1 + MAX_SIGNED_UP_ACCOUNTS);

    expect((await client.call('userInfo', {}, first)).code).toBe(ServerCode.TOKEN_INVALID);
    expect((await client.call('userInfo', {}, second)).code).toBe(200);
    expect((await client.call('userInfo', {}, secondAgain)).code).toBe(200);
    expect((await client.call('userInfo', {}, scenarioToken)).code).toBe(200);
    // The dropped number signs up afresh.
    const again = await client.call('login', { areaCode: '63', msisdn: number(0), code: '1234' });
    expect(again.message).toMatch(/account has been created/);
  });

  it('a stranger signing up 1,000 numbers leaves the world at its cap', async () => {
    const { domain, client } = setup();
    for (let i = 0; i < 1000; i++) await client.login('63', number(i));
    expect(held(domain)).toEqual({ accounts: 1 + MAX_SIGNED_UP_ACCOUNTS, tokens: 200 });
  });

  it('an account keeps its newest tokens; older ones answer 9000001', async () => {
    const { domain, client } = setup();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_TOKENS_PER_ACCOUNT + 5; i++) {
      tokens.push(await client.login('63', '9171234567'));
    }
    tokens.push((await domain.issueSessionToken('9171234567')) ?? '');
    expect(held(domain).tokens).toBe(MAX_TOKENS_PER_ACCOUNT);
    const codes = await Promise.all(
      tokens.map(async (t) => (await client.call('userInfo', {}, t)).code),
    );
    const kept = codes.slice(-MAX_TOKENS_PER_ACCOUNT);
    expect(kept.every((c) => c === 200)).toBe(true);
    expect(
      codes.slice(0, -MAX_TOKENS_PER_ACCOUNT).every((c) => c === ServerCode.TOKEN_INVALID),
    ).toBe(true);
  });

  it("twenty logins with the fixture's SMS code never end a phone's session in use", async () => {
    let now = NOW;
    const ended: EndedToken[] = [];
    const domain = createMockDomain({
      scenario: 'can-borrow',
      now: () => now,
      onTokenEnded: (token) => ended.push(token),
    });
    const client = domainClient(domain);
    const phone = await client.login('63', '9171234567');
    expect((await client.call('userInfo', {}, phone)).code).toBe(200);
    // An hour later (the phone idle since), someone with the number and the code logs in 25 times.
    now += 3_600_000;
    const minted: string[] = [];
    for (let i = 0; i < MAX_TOKENS_PER_ACCOUNT + 5; i++) {
      minted.push(await client.login('63', '9171234567'));
    }
    // The phone's session used to be the oldest, so the first to go: now the never-used go first.
    expect((await client.call('userInfo', {}, phone)).code).toBe(200);
    expect(ended.map((e) => e.token)).toEqual(minted.slice(0, 6));
    expect(ended[0]).toMatchObject({ lastUsed: undefined, held: MAX_TOKENS_PER_ACCOUNT + 1 });
    expect(held(domain).tokens).toBe(MAX_TOKENS_PER_ACCOUNT);
  });

  it('keeps recently used sessions past the cap, then refuses a sign-in, never ends them', async () => {
    let now = NOW;
    const domain = createMockDomain({ scenario: 'can-borrow', now: () => now });
    const client = domainClient(domain);
    const used: string[] = [];
    for (let i = 0; i < MAX_RECENT_TOKENS_PER_ACCOUNT; i++) {
      const token = await client.login('63', '9171234567');
      expect((await client.call('userInfo', {}, token)).code).toBe(200);
      used.push(token);
    }
    const refused = await client.call('login', {
      areaCode: '63',
      msisdn: '9171234567',
      code: '1234',
    });
    expect(refused.code).toBe(ServerCode.BAD_REQUEST);
    expect(refused.message).toMatch(/log out on one of them/);
    expect(() => domain.issueSessionToken()).toThrow(/log out on one of them/);
    for (const token of used) expect((await client.call('userInfo', {}, token)).code).toBe(200);
    // Once they have not been used for a while, the idlest gives way again.
    now += (RECENT_USE_SEC + 60) * 1000;
    expect((await client.call('userInfo', {}, used[1])).code).toBe(200);
    await client.login('63', '9171234567');
    expect((await client.call('userInfo', {}, used[0])).code).toBe(ServerCode.TOKEN_INVALID);
    expect((await client.call('userInfo', {}, used[1])).code).toBe(200);
  });

  it('the signed-in session is the token last used, else a new one', async () => {
    const { domain, client } = setup();
    const first = await client.login('63', '9171234567');
    const second = await client.login('63', '9171234567');
    // Neither used yet: the newest.
    expect(domain.signedInToken()).toBe(second);
    await client.call('userInfo', {}, first);
    expect(domain.signedInToken('09171234567')).toBe(first);
    await client.call('logout', {}, first);
    expect(domain.signedInToken()).toBe(second);
    await client.call('logout', {}, second);
    const fresh = domain.signedInToken();
    expect(fresh).not.toBe(first);
    expect((await client.call('userInfo', {}, fresh ?? '')).code).toBe(200);
  });

  it('a restored state over the bounds is brought within them', async () => {
    const { domain, client } = setup();
    await client.login('63', '9171234567');
    const state = domain.exportState() as SerialisedState;
    const [key, session] = state.sessions[0] ?? ['', { accountKey: '', active: true }];
    const extra = Array.from({ length: 50 }, (_, i) => [`${key}-${i}`, { ...session }] as const);
    domain.importState('can-borrow', { ...state, sessions: [...state.sessions, ...extra] });
    expect(held(domain).tokens).toBe(MAX_TOKENS_PER_ACCOUNT);
  });

  it('orders switched between two channels keep the pending one and the newest settled ones', async () => {
    const domain = createMockDomain({ scenario: 'repaying', now: () => NOW });
    const client = domainClient(domain);
    const token = await client.login('63', '9171234567');
    const plan = await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token);
    const row = (plan.data as { list: PlanItem[] }).list[0];
    if (!row) throw new Error('repaying has plan rows');
    const orderNos: string[] = [];
    for (let i = 0; i < 3 * MAX_SETTLED_ORDERS_PER_ACCOUNT; i++) {
      const answer = await client.call(
        'generatorRepayOrder',
        {
          channel: i % 2 ? 'SHOPEE' : 'SEVEN_ELEVEN',
          repayAmount: row.repayAmount,
          periodIds: [row.periodId],
        },
        token,
      );
      orderNos.push((answer.data as { orderNo: string }).orderNo);
    }
    const state = domain.exportState() as SerialisedState;
    expect(state.orders).toHaveLength(MAX_SETTLED_ORDERS_PER_ACCOUNT + 1);
    const [oldest, newestVoided, pending] = [orderNos[0], orderNos.at(-2), orderNos.at(-1)];
    expect((await client.call('repayResult', { orderNo: oldest }, token)).code).toBe(
      ServerCode.NOT_FOUND,
    );
    expect((await client.call('repayResult', { orderNo: newestVoided }, token)).code).toBe(
      ServerCode.ORDER_REPLACED,
    );
    expect((await client.call('repayResult', { orderNo: pending }, token)).code).toBe(200);
  });
});
