/**
 * The lender app's own loan submission (DESIGN.md §4 `loanApply`, answered by the host's backend
 * call): the loan is booked with the account as the borrower picked it in the app, so the review
 * (loan/loanDetail) shows "BDO Savings •••• 3344", never the host's internal id.
 */
import { describe, expect, it } from 'vitest';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

async function lenderApp() {
  const domain = createMockDomain({ scenario: 'can-borrow', now: () => Date.now() });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  const review = async () =>
    (await client.call('loanDetail', {}, token)).data as { payeeLabel: string };
  return { domain, token, review };
}

describe('native loanApply', () => {
  it.each([
    [{ payeeLabel: 'BDO Savings •••• 3344' }, 'BDO Savings •••• 3344'],
    // A host that sends no label: the id is all the server knows.
    [{}, 'PAYEE-BDO-3344'],
  ])('with %j the review shows %s', async (extra, shown) => {
    const { domain, token, review } = await lenderApp();
    const answer = await domain.hostAction('loanApply', token, {
      borrowAmount: 5000,
      periods: 3,
      payeeId: 'PAYEE-BDO-3344',
      ...extra,
    });
    expect(answer.code, answer.message).toBe(200);
    expect((await review()).payeeLabel).toBe(shown);
  });
});
