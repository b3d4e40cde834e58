/** loan/* and credit/*: eligibility, the loan preview, applying, loan details and documents. */
import { CouponStates, KycStates, LoanStates } from '@shared/api/entities';
import { randomUUID } from 'node:crypto';
import { ServerCode } from '@shared/codes';
import { MIN_BORROW_AMOUNT } from '@shared/constants';
import { formatPeso } from '@shared/money';
import {
  fail,
  type Handler,
  type HandlerContext,
  type HandlerTable,
  nextOrderNo,
  ok,
  own,
  round2,
} from '../context';
import { type Account, DAY_SECONDS, type LoanRecord } from '../state';

/** The state of a loan just applied for: releasing (the first of LoanStates.RELEASING). */
const NEW_LOAN_STATE = LoanStates.RELEASING[0];

/** Service fee taken from the amount at disbursement. */
const SERVICE_FEE_RATE = 0.05;
/** Installments fall due every 30 days. */
const PERIOD_DAYS = 30;
/** Loan states in which a new loan cannot start: releasing (2, 7) or overdue (3). */
const BLOCKING_LOAN_STATES = new Set([2, 3, 7]);
/** Longest loan offered, in periods (also keeps a schedule from growing without bound). */
const MAX_PERIODS = 12;

/** Why this account cannot borrow `amount` now, or null when it can. */
function refusal(account: Account, amount: number): string | null {
  if (account.user.kycState !== KycStates.APPROVED)
    return 'Please complete your KYC in the Direct Loan app first.';
  if (BLOCKING_LOAN_STATES.has(account.loanInfo.state)) {
    return 'You have a loan in progress. Please wait until it is released or repaid.';
  }
  if (amount < MIN_BORROW_AMOUNT)
    return `The minimum loan amount is ${formatPeso(MIN_BORROW_AMOUNT)}.`;
  if (amount > account.loanInfo.lastAmount) {
    return `The amount exceeds your available credit of ${formatPeso(account.loanInfo.lastAmount)}.`;
  }
  return null;
}

interface Preview {
  borrowAmount: number;
  periods: number;
  interest: number;
  serviceFee: number;
  discountAmount: number;
  receivedAmount: number;
  totalRepayment: number;
  schedule: { period: number; dueTime: number; amount: number }[];
}

/** Interest = amount × monthlyInterest% × periods; a coupon discounts the repayment. */
function preview(
  ctx: HandlerContext,
  account: Account,
  borrowAmount: number,
  periods: number,
  couponId: string | undefined,
): Preview | string {
  if (periods > MAX_PERIODS) return `Loans run for 1 to ${MAX_PERIODS} periods.`;
  let discountAmount = 0;
  if (couponId !== undefined) {
    const coupon = account.coupons.find((c) => c.userCouponId === couponId);
    if (coupon?.state !== CouponStates.AVAILABLE) return 'This voucher is not available.';
    if (borrowAmount < coupon.minBorrowAmount) {
      return `This voucher needs a loan of at least ${formatPeso(coupon.minBorrowAmount)}.`;
    }
    discountAmount = coupon.discountAmount;
  }
  const interest = round2(borrowAmount * (account.loanInfo.monthlyInterest / 100) * periods);
  const serviceFee = round2(borrowAmount * SERVICE_FEE_RATE);
  const totalRepayment = round2(borrowAmount + interest - discountAmount);
  const each = round2(totalRepayment / periods);
  const schedule = Array.from({ length: periods }, (_, i) => ({
    period: i + 1,
    dueTime: ctx.nowSec + (i + 1) * PERIOD_DAYS * DAY_SECONDS,
    // The last installment absorbs the rounding.
    amount: i === periods - 1 ? round2(totalRepayment - each * (periods - 1)) : each,
  }));
  return {
    borrowAmount,
    periods,
    interest,
    serviceFee,
    discountAmount,
    receivedAmount: round2(borrowAmount - serviceFee),
    totalRepayment,
    schedule,
  };
}

const loanCheckByArc: Handler<'loanCheckByArc'> = (ctx, data) => {
  const reason = refusal(own(ctx), data.borrowAmount);
  return ok({ pass: reason === null, needPayPassword: false, reason });
};

/**
 * What an application of `data` would book, or why it is refused: the one rule of the preview
 * and of the application, so the preview never shows a loan the application refuses (₱0.01,
 * an amount above the credit). Amounts are whole centavos before they get here (the endpoint
 * table's schemas, src/shared/api/amounts.ts).
 */
function assess(
  ctx: HandlerContext,
  account: Account,
  data: { borrowAmount: number; periods: number; userCouponId?: string | undefined },
): Preview | string {
  return (
    refusal(account, data.borrowAmount) ??
    preview(ctx, account, data.borrowAmount, data.periods, data.userCouponId)
  );
}

const calculateLoanInfo: Handler<'calculateLoanInfo'> = (ctx, data) => {
  const result = assess(ctx, own(ctx), data);
  return typeof result === 'string' ? fail(ServerCode.NOT_ELIGIBLE, result) : ok(result);
};

const applyNoPayPassword: Handler<'applyNoPayPassword'> = (ctx, data) => {
  const account = own(ctx);
  // A second submit while the first loan is releasing is the double tap the product guards.
  if (account.loanInfo.state === NEW_LOAN_STATE) {
    return fail(ServerCode.DUPLICATE_SUBMIT, 'Your loan application is already being processed.');
  }
  const result = assess(ctx, account, data);
  if (typeof result === 'string') return fail(ServerCode.NOT_ELIGIBLE, result);
  const coupon = account.coupons.find((c) => c.userCouponId === data.userCouponId);
  if (coupon) coupon.state = CouponStates.USED;
  const orderNo = nextOrderNo(ctx, 'DL');
  const loan: LoanRecord = {
    orderNo,
    loanTime: ctx.nowSec,
    type: 1,
    dueDay: PERIOD_DAYS,
    loanAmount: data.borrowAmount,
    repayAmount: result.totalRepayment,
    paidAmount: 0,
    state: NEW_LOAN_STATE,
    payeeLabel: data.payeeLabel,
    failReason: null,
    monthlyInterest: account.loanInfo.monthlyInterest,
    serviceFee: result.serviceFee,
    receivedAmount: result.receivedAmount,
    periods: result.schedule.map((s) => ({
      period: s.period,
      dueTime: s.dueTime,
      settledTime: null,
      repaymentAmount: s.amount,
      type: 1,
    })),
  };
  account.loans.unshift(loan);
  const info = account.loanInfo;
  account.loanInfo = {
    ...info,
    state: NEW_LOAN_STATE,
    type: 1,
    lastAmount: round2(info.lastAmount - data.borrowAmount),
    loanAmount: round2(info.loanAmount + data.borrowAmount),
  };
  return ok({ orderNo });
};

const loanDetail: Handler<'loanDetail'> = (ctx, data) => {
  const account = own(ctx);
  const loan =
    data.orderNo === undefined
      ? account.loans[0]
      : account.loans.find((l) => l.orderNo === data.orderNo);
  if (!loan) return data.orderNo === undefined ? ok(null) : notFound(data.orderNo);
  return ok({
    orderNo: loan.orderNo,
    state: loan.state,
    borrowAmount: loan.loanAmount,
    receivedAmount: loan.receivedAmount,
    periods: loan.periods.length,
    payeeLabel: loan.payeeLabel,
    applyTime: loan.loanTime,
    failReason: loan.failReason,
    type: loan.type,
  });
};

function notFound(orderNo: string) {
  return fail(ServerCode.NOT_FOUND, `No loan with order number ${orderNo}`);
}

/** Document data (loan agreement, disclosure statement, promissory note) of one loan. */
const getOrderInfo: Handler<'getOrderInfo'> = (ctx, data) => {
  const account = own(ctx);
  const loan = account.loans.find((l) => l.orderNo === data.orderNo);
  if (!loan) return notFound(data.orderNo);
  const { gender, lastName, msisdn } = account.user;
  return ok({
    orderNo: loan.orderNo,
    borrowerName: `${gender === 'Female' ? 'Ms.' : 'Mr.'} ${lastName}`,
    msisdn: `0${msisdn}`,
    loanAmount: loan.loanAmount,
    receivedAmount: loan.receivedAmount,
    interest: round2(loan.repayAmount - loan.loanAmount),
    serviceFee: loan.serviceFee,
    periods: loan.periods.length,
    monthlyInterest: loan.monthlyInterest,
    loanTime: loan.loanTime,
    schedule: loan.periods.map((p) => ({
      period: p.period,
      dueTime: p.dueTime,
      amount: p.repaymentAmount,
    })),
  });
};

const verifySmsOfPayPassword: Handler<'verifySmsOfPayPassword'> = (ctx, data) => {
  const account = own(ctx);
  if (data.code !== account.user.smsCode) {
    return fail(ServerCode.SMS_CODE_WRONG, 'Invalid verification code');
  }
  account.payPassword = randomUUID();
  return ok({ payPassword: account.payPassword });
};

export const loanHandlers = {
  loanInfo: (ctx) => ok(own(ctx).loanInfo),
  reviewInfo: (ctx) => ok({ state: own(ctx).reviewState }),
  loanCheckByArc,
  calculateLoanInfo,
  applyNoPayPassword,
  loanDetail,
  getOrderInfo,
  getSmsCodeOfResetPayPassword: () => ok(null),
  verifySmsOfPayPassword,
} satisfies HandlerTable;
