/**
 * The mutable state of the mock domain: accounts (one per phone number), tokens and repay
 * orders, built from a validated scenario. Day offsets of the fixtures become unix seconds here,
 * relative to the injected `now`, so the data stays right on any date.
 */

import type { RepayOrder } from '@shared/api/endpoints';
import type {
  Coupon,
  KycRestoreItem,
  KycState,
  LoanInfo,
  LoanItem,
  LoanPeriod,
  Message,
  PlanItem,
} from '@shared/api/entities';
import type { Scenario, ScenarioUser } from '@shared/scenario';

export const DAY_SECONDS = 86_400;

/** One installment; `periodId` links it to its open repayment plan row. */
interface PeriodRecord extends LoanPeriod {
  periodId?: string;
}

/** A loan as the domain keeps it: the list row plus what loan/loanDetail needs. */
export interface LoanRecord extends Omit<LoanItem, 'periods'> {
  periods: PeriodRecord[];
  /** Loan state code (PRODUCT.md §4). */
  state: number;
  payeeLabel: string;
  failReason: string | null;
  /** Interest and fees for config/getOrderInfo. */
  monthlyInterest: number;
  serviceFee: number;
  receivedAmount: number;
}

interface ChannelPartnerState {
  balance: number;
  withdrawn: number;
  account: string | null;
  minWithdraw: number;
  orders: {
    orderNo: string;
    inviteeMsisdn: string;
    loanAmount: number;
    commission: number;
    createTime: number;
    state: 'pending' | 'settled';
  }[];
}

export interface Account {
  user: Omit<ScenarioUser, 'kycState'> & { kycState: KycState };
  loanInfo: LoanInfo;
  /** Open repayment plan rows (settled rows leave the plan). */
  plan: PlanItem[];
  /** Newest first. */
  loans: LoanRecord[];
  messages: Message[];
  coupons: Coupon[];
  /** Whether the unread list holds KYC (a review result not yet seen). */
  kycUnread: boolean;
  reviewState: number;
  kycDraft: { step: number; items: KycRestoreItem[] };
  channelPartner: ChannelPartnerState | null;
  /** Pay-password token issued by credit/verifySmsOfPayPassword. */
  payPassword: string | null;
}

/**
 * A repay order's life (DESIGN.md §6 "One pending order per installment set"): pending until
 * paid (success), replaced by an order on another channel for some of its installments
 * (voided), or left unpaid past its expiry (expired). Only a pending order can be paid.
 */
type OrderStatus = 'pending' | 'success' | 'voided' | 'expired';

export interface OrderRecord {
  order: RepayOrder;
  accountKey: string;
  periodIds: string[];
  status: OrderStatus;
  /** The Maya WebPay account the order was made for (another account is another order). */
  account?: string;
  /** The order that replaced this one, for the refusal's message. */
  voidedBy?: { orderNo: string; channelLabel: string };
}

export interface Session {
  accountKey: string;
  active: boolean;
  /**
   * Unix seconds (world clock) of the last call made with it; absent until its first use after
   * it was issued. Which token ends to make room follows it (accountLimits.ts).
   */
  lastUsed?: number;
}

export interface DomainState {
  scenario: Scenario;
  accounts: Map<string, Account>;
  sessions: Map<string, Session>;
  orders: Map<string, OrderRecord>;
  /** Sequence for generated order numbers (unique within a run). */
  seq: number;
  /** A recorded scenario's calls so far, per replay key (mock-server/domain/replay.ts). */
  replayed: Map<string, number>;
}

/** Accounts are keyed by area code and number without the optional leading 0. */
export function accountKeyOf(areaCode: string, msisdn: string): string {
  return `${areaCode}:${msisdn.replace(/^0/, '')}`;
}

const at = (nowSec: number, days: number) => nowSec + days * DAY_SECONDS;

/** Builds an account from a scenario's data, owned by `user`. */
function accountFromScenario(s: Scenario, nowSec: number, user = s.users[0]!): Account {
  const { dueInDays, ...loanInfo } = s.loanInfo;
  return {
    user: { ...user },
    loanInfo: {
      ...loanInfo,
      dueTime: dueInDays === 0 && loanInfo.state === 0 ? 0 : at(nowSec, dueInDays),
    },
    // Earliest due first, as the Bill page lists them.
    plan: s.plan
      .map(({ dueInDays: d, ...row }) => ({ ...row, dueDay: Math.abs(d), dueTime: at(nowSec, d) }))
      .sort((a, b) => a.dueTime - b.dueTime),
    loans: s.loans
      .map(({ loanInDays, periods, ...loan }) => {
        const principalFee = Math.round(loan.loanAmount * 0.05 * 100) / 100;
        return {
          ...loan,
          loanTime: at(nowSec, loanInDays),
          monthlyInterest: s.loanInfo.monthlyInterest,
          serviceFee: principalFee,
          receivedAmount: loan.loanAmount - principalFee,
          periods: periods.map(({ dueInDays: d, settledInDays, ...p }) => ({
            ...p,
            dueTime: at(nowSec, d),
            settledTime: settledInDays === null ? null : at(nowSec, settledInDays),
          })),
        };
      })
      .sort((a, b) => b.loanTime - a.loanTime),
    messages: s.messages
      .map(({ sentInDays, ...m }) => ({ ...m, sendTime: at(nowSec, sentInDays) }))
      .sort((a, b) => b.sendTime - a.sendTime),
    coupons: s.coupons.map(({ expiresInDays, ...c }) => ({
      ...c,
      expireTime: at(nowSec, expiresInDays),
    })),
    kycUnread: s.unread.includes('KYC'),
    reviewState: s.reviewInfo.state,
    kycDraft: { step: s.kycDraft.step, items: s.kycDraft.items.map((i) => ({ ...i })) },
    channelPartner: s.channelPartner
      ? {
          ...s.channelPartner,
          orders: s.channelPartner.orders.map(({ createdInDays, ...o }) => ({
            ...o,
            createTime: at(nowSec, createdInDays),
          })),
        }
      : null,
    payPassword: null,
  };
}

/** A brand-new account for a number no scenario knows: like `new-user`, with no history. */
export function newAccount(template: Scenario, nowSec: number, areaCode: string, msisdn: string) {
  const user: ScenarioUser = {
    msisdn: msisdn.replace(/^0/, ''),
    areaCode: areaCode as ScenarioUser['areaCode'],
    userId: `U${areaCode}${msisdn.replace(/^0/, '')}`,
    gender: 'Female',
    lastName: 'Borrower',
    kycState: 1,
    smsCode: '1234',
  };
  const account = accountFromScenario(template, nowSec, user);
  return { ...account, plan: [], loans: [], coupons: [], kycUnread: false, channelPartner: null };
}

/** Fresh state for a scenario: every user of the file gets an account; the first owns the data. */
export function createState(scenario: Scenario, nowSec: number, template: Scenario): DomainState {
  const accounts = new Map<string, Account>();
  scenario.users.forEach((user, i) => {
    const account =
      i === 0
        ? accountFromScenario(scenario, nowSec, user)
        : { ...newAccount(template, nowSec, user.areaCode, user.msisdn), user: { ...user } };
    accounts.set(accountKeyOf(user.areaCode, user.msisdn), account);
  });
  return {
    scenario,
    accounts,
    sessions: new Map(),
    orders: new Map(),
    seq: 0,
    replayed: new Map(),
  };
}
