/**
 * A domain's whole state as JSON and back (`GET|PUT /__admin/worlds/:id/snapshot`,
 * src/shared/workbench.ts): accounts (user, loan info, plan, loans, messages, coupons, KYC draft,
 * channel partner, pay password), session tokens, repay orders, the order sequence and the lucky
 * draws, and how far a recorded scenario has replayed. Restoring it and continuing behaves as the
 * original: tokens keep working, order numbers continue, a replay goes on with its next answers.
 * The scenario itself is named, and taken from the server's catalog on restore.
 */

import {
  couponSchema,
  kycRestoreItemSchema,
  kycStateSchema,
  loanInfoSchema,
  loanItemSchema,
  loanPeriodSchema,
  messageSchema,
  planItemSchema,
} from '@shared/api/entities';
import { z } from '@shared/zod';
import { exportDraws, importDraws } from './handlers/activity';
import type { Account, DomainState, OrderRecord, Session } from './state';
import { SnapshotError } from './types';
import { describeIssues } from '@shared/zodIssues';

const accountSchema = z.object({
  user: z.object({
    msisdn: z.string(),
    areaCode: z.string(),
    userId: z.string(),
    smsCode: z.string(),
    kycState: kycStateSchema,
  }),
  loanInfo: loanInfoSchema,
  plan: z.array(planItemSchema),
  loans: z.array(
    z.extend(loanItemSchema, {
      periods: z.array(z.extend(loanPeriodSchema, { periodId: z.optional(z.string()) })),
      state: z.int(),
      payeeLabel: z.string(),
      failReason: z.nullable(z.string()),
      monthlyInterest: z.number(),
      serviceFee: z.number(),
      receivedAmount: z.number(),
    }),
  ),
  messages: z.array(messageSchema),
  coupons: z.array(couponSchema),
  kycUnread: z.boolean(),
  reviewState: z.int(),
  kycDraft: z.object({ step: z.int(), items: z.array(kycRestoreItemSchema) }),
  channelPartner: z.nullable(
    z.object({
      balance: z.number(),
      withdrawn: z.number(),
      account: z.nullable(z.string()),
      minWithdraw: z.number(),
      orders: z.array(z.object({ orderNo: z.string(), createTime: z.number() })),
    }),
  ),
  payPassword: z.nullable(z.string()),
});

const orderSchema = z.object({
  order: z.object({ orderNo: z.string(), amount: z.number(), expireTime: z.number() }),
  accountKey: z.string(),
  periodIds: z.array(z.string()),
  /** 'failed' is how snapshots taken before orders could be voided name an expired order. */
  status: z.enum(['pending', 'success', 'voided', 'expired', 'failed']),
  account: z.optional(z.string()),
  voidedBy: z.optional(z.object({ orderNo: z.string(), channelLabel: z.string() })),
});

const drawSchema = z.object({
  accountKey: z.string(),
  used: z.int().check(z.nonnegative()),
  claimed: z.array(z.string()),
  records: z.array(
    z.object({
      prize: z.object({ key: z.string(), title: z.string(), kind: z.string(), amount: z.number() }),
      drawTime: z.int(),
    }),
  ),
});

/**
 * The serialised state, checked on restore. Values are checked against the entity schemas and
 * then taken verbatim (a JSON copy), so nothing the domain keeps is lost to a schema.
 */
const domainStateSchema = z.object({
  version: z.literal(1),
  accounts: z.array(z.tuple([z.string(), accountSchema])),
  sessions: z.array(
    z.tuple([
      z.string(),
      z.object({
        accountKey: z.string(),
        active: z.boolean(),
        lastUsed: z.optional(z.int()),
      }),
    ]),
  ),
  orders: z.array(z.tuple([z.string(), orderSchema])),
  seq: z.int().check(z.nonnegative()),
  draws: z.array(drawSchema),
  /** A recorded scenario's calls so far per path (absent in snapshots before recordings). */
  replayed: z.optional(z.array(z.tuple([z.string(), z.int().check(z.nonnegative())]))),
});

export interface SerialisedState {
  version: 1;
  accounts: [string, Account][];
  sessions: [string, Session][];
  orders: [string, OrderRecord][];
  seq: number;
  draws: ReturnType<typeof exportDraws>;
  replayed: [string, number][];
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function serialiseState(state: DomainState): SerialisedState {
  return copy({
    version: 1,
    accounts: [...state.accounts],
    sessions: [...state.sessions],
    orders: [...state.orders],
    seq: state.seq,
    draws: exportDraws(state),
    replayed: [...state.replayed],
  });
}

/** The state a serialised one describes, on `scenario`; SnapshotError when it is malformed. */
export function deserialiseState(scenario: DomainState['scenario'], raw: unknown): DomainState {
  const checked = domainStateSchema.safeParse(raw);
  if (!checked.success) {
    const issues = describeIssues(checked.error, { root: 'state', prefix: 'state.', limit: 5 });
    throw new SnapshotError(`Malformed state: ${issues}`);
  }
  const data = copy(raw) as SerialisedState;
  const state: DomainState = {
    scenario,
    accounts: new Map(data.accounts),
    sessions: new Map(data.sessions),
    orders: new Map(
      data.orders.map(([orderNo, record]) => [
        orderNo,
        (record.status as string) === 'failed' ? { ...record, status: 'expired' } : record,
      ]),
    ),
    seq: data.seq,
    replayed: new Map(data.replayed ?? []),
  };
  importDraws(state, data.draws);
  return state;
}
