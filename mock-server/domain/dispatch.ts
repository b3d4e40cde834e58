/**
 * Routes a call to its handler: endpoint lookup by path (from the shared table), host check,
 * token rules, request validation, scenario-forced answers, and a last-resort catch so that no
 * input ever makes the domain throw.
 */

import { type EndpointName, endpoints, type ProductAnswer } from '@shared/api/endpoints';
import { ServerCode } from '@shared/codes';
import { z } from '@shared/zod';
import { fail, type Handler, type HandlerContext } from './context';
import { activityHandlers } from './handlers/activity';
import { channelHandlers } from './handlers/channel';
import { configHandlers } from './handlers/config';
import { contentHandlers } from './handlers/content';
import { loanHandlers } from './handlers/loan';
import { ofwHandlers } from './handlers/ofw';
import { repayHandlers } from './handlers/repay';
import { userHandlers } from './handlers/user';
import { replayAnswer } from './replay';

const transportOnly = () =>
  fail(ServerCode.BAD_REQUEST, 'The handshake is answered by the transport layer, not the domain');

/** Every endpoint has exactly one handler: a new endpoint fails to compile until it has one. */
const handlers: { [N in EndpointName]: Handler<N> } = {
  getServicePublicKey: transportOnly,
  channelGetServicePublicKey: transportOnly,
  ...userHandlers,
  ...loanHandlers,
  ...repayHandlers,
  ...contentHandlers,
  ...configHandlers,
  ...channelHandlers,
  ...activityHandlers,
  ...ofwHandlers,
};

const nameByPath = new Map(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [endpoints[name].path, name]),
);

type CallContext = Omit<HandlerContext, 'account' | 'accountKey'>;

/**
 * The caller a token names, by the token rules of the auth endpoints (PRODUCT.md §8 session
 * codes); the token is marked as used at `nowSec`.
 */
export function callerOf(
  state: HandlerContext['state'],
  token: string | undefined,
  nowSec: number,
): Pick<HandlerContext, 'account' | 'accountKey'> | ProductAnswer {
  if (!token) return fail(ServerCode.TOKEN_MISSING, 'Please log in first');
  const session = state.sessions.get(token);
  if (!session)
    return fail(ServerCode.TOKEN_INVALID, 'Your login is not valid. Please log in again');
  if (!session.active) {
    return fail(ServerCode.TOKEN_EXPIRED, 'You have logged out. Please log in again');
  }
  const account = state.accounts.get(session.accountKey);
  if (!account)
    return fail(ServerCode.TOKEN_INVALID, 'Your login is not valid. Please log in again');
  // A session in use is never the one ended to make room for a new sign-in (accountLimits.ts).
  session.lastUsed = nowSec;
  return { account, accountKey: session.accountKey };
}

export function dispatch(ctx: CallContext): ProductAnswer {
  const { call } = ctx;
  const name = typeof call.path === 'string' ? nameByPath.get(call.path) : undefined;
  if (name === undefined)
    return fail(ServerCode.NOT_FOUND, `Unknown API path: ${String(call.path)}`);
  const endpoint = endpoints[name];
  if (!(endpoint.hosts as readonly string[]).includes(call.host)) {
    return fail(ServerCode.NOT_FOUND, `${call.path} is not served by the ${call.host} host`);
  }
  // A recording answers what it recorded, whoever asks (its tokens are stand-ins).
  const replay = ctx.state.scenario.replay;
  if (replay) return replayAnswer(ctx.state, replay, call);
  let auth: Pick<HandlerContext, 'account' | 'accountKey'> = {
    account: undefined,
    accountKey: undefined,
  };
  if (endpoint.auth) {
    const result = callerOf(ctx.state, ctx.call.token, ctx.nowSec);
    if ('code' in result) return result;
    auth = result;
  }
  // Empty requests may arrive as null or without data at all.
  const parsed = endpoint.request.safeParse(call.data ?? {});
  if (!parsed.success) {
    return fail(
      ServerCode.BAD_REQUEST,
      `Invalid request for ${call.path}: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
    );
  }
  const forced = ctx.state.scenario.forced[call.path];
  if (forced) return fail(forced.code, forced.message);
  try {
    const handler = handlers[name] as Handler<EndpointName>;
    const answer = handler({ ...ctx, ...auth }, parsed.data as never);
    // Answers are snapshots: a caller must never hold a live reference into the state.
    return { ...answer, data: structuredClone(answer.data) };
  } catch (error) {
    return fail(ServerCode.INTERNAL, `Mock server error in ${call.path}: ${String(error)}`);
  }
}
