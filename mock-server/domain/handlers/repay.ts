/** repay/*: the bill lists, repay channels, repay orders and what paying them changes. */
import type { RepayChannel } from '../../../src/shared/api/entities';
import { ServerCode } from '../../../src/shared/codes';
import { MAYA_ACCOUNT_PATTERN } from '../../../src/shared/constants';
import { formatPeso } from '../../../src/shared/money';
import {
  fail,
  type Handler,
  type HandlerContext,
  type HandlerTable,
  nextOrderNo,
  ok,
  own,
  pageOf,
  round2,
} from '../context';
import type { Account, OrderRecord } from '../state';

/** Channels paid in a wallet app through a link (the rest give a code to pay at a counter/app). */
const E_WALLET_CHANNELS = new Set(['GCASH_LINK_TO_PAY', 'MAYA_WEBPAY', 'FASTPAY']);
/** A repay order can be paid for this long. */
const ORDER_VALID_SECONDS = 24 * 3600;

/**
 * repay/loanList `type` (PRODUCT.md §2, §7): the Bill page's tabs are 1 Repayment Plan, 2 My Loan,
 * 3 Loan Settled and the request sends '' for tab 1, else tab minus 1. So:
 * - ''  → every loan (the full history, newest first);
 * - 1   → My Loan: loans not settled yet (types 1–3, including loans still releasing);
 * - 2   → Loan Settled: loans of type 4.
 */
function loansOfType(account: Account, type: '' | number) {
  if (type === '') return account.loans;
  return account.loans.filter((l) => (type === 2 ? l.type === 4 : l.type !== 4));
}

const loanList: Handler<'loanList'> = (ctx, data) => {
  const rows = loansOfType(own(ctx), data.type).map((l) => ({
    orderNo: l.orderNo,
    loanTime: l.loanTime,
    type: l.type,
    dueDay: l.dueDay,
    loanAmount: l.loanAmount,
    repayAmount: l.repayAmount,
    paidAmount: l.paidAmount,
    periods: l.periods.map(({ periodId: _, ...p }) => p),
  }));
  return ok(pageOf(rows, data.pageNum, data.pageSize));
};

function channelOf(ctx: HandlerContext, account: Account, key: string): RepayChannel | undefined {
  const { ph, tw } = ctx.ref.repayChannels;
  return (account.user.areaCode === '886' ? [...tw, ...ph] : ph).find((c) => c.key === key);
}

/** PRODUCT.md §9: the peso sign and 2 decimals, as the SPA writes amounts. */
const money = (n: number) => formatPeso(n);

const generatorRepayOrder: Handler<'generatorRepayOrder'> = (ctx, data) => {
  const account = own(ctx);
  const channel = channelOf(ctx, account, data.channel);
  if (!channel) return fail(ServerCode.BAD_REQUEST, `Unknown repay channel ${data.channel}`);
  if (new Set(data.periodIds).size !== data.periodIds.length) {
    return fail(ServerCode.BAD_REQUEST, 'A bill period was selected twice');
  }
  const rows = data.periodIds.map((id) => account.plan.find((p) => p.periodId === id));
  const missing = data.periodIds.find((_, i) => rows[i] === undefined);
  if (missing !== undefined) {
    return fail(ServerCode.BAD_REQUEST, `Unknown or already settled bill period ${missing}`);
  }
  const sum = round2(rows.reduce((total, row) => total + (row?.repayAmount ?? 0), 0));
  const fee = channel.fee ?? 0;
  // The client may send the bills' sum or the sum with the channel fee already added.
  if (Math.abs(data.repayAmount - sum) > 0.005 && Math.abs(data.repayAmount - sum - fee) > 0.005) {
    return fail(
      ServerCode.BAD_REQUEST,
      `The amount ${data.repayAmount} does not match the selected bills (${sum})`,
    );
  }
  if (channel.repayLimit !== null && sum > channel.repayLimit) {
    return fail(
      ServerCode.AMOUNT_OVER_LIMIT,
      `The amount exceeds the ${channel.label} limit of ${money(channel.repayLimit)}. ` +
        'Please choose another channel or fewer bills.',
    );
  }
  if (data.channel === 'MAYA_WEBPAY' && !MAYA_ACCOUNT_PATTERN.test(data.account ?? '')) {
    return fail(ServerCode.BAD_REQUEST, 'Please enter a Maya account starting with 08 or 09.');
  }
  const orderNo = nextOrderNo(ctx, 'RP');
  const wallet = E_WALLET_CHANNELS.has(channel.key);
  const order = {
    orderNo,
    channel: channel.key,
    amount: round2(sum + fee),
    fee,
    payCode: wallet ? null : `${orderNo.slice(-6)}${String(ctx.nowSec).slice(-6)}`,
    payUrl: wallet
      ? `https://pay.directloan.ph/checkout/${channel.key.toLowerCase()}/${orderNo}`
      : null,
    expireTime: ctx.nowSec + ORDER_VALID_SECONDS,
  };
  ctx.state.orders.set(orderNo, {
    order,
    accountKey: ctx.accountKey ?? '',
    periodIds: [...data.periodIds],
    status: 'pending',
  });
  return ok(order);
};

/** Paying settles the selected periods; a loan with nothing left is settled and frees credit. */
function settle(ctx: HandlerContext, record: OrderRecord) {
  const account = ctx.state.accounts.get(record.accountKey);
  if (!account) return;
  let paid = 0;
  for (const periodId of record.periodIds) {
    const row = account.plan.find((p) => p.periodId === periodId);
    if (!row) continue; // already settled by another order
    account.plan = account.plan.filter((p) => p !== row);
    paid += row.repayAmount;
    const loan = account.loans.find((l) => l.orderNo === row.orderNo);
    const period = loan?.periods.find((p) => p.periodId === periodId);
    if (!loan || !period) continue;
    period.type = 4;
    period.settledTime = ctx.nowSec;
    delete period.periodId;
    loan.paidAmount = round2(loan.paidAmount + period.repaymentAmount);
    const open = loan.periods.filter((p) => p.type !== 4);
    loan.type = open.length === 0 ? 4 : (Math.max(...open.map((p) => p.type)) as 1 | 2 | 3);
    if (open.length === 0) {
      loan.state = 4;
      account.loanInfo.loanAmount = round2(
        Math.max(0, account.loanInfo.loanAmount - loan.loanAmount),
      );
      account.loanInfo.lastAmount = Math.min(
        account.loanInfo.creditAmount,
        round2(account.loanInfo.lastAmount + loan.loanAmount),
      );
    }
  }
  const info = account.loanInfo;
  info.dueAmount = round2(Math.max(0, info.dueAmount - paid));
  const next = [...account.plan].sort((a, b) => a.dueTime - b.dueTime)[0];
  if (!next) {
    Object.assign(info, { state: 0, type: 0, dueAmount: 0, dueDay: 0, dueTime: 0 });
    return;
  }
  const overdue = account.plan.some((p) => p.type === 3);
  Object.assign(info, {
    state: overdue ? 3 : 4,
    type: overdue ? 2 : 1,
    dueDay: next.dueDay,
    dueTime: next.dueTime,
  });
}

/** The mock's payment partner pays at once: the first result query marks the order paid. */
const repayResult: Handler<'repayResult'> = (ctx, data) => {
  const record = ctx.state.orders.get(data.orderNo);
  if (!record) return fail(ServerCode.NOT_FOUND, `No repay order ${data.orderNo}`);
  if (record.status === 'pending') {
    record.status = 'success';
    settle(ctx, record);
  }
  const { orderNo, amount, channel } = record.order;
  return ok({ orderNo, status: record.status, amount, channel });
};

export const repayHandlers = {
  repayPlan: (ctx, data) => ok(pageOf(own(ctx).plan, data.pageNum, data.pageSize)),
  loanList,
  generatorRepayOrder,
  repayResult,
  repayChannel: (ctx) => ok(ctx.ref.repayChannels),
} satisfies HandlerTable;
