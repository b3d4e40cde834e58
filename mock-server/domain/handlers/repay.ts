/**
 * repay/*: the bill lists, repay channels and repay orders; what an order may be and what paying
 * it changes is ../orders.ts.
 */
import type { RepayChannel } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { MAYA_ACCOUNT_PATTERN } from '@shared/constants';
import { formatPeso } from '@shared/money';
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
import { trimSettledOrders } from '../accountLimits';
import { answersRequest, payOrder, payRefusal, pendingOrdersSharing, voidOrders } from '../orders';
import type { Account } from '../state';

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
      `The amount ${money(data.repayAmount)} does not match the selected bills (${money(sum)})`,
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
  const request = {
    accountKey: ctx.accountKey ?? '',
    channel: channel.key,
    periodIds: data.periodIds,
    ...(data.account === undefined ? {} : { account: data.account }),
  };
  // One pending order per installment set (DESIGN.md §6): the same request gets the same order.
  const earlier = pendingOrdersSharing(ctx.state, request);
  const same = earlier.find((record) => answersRequest(record, request));
  if (same) return ok(same.order, 'An order for these bills is already waiting for payment');
  const orderNo = nextOrderNo(ctx, 'RP');
  voidOrders(earlier, { orderNo, channelLabel: channel.label });
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
    accountKey: request.accountKey,
    periodIds: [...data.periodIds],
    status: 'pending',
    ...(data.account === undefined ? {} : { account: data.account }),
  });
  trimSettledOrders(ctx.state, request.accountKey);
  return ok(order);
};

/**
 * The mock's payment partner pays at once: the first result query of a pending order pays it.
 * So the query of an order that can no longer be paid (voided, expired) is that refused payment
 * and says why; a paid order's query reports its success again.
 */
const repayResult: Handler<'repayResult'> = (ctx, data) => {
  const record = ctx.state.orders.get(data.orderNo);
  if (!record) return fail(ServerCode.NOT_FOUND, `No repay order ${data.orderNo}`);
  const refusal = payRefusal(ctx.state, record, ctx.nowSec);
  if (refusal === null) payOrder(ctx.state, ctx.nowSec, record);
  else if (record.status !== 'success') return refusal;
  const { orderNo, amount, channel } = record.order;
  return ok({ orderNo, status: 'success' as const, amount, channel });
};

export const repayHandlers = {
  repayPlan: (ctx, data) => ok(pageOf(own(ctx).plan, data.pageNum, data.pageSize)),
  loanList,
  generatorRepayOrder,
  repayResult,
  repayChannel: (ctx) => ok(ctx.ref.repayChannels),
} satisfies HandlerTable;
