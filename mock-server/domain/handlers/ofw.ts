/**
 * ofw/billInquiry: an overseas worker looks up a bill by mobile number and order number without
 * logging in (/ofw/bill_inquiry). Both must match one loan; the name is masked since the caller
 * is not authenticated.
 */

import type { PeriodType } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { fail, type Handler, type HandlerTable, ok, round2 } from '../context';
import { accountKeyOf } from '../state';

export const NO_BILL_TEXT = 'No bill matches this mobile number and order number.';

const ofwBillInquiry: Handler<'ofwBillInquiry'> = (ctx, data) => {
  const account = ctx.state.accounts.get(accountKeyOf(data.areaCode, data.msisdn));
  const loan = account?.loans.find((l) => l.orderNo === data.orderNo.trim());
  if (!account || !loan) return fail(ServerCode.NOT_FOUND, NO_BILL_TEXT);
  const open = loan.periods.filter((p) => p.settledTime === null);
  const type: PeriodType =
    open.length === 0 ? 4 : (Math.max(...open.map((p) => p.type)) as PeriodType);
  const { gender, lastName } = account.user;
  return ok({
    orderNo: loan.orderNo,
    borrowerName: `${gender === 'Female' ? 'Ms.' : 'Mr.'} ${lastName[0]}${'*'.repeat(Math.max(2, lastName.length - 1))}`,
    loanAmount: loan.loanAmount,
    dueAmount: round2(open.reduce((sum, p) => sum + p.repaymentAmount, 0)),
    nextDueTime: open.length === 0 ? null : Math.min(...open.map((p) => p.dueTime)),
    type,
  });
};

export const ofwHandlers = { ofwBillInquiry } satisfies HandlerTable;
