/**
 * Time in the domain follows the world's clock (DESIGN.md §6: a world holds its clock). Fixtures
 * give due dates as day offsets (src/shared/scenario.ts) and the state keeps absolute unix
 * seconds; what depends on "now" is derived here, before every call, so moving the clock changes
 * the answers: an installment due in 2 days is overdue 8 days after advancing 10, a voucher past
 * its date is expired, an order unpaid past its expiry has expired (and can no longer be paid). At a scenario's own start the
 * derivation gives exactly the fixture's values (a test checks every scenario).
 */
import { CouponStates, LoanStates, type PeriodType } from '@shared/api/entities';
import { marketDaysBetween } from '@shared/marketCalendar';
import { sumAmounts } from '@shared/money';
import type { Account, DomainState } from './state';

/** Days before its due date an installment is "Due" (type 2) rather than "Normal" (type 1). */
const DUE_PERIOD_DAYS = 3;

/** Loan states that follow their installments (PRODUCT.md §4): overdue, or released and repaid. */
const OVERDUE_STATE = LoanStates.OVERDUE;
const REPAYING_STATE = LoanStates.RELEASED;

/**
 * An open installment's type and day count at `nowSec`, in days of the market calendar (DESIGN.md
 * §6): the dates the borrower reads beside the count. Overdue (3) from the market day after its
 * due date, counting the days since; else due (2) within DUE_PERIOD_DAYS, normal (1) before,
 * counting the days left (0 on the due date itself). At 01:30 on Dec 11 an installment due on
 * Nov 30 is 11 days overdue and one due on Dec 18 has 7 days left, whatever the hour it falls due.
 */
export function dueStateAt(dueTime: number, nowSec: number): { type: PeriodType; days: number } {
  const left = marketDaysBetween(nowSec * 1000, dueTime * 1000);
  if (left < 0) return { type: 3, days: -left };
  return { type: left <= DUE_PERIOD_DAYS ? 2 : 1, days: left };
}

/**
 * Home's due block (loan/loanInfo `dueTime`, `dueDay`, `type`, `dueAmount`) follows the earliest
 * unpaid installment, as the Repayment Plan lists it first: its date, its day count and whether it
 * is overdue (loan type 2, PRODUCT.md §4 overdue display), and the whole open plan as the amount
 * due. An overdue account whose overdue installments are gone (paid, or the clock moved back) is
 * repaying again (3 → 4). The other way the state is the lender's decision, not the calendar's:
 * `repaying` is state 4 with an overdue row (DESIGN.md §6), shown overdue through its type.
 */
function followPlan(account: Account): void {
  const info = account.loanInfo;
  const earliest = account.plan.reduce<(typeof account.plan)[number] | undefined>(
    (first, row) => (first === undefined || row.dueTime < first.dueTime ? row : first),
    undefined,
  );
  if (!earliest) return;
  const overdue = earliest.type === 3;
  info.dueTime = earliest.dueTime;
  info.dueDay = earliest.dueDay;
  info.type = overdue ? 2 : 1;
  info.dueAmount = sumAmounts(account.plan.map((row) => row.repayAmount));
  if (info.state === OVERDUE_STATE && !overdue) info.state = REPAYING_STATE;
}

function followAccount(account: Account, nowSec: number): void {
  for (const row of account.plan) {
    const { type, days } = dueStateAt(row.dueTime, nowSec);
    row.type = type;
    row.dueDay = days;
  }
  for (const loan of account.loans) {
    const open = loan.periods.filter((p) => p.type !== 4 && p.settledTime === null);
    if (open.length === 0) continue;
    let urgent: { type: PeriodType; days: number; dueTime: number } | undefined;
    for (const period of open) {
      const at = dueStateAt(period.dueTime, nowSec);
      period.type = at.type;
      const more = !urgent || at.type > urgent.type;
      if (more || (at.type === urgent?.type && period.dueTime < urgent.dueTime)) {
        urgent = { ...at, dueTime: period.dueTime };
      }
    }
    if (!urgent) continue;
    loan.type = urgent.type;
    loan.dueDay = urgent.days;
    if (loan.state === OVERDUE_STATE || loan.state === REPAYING_STATE) {
      loan.state = urgent.type === 3 ? OVERDUE_STATE : REPAYING_STATE;
    }
  }
  followPlan(account);
  for (const coupon of account.coupons) {
    if (coupon.state === CouponStates.AVAILABLE && coupon.expireTime < nowSec) {
      coupon.state = CouponStates.EXPIRED;
    }
  }
}

/** Brings every time-dependent value of the state to `nowSec` (unix seconds). */
export function followClock(state: DomainState, nowSec: number): void {
  for (const account of state.accounts.values()) followAccount(account, nowSec);
  for (const record of state.orders.values()) {
    if (record.status === 'pending' && record.order.expireTime <= nowSec) record.status = 'expired';
  }
}
