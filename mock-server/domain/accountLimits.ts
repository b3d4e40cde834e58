/**
 * What one world keeps of the people who sign in (DESIGN.md §6 "Worlds and admin access": a cap
 * keeps a shared server from growing without limit). Every login with an unknown number signs up
 * a new account and every login issues a token; without a bound, anyone who can shake hands could
 * make a world hold accounts and tokens until the process runs out of memory (and, since worlds
 * are kept in the data dir, its disk). So a world keeps:
 *
 * - the scenario's own accounts always, plus at most MAX_SIGNED_UP_ACCOUNTS signed up by login;
 *   past that, the account whose last sign-in is oldest goes, with its tokens, orders and draws
 *   (its number can sign up again, as a new user);
 * - the newest MAX_TOKENS_PER_ACCOUNT tokens of each account; an older token answers 9000001
 *   ("Your login is not valid. Please log in again"), as after a login elsewhere;
 * - every pending repay order (at most one per installment set), and the newest
 *   MAX_SETTLED_ORDERS_PER_ACCOUNT of the others (voided, expired, paid): asking for orders on
 *   two channels in turn voids one each time, and nothing else would bound them.
 */
import { forgetDraws } from './handlers/activity';
import { type Account, accountKeyOf, type DomainState } from './state';

/** Accounts a world keeps besides the scenario's own. */
export const MAX_SIGNED_UP_ACCOUNTS = 200;
/** Tokens (signed in or logged out) an account keeps: its newest. */
export const MAX_TOKENS_PER_ACCOUNT = 20;
/** Repay orders that can no longer be paid an account keeps: its newest. */
export const MAX_SETTLED_ORDERS_PER_ACCOUNT = 100;

function scenarioKeys(state: DomainState): Set<string> {
  return new Set(state.scenario.users.map((u) => accountKeyOf(u.areaCode, u.msisdn)));
}

/** Removes an account with everything that is its own: tokens, repay orders, lucky draws. */
function dropAccount(state: DomainState, key: string): void {
  state.accounts.delete(key);
  for (const [token, session] of state.sessions) {
    if (session.accountKey === key) state.sessions.delete(token);
  }
  for (const [orderNo, record] of state.orders) {
    if (record.accountKey === key) state.orders.delete(orderNo);
  }
  forgetDraws(state, key);
}

/**
 * Records a sign-in of `account` under `key` (a new account signs up): accounts that are not the
 * scenario's are kept in order of their last sign-in, and the oldest beyond the cap are dropped.
 */
export function recordSignIn(state: DomainState, key: string, account: Account): void {
  const own = scenarioKeys(state);
  if (own.has(key)) {
    state.accounts.set(key, account);
    return;
  }
  // Map order is insertion order: re-inserting moves the account to the newest end.
  state.accounts.delete(key);
  state.accounts.set(key, account);
  trimSignedUp(state, own);
}

function trimSignedUp(state: DomainState, own: Set<string>): void {
  let excess = state.accounts.size - MAX_SIGNED_UP_ACCOUNTS;
  for (const key of own) if (state.accounts.has(key)) excess -= 1;
  if (excess <= 0) return;
  for (const key of [...state.accounts.keys()]) {
    if (excess <= 0) break;
    if (own.has(key)) continue;
    dropAccount(state, key);
    excess -= 1;
  }
}

/** Adds a token of `accountKey`; the account's oldest tokens beyond the cap stop working. */
export function addToken(state: DomainState, token: string, accountKey: string): void {
  state.sessions.set(token, { accountKey, active: true });
  trimTokens(state, accountKey);
}

function trimTokens(state: DomainState, accountKey: string): void {
  let count = 0;
  for (const session of state.sessions.values()) if (session.accountKey === accountKey) count += 1;
  let excess = count - MAX_TOKENS_PER_ACCOUNT;
  // Sessions are in the order they were issued: the first ones found are the oldest.
  for (const [token, session] of state.sessions) {
    if (excess <= 0) break;
    if (session.accountKey !== accountKey) continue;
    state.sessions.delete(token);
    excess -= 1;
  }
}

/**
 * Drops the account's oldest orders that can no longer be paid beyond the cap (an older one's
 * number then answers "No repay order", as an unknown one does).
 */
export function trimSettledOrders(state: DomainState, accountKey: string): void {
  let count = 0;
  for (const record of state.orders.values()) {
    if (record.accountKey === accountKey && record.status !== 'pending') count += 1;
  }
  let excess = count - MAX_SETTLED_ORDERS_PER_ACCOUNT;
  // Orders are in the order they were issued: the first ones found are the oldest.
  for (const [orderNo, record] of state.orders) {
    if (excess <= 0) break;
    if (record.accountKey !== accountKey || record.status === 'pending') continue;
    state.orders.delete(orderNo);
    excess -= 1;
  }
}

/** Brings a restored state (a snapshot, the data dir) within the same bounds. */
export function enforceAccountLimits(state: DomainState): void {
  trimSignedUp(state, scenarioKeys(state));
  const owners = new Set([...state.sessions.values()].map((s) => s.accountKey));
  for (const key of owners) trimTokens(state, key);
  const buyers = new Set([...state.orders.values()].map((o) => o.accountKey));
  for (const key of buyers) trimSettledOrders(state, key);
}
