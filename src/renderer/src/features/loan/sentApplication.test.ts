import { describe, expect, it } from 'vitest';
import type { LoanInfo, User } from '@shared/api/entities';
import { ApiCallError } from '@renderer/services/api';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot, TEST_CONFIG } from '@tests/support/renderer/testRoot';
import { LANDING_POLL_MS } from './LoanReviewStore';
import { loanFeature } from './LoanStore';
import { APPLICATION_LANDING_MS, sentApplicationKey } from './sentApplication';

const user = (userId: string, msisdn = '9171234567'): User => ({
  msisdn,
  areaCode: '63',
  userId,
  token: 't',
  tokenValue: `token-${userId}`,
  state: 5,
  gender: 'Female',
  lastName: 'Santos',
});

const info = (state: number, lastAmount = 15000): LoanInfo => ({
  lastAmount,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state,
  type: 0,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
});

const detail = {
  orderNo: 'DL1',
  state: 2,
  borrowAmount: 5000,
  receivedAmount: 4750,
  periods: 1,
  payeeLabel: 'GCash 0917****567',
  applyTime: 1_700_000_000,
  failReason: null,
  type: 1,
};

/** Lets the awaited fake calls and MobX reactions run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(loanState: () => number) {
  const transport = fakeTransport({
    loanInfo: () => ok(info(loanState())),
    loanDetail: ok(detail),
    couponList: ok([]),
    loanCheckByArc: ok({ pass: true, needPayPassword: false, reason: null }),
  });
  const test = createTestRoot({ transport });
  test.root.user.setUser(user('U1'));
  const loan = test.root.feature(loanFeature);
  const calls = (name: string) => transport.calls.filter((c) => c.name === name).length;
  return { ...test, transport, loan, calls };
}

/** Fills the form and submits it; the application call gets `answer`. */
async function submitWith(test: ReturnType<typeof setup>, answer: () => unknown) {
  test.transport.answers.applyNoPayPassword = answer as never;
  await test.loan.open();
  test.loan.setBorrowAmount('5000');
  test.loan.setPayee('GCASH:09171234567', 'GCash 0917****567');
  test.loan.setPurpose('Education');
  await test.loan.submit();
}

describe('an application sent and never answered', () => {
  it('leads to the review (not the form) until its answer or its window says what became of it', async () => {
    const test = setup(() => 0);
    await submitWith(test, () => new ApiCallError('timeout', 'no answer'));
    expect(test.loan.applicationOnItsWay).toBe(true);
    test.clock.advance(APPLICATION_LANDING_MS);
    expect(test.loan.applicationOnItsWay).toBe(false);
  });

  it('an answer, accepted or refused, ends it', async () => {
    for (const answer of [ok({ orderNo: 'DL1' }), { code: 9000013, message: 'No', data: null }]) {
      const test = setup(() => 0);
      await submitWith(test, () => answer);
      expect(test.loan.applicationOnItsWay).toBe(false);
    }
  });

  it('the review waits for the loan to show on the server, then shows it', async () => {
    let state = 0;
    const test = setup(() => state);
    await submitWith(test, () => new ApiCallError('timeout', 'no answer'));
    const { review } = test.loan;
    const loading = review.load();
    await settle();
    expect(review.status).toBe('confirming');
    // The server books it a little later: the loan state shows it releasing.
    state = 2;
    test.clock.advance(LANDING_POLL_MS);
    await loading;
    expect(review.status).toBe('done');
    expect(review.detail?.orderNo).toBe('DL1');
    expect(test.loan.applicationOnItsWay).toBe(false);
  });

  it('no loan by the end of its window: the review says it was not received, once', async () => {
    const test = setup(() => 0);
    await submitWith(test, () => new ApiCallError('offline', 'no answer'));
    const before = test.calls('loanInfo');
    const loading = test.loan.review.load();
    for (let waited = 0; waited <= APPLICATION_LANDING_MS; waited += LANDING_POLL_MS) {
      await settle();
      test.clock.advance(LANDING_POLL_MS);
    }
    await loading;
    expect(test.loan.review.status).toBe('notReceived');
    expect(test.loan.applicationOnItsWay).toBe(false);
    // One loan-state question per poll, no more.
    expect(test.calls('loanInfo') - before).toBeLessThanOrEqual(
      Math.ceil(APPLICATION_LANDING_MS / LANDING_POLL_MS) + 1,
    );
    expect(test.calls('loanDetail')).toBe(0);
  });

  it('belongs to its user on this backend: kept across their logout, never shown to another', async () => {
    const test = setup(() => 0);
    await submitWith(test, () => new ApiCallError('timeout', 'no answer'));
    const { root, localBackend } = test;
    const key = sentApplicationKey({ apiHost: TEST_CONFIG.apiBase.main, userId: 'U1' });
    expect(localBackend.getItem(key)).not.toBeNull();
    root.user.clear();
    root.user.setUser(user('U2', '9170000002'));
    expect(root.feature(loanFeature).applicationOnItsWay).toBe(false);
    root.user.clear();
    root.user.setUser(user('U1'));
    expect(root.feature(loanFeature).applicationOnItsWay).toBe(true);
  });
});
