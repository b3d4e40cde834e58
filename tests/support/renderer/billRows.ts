/** Builders of plan and loan rows, and of paged answers, for the tests of paged lists. */
import type { LoanItem, PeriodType, PlanItem } from '@shared/api/entities';

export function planRow(n: number, type: PeriodType, repayAmount = 100): PlanItem {
  return {
    periodId: `P${n}`,
    orderNo: `DL${n}`,
    period: 1,
    type,
    dueDay: 3,
    dueTime: 1_800_000_000,
    repayAmount,
  };
}

export function loanRow(n: number, orderNo = `DL${n}`): LoanItem {
  return {
    orderNo,
    loanTime: 1_790_000_000,
    type: 1,
    dueDay: 3,
    loanAmount: 5000,
    repayAmount: 5525,
    paidAmount: 0,
    periods: [
      { period: 1, dueTime: 1_800_000_000, settledTime: null, repaymentAmount: 5525, type: 1 },
    ],
  };
}

/** A server answering `total` rows in pages of `pageSize`. */
export function pagedAnswer<T>(rows: readonly T[]) {
  return (data: unknown) => {
    const { pageNum, pageSize } = data as { pageNum: number; pageSize: number };
    const list = rows.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return {
      code: 200,
      message: 'success',
      data: { list, pageNum, pages: Math.ceil(rows.length / pageSize), total: rows.length },
    };
  };
}
