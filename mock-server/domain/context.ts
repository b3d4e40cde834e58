/**
 * What every handler gets: the state, the reference data, the call, the clock and (for
 * endpoints that need a token) the caller's account. Plus the answer helpers.
 */

import type { EndpointName, Endpoints, ProductAnswer } from '@shared/api/endpoints';
import { ServerCode } from '@shared/codes';
import type { Scenario } from '@shared/scenario';
import type { z } from '@shared/zod';
import type { ReferenceData } from './loader';
import type { Account, DomainState } from './state';
import type { ApiCall } from './types';

export interface HandlerContext {
  state: DomainState;
  ref: ReferenceData;
  call: ApiCall;
  /** Unix seconds of this call. */
  nowSec: number;
  /** The caller's account key and account: set for every endpoint with `auth: true`. */
  accountKey: string | undefined;
  account: Account | undefined;
  /** The `new-user` scenario: template of accounts for unknown numbers. */
  template: Scenario;
  /** Issues a fresh session token for an account. */
  issueToken(accountKey: string): string;
}

/** A handler answers one endpoint from already validated request data. */
export type Handler<N extends EndpointName> = (
  ctx: HandlerContext,
  data: z.output<Endpoints[N]['request']>,
) => ProductAnswer;

export type HandlerTable = { [N in EndpointName]?: Handler<N> };

export function ok<T>(data: T, message = 'success'): ProductAnswer<T> {
  return { code: ServerCode.OK, message, data };
}

export function fail(code: number, message: string): ProductAnswer<null> {
  return { code, message, data: null };
}

/** The caller's account; the dispatcher guarantees it for auth endpoints. */
export function own(ctx: HandlerContext): Account {
  if (!ctx.account)
    throw new Error(`No account for ${ctx.call.path}: endpoint marked auth: false?`);
  return ctx.account;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A plain paged answer `{list, pageNum, pages, total}`; pages past the end are empty. */
export function pageOf<T>(all: readonly T[], pageNum: number, pageSize: number) {
  const total = all.length;
  return {
    list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize),
    pageNum,
    pages: Math.ceil(total / pageSize),
    total,
  };
}

/** Generated order numbers: prefix, the day (yyyymmdd, Manila time) and a sequence. */
export function nextOrderNo(ctx: HandlerContext, prefix: string): string {
  ctx.state.seq += 1;
  const manila = new Date((ctx.nowSec + 8 * 3600) * 1000).toISOString().slice(0, 10);
  return `${prefix}${manila.replaceAll('-', '')}${String(90000 + ctx.state.seq).padStart(5, '0')}`;
}
