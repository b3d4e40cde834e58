/**
 * Repay orders as a careful lender keeps them (DESIGN.md §6 "One pending order per installment
 * set"; Stripe-style idempotency): an installment has at most one pending order. Asking again for
 * the same installments on the same channel gets that order back; an order on another channel,
 * or for a set that shares any installment with a pending order, voids the earlier order. Only a
 * pending order can be paid: a voided, expired or paid one is refused with the reason.
 *
 * Overlap, not only an equal set, voids: if {P1, P2} stayed payable beside a new {P2, P3}, paying
 * both would pay P2 twice.
 */
import type { ProductAnswer } from '@shared/api/endpoints';
import { LoanStates, type OrderRefusal } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { fail, ok, round2 } from './context';
import type { DomainState, OrderRecord } from './state';

/** What a borrower asks an order for. */
interface OrderRequest {
  accountKey: string;
  channel: string;
  periodIds: readonly string[];
  /** Maya WebPay account, if any. */
  account?: string;
}

/** The account's pending orders that share at least one installment with the request. */
export function pendingOrdersSharing(state: DomainState, request: OrderRequest): OrderRecord[] {
  const wanted = new Set(request.periodIds);
  return [...state.orders.values()].filter(
    (record) =>
      record.status === 'pending' &&
      record.accountKey === request.accountKey &&
      record.periodIds.some((id) => wanted.has(id)),
  );
}

/** The request is answered by `record` itself: same channel, same installments, same account. */
export function answersRequest(record: OrderRecord, request: OrderRequest): boolean {
  const wanted = new Set(request.periodIds);
  return (
    record.order.channel === request.channel &&
    record.periodIds.length === wanted.size &&
    record.periodIds.every((id) => wanted.has(id)) &&
    (record.account ?? '') === (request.account ?? '')
  );
}

/** Marks earlier orders replaced by `by`; paying them is refused from now on. */
export function voidOrders(
  records: readonly OrderRecord[],
  by: { orderNo: string; channelLabel: string },
): void {
  for (const record of records) {
    record.status = 'voided';
    record.voidedBy = { ...by };
  }
}

/**
 * The order that now holds the installments of a replaced one: the end of its chain of
 * replacements while that can still be paid, else none (paid, expired, replaced without a live
 * successor).
 */
function liveSuccessor(
  state: DomainState,
  record: OrderRecord,
): { record: OrderRecord; channelLabel: string } | undefined {
  const seen = new Set<OrderRecord>();
  let current = record;
  let channelLabel = '';
  while (current.status === 'voided' && current.voidedBy && !seen.has(current)) {
    seen.add(current);
    channelLabel = current.voidedBy.channelLabel;
    const next = state.orders.get(current.voidedBy.orderNo);
    if (!next) return undefined;
    current = next;
  }
  return current !== record && current.status === 'pending'
    ? { record: current, channelLabel }
    : undefined;
}

/** A refusal of `record` with its reason for people and for the SPA (OrderRefusal). */
function refused(
  code: number,
  message: string,
  refusal: OrderRefusal,
): ProductAnswer<OrderRefusal> {
  return { code, message, data: refusal };
}

/**
 * Why `record` cannot be paid at `nowSec`, or `null` when it can. A pending order past its expiry
 * is marked expired on the way (the clock may have moved since the last call's followClock). A
 * replaced order's refusal names the order to pay instead while it is payable.
 */
export function payRefusal(
  state: DomainState,
  record: OrderRecord,
  nowSec: number,
): ProductAnswer<OrderRefusal> | null {
  const { orderNo } = record.order;
  if (record.status === 'pending' && record.order.expireTime <= nowSec) record.status = 'expired';
  switch (record.status) {
    case 'pending':
      return null;
    case 'success':
      return refused(ServerCode.ORDER_ALREADY_PAID, `This order (${orderNo}) is already paid.`, {
        orderNo,
        status: 'paid',
      });
    case 'voided': {
      const by = record.voidedBy;
      const live = liveSuccessor(state, record);
      return refused(
        ServerCode.ORDER_REPLACED,
        by
          ? `This order (${orderNo}) was replaced by a newer one on ${by.channelLabel} (${by.orderNo}). Please pay that order instead.`
          : `This order (${orderNo}) was replaced by a newer one. Please pay that order instead.`,
        {
          orderNo,
          status: 'replaced',
          ...(live
            ? {
                liveOrder: {
                  orderNo: live.record.order.orderNo,
                  channel: live.record.order.channel,
                  channelLabel: live.channelLabel,
                },
              }
            : {}),
        },
      );
    }
    case 'expired':
      return refused(
        ServerCode.ORDER_EXPIRED,
        `This order (${orderNo}) expired before it was paid. Please choose the bills to pay again.`,
        { orderNo, status: 'expired' },
      );
    default: {
      const unknown: never = record.status;
      throw new Error(`Unknown order status ${String(unknown)}`);
    }
  }
}

/**
 * Pays a pending order (the caller checked {@link payRefusal}): its installments are settled and
 * a loan with nothing left is settled and frees credit.
 */
export function payOrder(state: DomainState, nowSec: number, record: OrderRecord): void {
  record.status = 'success';
  const account = state.accounts.get(record.accountKey);
  if (!account) return;
  for (const periodId of record.periodIds) {
    const row = account.plan.find((p) => p.periodId === periodId);
    if (!row) continue; // cannot happen while one installment has one pending order
    account.plan = account.plan.filter((p) => p !== row);
    const loan = account.loans.find((l) => l.orderNo === row.orderNo);
    const period = loan?.periods.find((p) => p.periodId === periodId);
    if (!loan || !period) continue;
    period.type = 4;
    period.settledTime = nowSec;
    delete period.periodId;
    loan.paidAmount = round2(loan.paidAmount + period.repaymentAmount);
    const open = loan.periods.filter((p) => p.type !== 4);
    loan.type = open.length === 0 ? 4 : (Math.max(...open.map((p) => p.type)) as 1 | 2 | 3);
    if (open.length === 0) {
      loan.state = LoanStates.RELEASED;
      account.loanInfo.loanAmount = round2(
        Math.max(0, account.loanInfo.loanAmount - loan.loanAmount),
      );
      account.loanInfo.lastAmount = Math.min(
        account.loanInfo.creditAmount,
        round2(account.loanInfo.lastAmount + loan.loanAmount),
      );
    }
  }
  // What is due next (date, day count, overdue, amount) follows the plan before every call
  // (timeline.ts followPlan); a plan with nothing left has nothing due.
  if (account.plan.length === 0) {
    Object.assign(account.loanInfo, { state: 0, type: 0, dueAmount: 0, dueDay: 0, dueTime: 0 });
  }
}

/**
 * A wallet's payment of an order (the lender app's gcashPayment, FastPay's fastPayPayment): the
 * exact amount of a pending order, else refused with the reason.
 */
export function walletPayment(
  state: DomainState,
  nowSec: number,
  payment: { orderNo: string; amount: number },
): ProductAnswer<OrderRefusal | null> {
  const record = state.orders.get(payment.orderNo);
  if (!record) return fail(ServerCode.NOT_FOUND, `No repay order ${payment.orderNo}`);
  const refusal = payRefusal(state, record, nowSec);
  if (refusal) return refusal;
  if (Math.abs(record.order.amount - payment.amount) > 0.005) {
    return fail(ServerCode.BAD_REQUEST, `The amount must be ${record.order.amount}`);
  }
  payOrder(state, nowSec, record);
  return ok(null);
}
