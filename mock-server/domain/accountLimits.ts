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
 * - MAX_TOKENS_PER_ACCOUNT tokens of each account: past it, the idlest token ends (logged out
 *   first, then never used since it was issued, then the least recently used) and answers
 *   9000001 ("Your login is not valid. Please log in again"), as after a login elsewhere. A token
 *   used within RECENT_USE_SEC never ends to make room: twenty logins with the fixture's SMS code
 *   (anyone can make them) must not sign out the phones in use. Past the cap, recently used
 *   tokens are kept up to MAX_RECENT_TOKENS_PER_ACCOUNT; beyond that a new sign-in is refused;
 * - every pending repay order (at most one per installment set), and the newest
 *   MAX_SETTLED_ORDERS_PER_ACCOUNT of the others (voided, expired, paid): asking for orders on
 *   two channels in turn voids one each time, and nothing else would bound them.
 */
import { forgetDraws } from './handlers/activity';
import { type Account, accountKeyOf, type DomainState, type Session } from './state';
import type { EndedToken } from './types';

/** Accounts a world keeps besides the scenario's own. */
export const MAX_SIGNED_UP_ACCOUNTS = 200;
/** Tokens (signed in or logged out) an account keeps, unless more were used recently. */
export const MAX_TOKENS_PER_ACCOUNT = 20;
/** Tokens an account keeps when all were used recently; past it a sign-in is refused. */
export const MAX_RECENT_TOKENS_PER_ACCOUNT = 100;
/** A token used this recently (seconds of the world's clock) never ends to make room. */
export const RECENT_USE_SEC = 30 * 60;
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

/** A sign-in refused: every token of the account was used recently and it holds the most. */
export class TokenLimitError extends Error {
  constructor() {
    super(
      `This account is signed in on ${MAX_RECENT_TOKENS_PER_ACCOUNT} devices used in the last ` +
        `${RECENT_USE_SEC / 60} minutes: log out on one of them, or try again later`,
    );
  }
}

const tokensOf = (state: DomainState, accountKey: string): [string, Session][] =>
  [...state.sessions].filter(([, session]) => session.accountKey === accountKey);

const usedRecently = (session: Session, nowSec: number) =>
  session.active && session.lastUsed !== undefined && nowSec - session.lastUsed < RECENT_USE_SEC;

/**
 * The account's tokens that may end to make room, idlest first: logged out, then never used
 * since issued (in the order issued), then the least recently used; never one used recently.
 */
function idlestFirst(tokens: [string, Session][], nowSec: number): [string, Session][] {
  const rank = ([, s]: [string, Session]) => (!s.active ? 0 : s.lastUsed === undefined ? 1 : 2);
  return tokens
    .map((entry, issued) => ({ entry, issued }))
    .filter(({ entry: [, session] }) => !usedRecently(session, nowSec))
    .sort(
      (a, b) =>
        rank(a.entry) - rank(b.entry) ||
        (a.entry[1].lastUsed ?? 0) - (b.entry[1].lastUsed ?? 0) ||
        a.issued - b.issued,
    )
    .map(({ entry }) => entry);
}

/** Whether `accountKey` may get one more token now (TokenLimitError's case is false). */
export function mayAddToken(state: DomainState, accountKey: string, nowSec: number): boolean {
  const tokens = tokensOf(state, accountKey);
  return (
    tokens.length < MAX_TOKENS_PER_ACCOUNT ||
    idlestFirst(tokens, nowSec).length > 0 ||
    tokens.length < MAX_RECENT_TOKENS_PER_ACCOUNT
  );
}

/**
 * Adds a token of `accountKey` and ends the idlest ones beyond the cap (answered: what ended).
 * Throws TokenLimitError, adding nothing, when `mayAddToken` is false.
 */
export function addToken(
  state: DomainState,
  token: string,
  accountKey: string,
  nowSec: number,
): EndedToken[] {
  if (!mayAddToken(state, accountKey, nowSec)) throw new TokenLimitError();
  state.sessions.set(token, { accountKey, active: true });
  return trimTokens(state, accountKey, nowSec, token);
}

/** Ends the account's tokens beyond the caps, never `keep` (the one just issued). */
function trimTokens(
  state: DomainState,
  accountKey: string,
  nowSec: number,
  keep?: string,
): EndedToken[] {
  const tokens = tokensOf(state, accountKey);
  const held = tokens.length;
  const idle = idlestFirst(tokens, nowSec).filter(([t]) => t !== keep);
  // Beyond the cap, the idle go; beyond the hard cap, even recent ones (a restored state only).
  const excessIdle = Math.min(held - MAX_TOKENS_PER_ACCOUNT, idle.length);
  const victims = idle.slice(0, Math.max(0, excessIdle));
  const left = held - victims.length;
  if (left > MAX_RECENT_TOKENS_PER_ACCOUNT) {
    const gone = new Set(victims.map(([t]) => t));
    const rest = tokens
      .filter(([t]) => !gone.has(t) && t !== keep)
      .sort(([, a], [, b]) => (a.lastUsed ?? 0) - (b.lastUsed ?? 0));
    victims.push(...rest.slice(0, left - MAX_RECENT_TOKENS_PER_ACCOUNT));
  }
  return victims.map(([token, session]) => {
    state.sessions.delete(token);
    return { token, accountKey, lastUsed: session.lastUsed, held };
  });
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

/** Brings a restored state (a snapshot, the data dir) within the same bounds at `nowSec`. */
export function enforceAccountLimits(state: DomainState, nowSec: number): void {
  trimSignedUp(state, scenarioKeys(state));
  const owners = new Set([...state.sessions.values()].map((s) => s.accountKey));
  for (const key of owners) trimTokens(state, key, nowSec);
  const buyers = new Set([...state.orders.values()].map((o) => o.accountKey));
  for (const key of buyers) trimSettledOrders(state, key);
}
