import { describe, expect, it } from 'vitest';
import type { EndpointName } from '@shared/api/endpoints';
import type { LoanInfo, User } from '@shared/api/entities';
import { billFeature } from '@renderer/features/bill/BillStore';
import { pagedAnswer, planRow } from '@tests/support/renderer/billRows';
import { campaignsFeature } from '@renderer/features/event/CampaignStore';
import { homeFeature } from '@renderer/features/home/HomeStore';
import { repayFormFeature } from './RepayFormStore';
import { EventBus } from '@renderer/services/events';
import { memoryStorage, StorageKey } from '@renderer/lib/storage';
import { type FakeAnswer, fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { KEPT_FRESH_MS } from './Freshness';
import { SessionScope } from './SessionScope';

const borrowerA = testBorrower({ userId: 'A', token: 'ta', tokenValue: 'token-a' });
const borrowerB: User = { ...borrowerA, userId: 'B', msisdn: '9170000002', tokenValue: 'token-b' };

const figuresOf = (dueAmount: number): LoanInfo => ({
  lastAmount: 5000,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 4,
  type: 1,
  loanAmount: 12000,
  dueAmount,
  dueDay: 3,
  dueTime: 1_790_000_000,
});

/** A transport whose answers to `held` wait until the test releases them. */
function holdingTransport(answers: Parameters<typeof fakeTransport>[0], held: EndpointName) {
  const transport = fakeTransport(answers);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = transport.call.bind(transport);
  transport.call = (async (name: EndpointName, data: unknown, options?: { hk?: boolean }) => {
    if (name === held) await gate;
    return answer(name, data as never, options);
  }) as typeof transport.call;
  return { transport, release };
}

type Scripted = FakeAnswer | ((data: unknown) => FakeAnswer);

/** Answers that depend on whose token asked (the transport reads it as the real one does). */
function perBorrower(root: { user: { tokenValue: string } }, a: Scripted, b: Scripted) {
  return (data: unknown) => {
    const answer = root.user.tokenValue === 'token-a' ? a : b;
    return typeof answer === 'function' ? answer(data) : answer;
  };
}

describe('SessionScope', () => {
  it('makes each store once, ends its listeners and forgets its stores when disposed', () => {
    const events = new EventBus();
    const scope = new SessionScope(1, 'token-a');
    const heard: number[] = [];
    scope.on(events, 'resume', () => heard.push(1));
    const key = {};
    const store = scope.storeOf(key, () => ({ rows: [1] }));
    expect(scope.storeOf(key, () => ({ rows: [] }))).toBe(store);
    events.emit('resume', undefined);
    scope.dispose();
    events.emit('resume', undefined);
    expect(heard).toEqual([1]);
    expect(scope.alive).toBe(false);
    expect(() => scope.storeOf({}, () => 1)).toThrow(/ended/);
  });
});

describe('the session owns what the SPA learns after sign-in (DESIGN.md §6)', () => {
  it("a page-owned store (the campaigns' dates and QA clock) outlives a sign-in", () => {
    const { root } = createTestRoot();
    const campaigns = root.feature(campaignsFeature);
    const bill = root.feature(billFeature);
    root.user.setUser(borrowerA);
    expect(root.feature(campaignsFeature)).toBe(campaigns);
    expect(root.feature(billFeature)).not.toBe(bill);
  });

  it("B never sees A's Bill rows: logout → login as another number makes a new Bill", async () => {
    const transport = fakeTransport({ logout: ok(null) });
    const { root } = createTestRoot({ transport });
    transport.answers.repayPlan = perBorrower(
      root,
      pagedAnswer([planRow(1, 2), planRow(2, 3)]),
      pagedAnswer([]),
    );
    root.user.setUser(borrowerA);
    const billA = root.feature(billFeature);
    await billA.refresh();
    expect(billA.plan.items).toHaveLength(2);
    expect(billA.selected).toHaveLength(2);
    await root.session.logout();
    root.user.setUser(borrowerB);
    const billB = root.feature(billFeature);
    expect(billB).not.toBe(billA);
    expect(billB.plan.items).toEqual([]);
    expect(billB.selected).toEqual([]);
    // Shown within KEPT_FRESH_MS of A's load, B's list still asks the server.
    await billB.showAgain();
    expect(transport.calls.filter((c) => c.name === 'repayPlan')).toHaveLength(2);
  });

  it("a session code on A's page, then B's login: A's selection and repay form are gone", async () => {
    const transport = fakeTransport({ repayPlan: pagedAnswer([planRow(1, 2)]) });
    const tab = memoryStorage();
    const { root } = createTestRoot({ transport, session: tab });
    root.user.setUser(borrowerA);
    const bill = root.feature(billFeature);
    await bill.refresh();
    bill.repay();
    expect(root.feature(repayFormFeature).periodIds).toHaveLength(1);
    transport.answers.userInfo = { code: 9000001, message: 'Please log in again', data: null };
    await root.session.refreshUser();
    expect(root.user.isLoggedIn).toBe(false);
    root.user.setUser(borrowerB);
    expect(root.feature(repayFormFeature).inited).toBe(false);
    expect(root.feature(repayFormFeature).periodIds).toEqual([]);
    expect(tab.getItem(StorageKey.repayForm)).toBeNull();
  });

  it("an answer that comes after its session ended is dropped: A's figures never reach B", async () => {
    const { transport, release } = holdingTransport(
      {
        loanInfo: ok(figuresOf(12033)),
        userInfo: ok(borrowerA),
        unread: ok([]),
        loadAdvertisement: ok([]),
        loadBanner: ok(null),
      },
      'loanInfo',
    );
    const { root } = createTestRoot({ transport });
    root.user.setUser(borrowerA);
    const refresh = root.feature(homeFeature).refresh();
    root.user.setUser(borrowerB);
    release();
    await refresh;
    expect(root.user.tokenValue).toBe('token-b');
    expect(root.user.loanInfo).toBeNull();
  });

  it("A's late session code does not end B's session", async () => {
    const { transport, release } = holdingTransport(
      { loanInfo: { code: 9000001, message: 'Please log in again', data: null } },
      'loanInfo',
    );
    const test = createTestRoot({ transport });
    const { root } = test;
    root.user.setUser(borrowerA);
    const late = root.api.call('loanInfo', {}).catch((error: Error) => error.name);
    root.user.setUser(borrowerB);
    release();
    expect(await late).toBe('SessionEndedError');
    expect(root.user.tokenValue).toBe('token-b');
    expect(test.ui.shown).toEqual([]);
  });

  it('a re-login within KEPT_FRESH_MS asks user info and loan info again', async () => {
    const transport = fakeTransport({
      userInfo: ok(borrowerA),
      unread: ok([]),
      loanInfo: ok(figuresOf(0)),
      loadAdvertisement: ok([]),
      loadBanner: ok(null),
      logout: ok(null),
    });
    const { root, clock } = createTestRoot({ transport });
    root.user.setUser(borrowerA);
    await root.feature(homeFeature).refresh(KEPT_FRESH_MS);
    await root.session.logout();
    clock.advance(1_000);
    root.user.setUser({ ...borrowerA, tokenValue: 'token-a2' });
    const home = root.feature(homeFeature);
    expect(home.loanInfoStatus).toBe('idle');
    expect(home.figuresPending).toBe(true);
    await home.refresh(KEPT_FRESH_MS);
    const asked = (name: EndpointName) => transport.calls.filter((c) => c.name === name).length;
    expect(asked('userInfo')).toBe(2);
    expect(asked('loanInfo')).toBe(2);
    expect(asked('loadAdvertisement')).toBe(2);
  });

  it('a repayment or a loan application makes the kept Home reload when shown', async () => {
    const transport = fakeTransport({
      userInfo: ok(borrowerA),
      unread: ok([]),
      loanInfo: ok(figuresOf(0)),
      loadAdvertisement: ok([]),
      loadBanner: ok(null),
    });
    const { root } = createTestRoot({ transport });
    root.user.setUser(borrowerA);
    const home = root.feature(homeFeature);
    await home.refresh(KEPT_FRESH_MS);
    await home.refresh(KEPT_FRESH_MS);
    root.events.emit('account-changed', undefined);
    await home.refresh(KEPT_FRESH_MS);
    expect(transport.calls.filter((c) => c.name === 'loanInfo')).toHaveLength(2);
  });
});
