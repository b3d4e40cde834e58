import { describe, expect, it } from 'vitest';
import type { LoanInfo } from '@shared/api/entities';
import { billFeature } from '@renderer/features/bill/BillStore';
import { pagedAnswer, planRow } from '@tests/support/renderer/billRows';
import { homeFeature } from '@renderer/features/home/HomeStore';
import { loanFeature } from '@renderer/features/loan/LoanStore';
import { voucherFeature } from '@renderer/features/voucher/VoucherStore';
import { fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';

const borrower = testBorrower({ userId: 'U1', tokenValue: 't' });

const canBorrow: LoanInfo = {
  lastAmount: 15000,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 0,
  type: 0,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
};

describe('feature stores', () => {
  it('are made on first use, once per RootStore', () => {
    const first = createTestRoot().root;
    const second = createTestRoot().root;
    expect(first.feature(loanFeature)).toBe(first.feature(loanFeature));
    expect(second.feature(loanFeature)).not.toBe(first.feature(loanFeature));
  });

  it("Home's main button puts a loan form filled earlier back to its defaults", async () => {
    const transport = fakeTransport({
      userInfo: ok(borrower),
      unread: ok([]),
      loanInfo: ok(canBorrow),
      loadAdvertisement: ok([]),
      loadBanner: ok(null),
    });
    const { root, navigation } = createTestRoot({ transport });
    root.user.setToken('t');
    root.user.setUser(borrower);
    const loan = root.feature(loanFeature);
    loan.setBorrowAmount('5000');
    const home = root.feature(homeFeature);
    await home.refresh();
    home.pressMainButton();
    expect(loan.borrowAmount).toBe('');
    expect(navigation.visited).toEqual(['/loan/apply']);
  });

  it('a voucher used on the web starts a loan form with it, made for it if need be', async () => {
    const { root } = createTestRoot();
    await root.feature(voucherFeature).use({
      userCouponId: 'C9',
      title: 'Voucher C9',
      discountAmount: 100,
      minBorrowAmount: 3000,
      expireTime: 1_800_000_000,
      state: 1,
      read: false,
    });
    expect(root.feature(loanFeature).userCouponId).toBe('C9');
  });

  it('the host resuming the page makes the kept Bill lists reload when shown', async () => {
    const transport = fakeTransport({ repayPlan: pagedAnswer([planRow(1, 1)]) });
    const { root } = createTestRoot({ transport });
    root.user.setToken('t');
    const bill = root.feature(billFeature);
    await bill.refresh();
    await bill.showAgain();
    const before = transport.calls.filter((c) => c.name === 'repayPlan').length;
    root.events.emit('account-changed', undefined);
    await bill.showAgain();
    expect(transport.calls.filter((c) => c.name === 'repayPlan').length).toBe(before + 1);
  });
});
