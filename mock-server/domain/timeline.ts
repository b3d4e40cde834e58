/**
 * Time in the domain follows the world's clock (DESIGN.md §6: a world holds its clock). Fixtures
 * give due dates as day offsets (src/shared/scenario.ts) and the state keeps absolute unix
 * seconds; what depends on "now" is derived here, before every call, so moving the clock changes
 * the answers: an installment due in 2 days is overdue 8 days after advancing 10, a voucher past
 * its date is expired, an order unpaid past its expiry has expired (and can no longer be paid). At a scenario's own start the
 * derivation gives exactly the fixture's values (a test checks every scenario).
 */
import { CouponStates, LoanStates, type PeriodType } from '@shared/api/entities';
import { type Account, DAY_SECONDS, type DomainState } from './state';

/** Days before its due date an installment is "Due" (type 2) rather than "Normal" (type 1). */
export const DUE_PERIOD_DAYS = 3;

/** Loan states that follow their installments (PRODUCT.md §4): overdue, or released and repaid. */
const OVERDUE_STATE = LoanStates.OVERDUE;
const REPAYING_STATE = LoanStates.RELEASED;

/**
 * An open installment's type and day count at `nowSec`: overdue (3) from one whole day after its
 * due time, counting whole days late; else due (2) within DUE_PERIOD_DAYS, normal (1) before,
 * counting days left (rounded up, 0 on the day).
 */
export function dueStateAt(dueTime: number, nowSec: number): { type: PeriodType; days: number } {
  const late = Math.floor((nowSec - dueTime) / DAY_SECONDS);
  if (late >= 1) return { type: 3, days: late };
  const left = Math.max(0, Math.ceil((dueTime - nowSec) / DAY_SECONDS));
  return { type: left <= DUE_PERIOD_DAYS ? 2 : 1, days: left };
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
  const info = account.loanInfo;
  if ((info.state === OVERDUE_STATE || info.state === REPAYING_STATE) && info.dueTime > 0) {
    const { type, days } = dueStateAt(info.dueTime, nowSec);
    info.state = type === 3 ? OVERDUE_STATE : REPAYING_STATE;
    info.type = type === 3 ? 2 : 1;
    info.dueDay = days;
  }
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
