/**
 * Amounts are whole centavos at every boundary (DESIGN.md §6 "Amounts are centavos"), and the
 * loan preview refuses what the application refuses: the server's side, as tables. A refused
 * amount books nothing — no loan, no change of the debt or the credit.
 */
import { describe, expect, it } from 'vitest';
import type { LoanInfo, PlanItem } from '@shared/api/entities';
import { isWholeCentavos } from '@shared/api/amounts';
import { ServerCode } from '@shared/codes';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');

async function borrower(scenario = 'can-borrow') {
  const domain = createMockDomain({ scenario, now: () => NOW });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  const loanInfo = async () => (await client.call('loanInfo', {}, token)).data as LoanInfo;
  return { domain, client, token, loanInfo };
}

describe('isWholeCentavos', () => {
  it.each([
    [1841.67, true],
    [0.29, true],
    [1000, true],
    [0.01, true],
    [1000.005, false],
    [15000.001, false],
    [0.001, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%s: %s', (amount, whole) => {
    expect(isWholeCentavos(amount)).toBe(whole);
  });
});

describe('a loan amount (can-borrow: ₱15,000 available, ₱1,000 minimum)', () => {
  it.each([
    // [amount, accepted]
    [1000, true],
    [15000, true],
    [1000.5, true],
    [1000.005, false],
    [15000.001, false],
    [0.01, false],
    [999.99, false],
    [15000.01, false],
  ])('%s: the preview and the application both say %s', async (borrowAmount, accepted) => {
    const { client, token, loanInfo } = await borrower();
    const before = await loanInfo();
    const latestLoan = async () => (await client.call('loanDetail', {}, token)).data;
    const loanBefore = await latestLoan();
    const preview = await client.call('calculateLoanInfo', { borrowAmount, periods: 3 }, token);
    const check = await client.call('loanCheckByArc', { borrowAmount }, token);
    const applied = await client.call(
      'applyNoPayPassword',
      {
        borrowAmount,
        periods: 3,
        payeeId: 'GCASH:09171234567',
        payeeLabel: 'GCash 0917****567',
        purpos: 'Education',
        type: 'ez',
      },
      token,
    );
    expect(preview.code === 200, preview.message).toBe(accepted);
    expect(applied.code === 200, applied.message).toBe(accepted);
    expect(check.code === 200 && (check.data as { pass: boolean }).pass).toBe(accepted);
    const after = await loanInfo();
    if (accepted) {
      expect(after.lastAmount).toBe(before.lastAmount - borrowAmount);
      expect(after.loanAmount).toBe(before.loanAmount + borrowAmount);
    } else {
      expect(after).toEqual(before);
      expect(await latestLoan(), 'nothing was booked').toEqual(loanBefore);
    }
  });

  it('the native loanApply of a lender app is held to the same rule', async () => {
    const { domain, token, loanInfo } = await borrower();
    const before = await loanInfo();
    const refused = await domain.hostAction('loanApply', token, {
      borrowAmount: 1000.005,
      periods: 1,
      payeeId: 'PAYEE-BDO-3344',
    });
    expect(refused.code).toBe(ServerCode.BAD_REQUEST);
    expect(refused.message).toMatch(/whole number of centavos/);
    expect(await loanInfo()).toEqual(before);
  });
});

describe('a repay amount', () => {
  it.each([
    ['generatorRepayOrder', 8350.001],
    ['generatorRepayOrder', 8349.995],
  ] as const)('%s refuses %s', async (_, repayAmount) => {
    const { client, token } = await borrower('repaying');
    const plan = (
      (await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token)).data as {
        list: PlanItem[];
      }
    ).list.filter((row) => row.type > 1);
    const answer = await client.call(
      'generatorRepayOrder',
      { channel: 'SEVEN_ELEVEN', repayAmount, periodIds: plan.map((row) => row.periodId) },
      token,
    );
    expect(answer.code).toBe(ServerCode.BAD_REQUEST);
    expect(answer.message).toMatch(/whole number of centavos/);
  });

  it.each(['gcashPayment', 'fastPayPayment'] as const)(
    "a wallet's %s of a sub-centavo amount is refused",
    async (method) => {
      const { domain, token } = await borrower('repaying');
      const answer = await domain.hostAction(method, token, { orderNo: 'RP1', amount: 10.005 });
      expect(answer.code).toBe(ServerCode.BAD_REQUEST);
      expect(answer.message).toMatch(/whole number of centavos/);
    },
  );
});
