import { describe, expect, it } from 'vitest';
import { fakeBridge, fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { loanFeature, PICK_ACCOUNT_FAILED, REVIEW_SUCCESS_PATH } from './LoanStore';
import { CHOOSE_PAYEE, ENTER_AMOUNT } from './loanValidation';

const loanInfo = {
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
const coupon = {
  userCouponId: 'C1',
  title: '₱100 off',
  discountAmount: 100,
  minBorrowAmount: 3000,
  expireTime: 1_900_000_000,
  state: 1 as const,
  read: false,
};

function setup(
  options: { needPayPassword?: boolean; bridge?: ReturnType<typeof fakeBridge> } = {},
) {
  const transport = fakeTransport({
    loanInfo: ok(loanInfo),
    couponList: ok([coupon]),
    loanCheckByArc: ok({
      pass: true,
      needPayPassword: options.needPayPassword === true,
      reason: null,
    }),
    getSmsCodeOfResetPayPassword: ok(null),
    verifySmsOfPayPassword: ok({ payPassword: 'pp-1' }),
    applyNoPayPassword: ok({ orderNo: 'DL1' }),
  });
  const test = createTestRoot({ transport, bridge: options.bridge });
  test.root.user.setToken('token-1');
  return { ...test, transport, loan: test.root.feature(loanFeature) };
}

async function fill(loan: ReturnType<typeof setup>['loan']) {
  await loan.open();
  loan.setBorrowAmount('5000');
  loan.setPeriods(3);
  loan.setPayee('GCASH:09171234567', 'GCash 0917****567');
  loan.setPurpose('Education');
}

const named = (t: ReturnType<typeof fakeTransport>, name: string) =>
  t.calls.filter((c) => c.name === name);

describe('LoanStore', () => {
  it('a voucher chosen on the Voucher page is on the form once it opens, if still listed', async () => {
    const { loan } = setup();
    loan.startWithCoupon(coupon);
    expect([loan.userCouponId, loan.discountAmount]).toEqual(['C1', 100]);
    await loan.open();
    expect([loan.userCouponId, loan.discountAmount]).toEqual(['C1', 100]);
    // Typed digit by digit: below the ₱3,000 minimum it waits, then applies again.
    for (const typed of ['5', '50', '500']) loan.setBorrowAmount(typed);
    expect([loan.userCouponId, loan.discountAmount]).toEqual([undefined, 0]);
    loan.setBorrowAmount('5000');
    expect([loan.userCouponId, loan.discountAmount]).toEqual(['C1', 100]);
    loan.startWithCoupon({ ...coupon, userCouponId: 'C-used' });
    await loan.open();
    expect([loan.userCouponId, loan.discountAmount]).toEqual([undefined, 0]);
  });

  it('starts from the defaults of PRODUCT.md §3 and resets to them', async () => {
    const { loan } = setup();
    expect([loan.periods, loan.type, loan.borrowAmount]).toEqual([1, 'ez', '']);
    await fill(loan);
    loan.setCoupon('C1');
    loan.resetForm();
    expect([
      loan.periods,
      loan.payeeId,
      loan.purpos,
      loan.userCouponId,
      loan.discountAmount,
    ]).toEqual([1, '', '', undefined, 0]);
  });

  it('shows every error and calls nothing when the form is incomplete', async () => {
    const { loan, transport, ui } = setup();
    await loan.open();
    await loan.submit();
    expect(loan.errors.borrowAmount).toBe(ENTER_AMOUNT);
    expect(loan.errors.payeeId).toBe(CHOOSE_PAYEE);
    expect(ui.shown).toContain(ENTER_AMOUNT);
    expect(named(transport, 'loanCheckByArc')).toEqual([]);
  });

  it('web: checks, applies once with the whole form, then the review success state', async () => {
    const { loan, transport, navigation } = setup();
    await fill(loan);
    loan.setCoupon('C1');
    await Promise.all([loan.submit(), loan.submit()]);
    expect(named(transport, 'applyNoPayPassword').map((c) => c.data)).toEqual([
      {
        borrowAmount: 5000,
        periods: 3,
        payeeId: 'GCASH:09171234567',
        payeeLabel: 'GCash 0917****567',
        purpos: 'Education',
        type: 'ez',
        userCouponId: 'C1',
        discountAmount: 100,
      },
    ]);
    expect(navigation.visited).toEqual([REVIEW_SUCCESS_PATH]);
    expect(loan.borrowAmount).toBe('');
  });

  it('a voucher is dropped when the amount falls under its minimum', async () => {
    const { loan } = setup();
    await fill(loan);
    loan.setCoupon('C1');
    expect(loan.discountAmount).toBe(100);
    loan.setBorrowAmount('2000');
    expect([loan.userCouponId, loan.discountAmount]).toEqual([undefined, 0]);
    expect(loan.usableCoupons).toEqual([]);
  });

  it('asks for the pay-password SMS when the check needs it, then applies with it', async () => {
    const { loan, transport, root, navigation } = setup({ needPayPassword: true });
    await fill(loan);
    await loan.submit();
    expect(loan.needPayPassword).toBe(true);
    expect(named(transport, 'getSmsCodeOfResetPayPassword')).toHaveLength(1);
    expect(named(transport, 'applyNoPayPassword')).toEqual([]);
    loan.setSmsCode('1234');
    await loan.submit();
    expect(named(transport, 'verifySmsOfPayPassword').map((c) => c.data)).toEqual([
      { code: '1234' },
    ]);
    expect(root.user.payPassword).toBe('pp-1');
    expect(named(transport, 'applyNoPayPassword')[0]?.data).toMatchObject({ payPassword: 'pp-1' });
    expect(navigation.visited).toEqual([REVIEW_SUCCESS_PATH]);
  });

  it('lender app: the payee comes from pickAccount and the application goes to loanApply', async () => {
    const bridge = fakeBridge({
      pickAccount: { resultCode: 0, data: { payeeId: 'PAYEE-1', payeeLabel: 'BDO ****1234' } },
      loanApply: { resultCode: 0, data: { orderNo: 'DL9' } },
    });
    const { loan, transport, navigation } = setup({ bridge });
    await loan.open();
    loan.setBorrowAmount('3000');
    loan.setPurpose('Medical');
    await loan.pickAccount();
    expect([loan.payeeId, loan.payeeLabel]).toEqual(['PAYEE-1', 'BDO ****1234']);
    await loan.submit();
    expect(bridge.calls.find((c) => c.method === 'loanApply')?.params).toEqual({
      borrowAmount: 3000,
      periods: 1,
      payeeId: 'PAYEE-1',
    });
    expect(named(transport, 'applyNoPayPassword')).toEqual([]);
    expect(navigation.visited).toEqual([REVIEW_SUCCESS_PATH]);
  });

  it('lender app: a cancelled loanApply stays on the form', async () => {
    const bridge = fakeBridge({ loanApply: { resultCode: 2 } });
    const { loan, navigation } = setup({ bridge });
    await fill(loan);
    await loan.submit();
    expect(navigation.visited).toEqual([]);
    expect(loan.borrowAmount).toBe('5000');
  });

  it('lender app: a failing pickAccount says so; a cancelled one says nothing', async () => {
    const failing = fakeBridge({ pickAccount: { resultCode: 3 } });
    const first = setup({ bridge: failing });
    await first.loan.pickAccount();
    expect(first.ui.shown).toContain(PICK_ACCOUNT_FAILED);
    const cancelled = setup({ bridge: fakeBridge({ pickAccount: { resultCode: 2 } }) });
    await cancelled.loan.pickAccount();
    expect(cancelled.ui.shown).not.toContain(PICK_ACCOUNT_FAILED);
  });

  it('web: picking an account opens the web picker', async () => {
    const { loan } = setup();
    await loan.pickAccount();
    expect(loan.webPickerOpen).toBe(true);
    loan.setPayee('MAYA:09171234567', 'Maya 0917****567');
    expect(loan.webPickerOpen).toBe(false);
  });
});
