/** user/* and the login/SMS calls of the channel host: accounts, tokens, unread list. */
import { createHash } from 'node:crypto';
import { CouponStates, type UnreadItem, type User } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { formatPeso } from '@shared/money';
import { fail, type Handler, type HandlerContext, type HandlerTable, ok, own } from '../context';
import { mayAddToken, recordSignIn, TokenLimitError } from '../accountLimits';
import { payRefusal } from '../orders';
import { type Account, accountKeyOf, newAccount } from '../state';

/** Phone patterns of PRODUCT.md §5 by area code. */
const PHONE_PATTERNS: Readonly<Record<string, RegExp>> = {
  '886': /^0?9\d{8}$/,
  '63': /^0?9\d{9}$/,
  '852': /^\d{8}$/,
};

const INVALID_PHONE = 'Invalid cell phone number or verification code';

function phoneValid(areaCode: string, msisdn: string): boolean {
  return PHONE_PATTERNS[areaCode]?.test(msisdn) ?? false;
}

/** The userSchema answer for an account and a token. */
function userAnswer(account: Account, token: string): User {
  const { msisdn, areaCode, userId, gender, lastName, kycState } = account.user;
  return { msisdn, areaCode, userId, token, tokenValue: token, state: kycState, gender, lastName };
}

/** Unread list (PRODUCT.md §3): KYC per scenario, Coupon and Message while something is unread. */
function unreadOf(account: Account): UnreadItem[] {
  const list: UnreadItem[] = [];
  if (account.kycUnread) list.push('KYC');
  if (account.coupons.some((c) => c.state === CouponStates.AVAILABLE && !c.read))
    list.push('Coupon');
  if (account.messages.some((m) => !m.read)) list.push('Message');
  return list;
}

/** Shared by the main and channel hosts (same request shape). */
const sendSms = (_ctx: HandlerContext, data: { areaCode: string; msisdn: string }) =>
  phoneValid(data.areaCode, data.msisdn)
    ? ok(null)
    : fail(ServerCode.PHONE_INVALID, 'Invalid cell phone number');

const login = (ctx: HandlerContext, data: { areaCode: string; msisdn: string; code: string }) => {
  if (!phoneValid(data.areaCode, data.msisdn)) return fail(ServerCode.PHONE_INVALID, INVALID_PHONE);
  const key = accountKeyOf(data.areaCode, data.msisdn);
  const known = ctx.state.accounts.get(key);
  // An unknown number signs up on its first login, like the product does.
  const account = known ?? newAccount(ctx.template, ctx.nowSec, data.areaCode, data.msisdn);
  if (data.code !== account.user.smsCode) {
    return fail(ServerCode.SMS_CODE_WRONG, 'Invalid verification code');
  }
  if (known && !mayAddToken(ctx.state, key, ctx.nowSec)) {
    return fail(ServerCode.BAD_REQUEST, new TokenLimitError().message);
  }
  recordSignIn(ctx.state, key, account);
  // A sign-up says so: the invite-friend login shows a message other than "success" (PRODUCT.md §8).
  const message = known ? 'success' : 'Welcome to Direct Loan! Your account has been created.';
  return ok(userAnswer(account, ctx.issueToken(key)), message);
};

const fastpayLogin: Handler<'fastpayLogin'> = (ctx, data) => {
  const session = ctx.state.sessions.get(data.tokenValue);
  const account = session?.active ? ctx.state.accounts.get(session.accountKey) : undefined;
  if (!account) {
    return fail(
      ServerCode.FASTPAY_LOGIN_FAILED,
      'FastPay login failed: the wallet session is invalid or has expired',
    );
  }
  const { msisdn, areaCode, userId } = account.user;
  return ok({
    ...userAnswer(account, data.tokenValue),
    paymentAccountId: `FP${areaCode}${userId.replace(/\D/g, '')}`,
    paymentAccount: `0${msisdn.slice(0, 3)}***${msisdn.slice(-3)}`,
  });
};

const signFastPay: Handler<'signFastPay'> = (ctx, data) => {
  const record = ctx.state.orders.get(data.orderNo);
  if (!record || record.accountKey !== ctx.accountKey || record.order.channel !== 'FASTPAY') {
    return fail(ServerCode.NOT_FOUND, `No FastPay repay order ${data.orderNo}`);
  }
  // The wallet signs only what it may still pay (DESIGN.md §6).
  const refusal = payRefusal(ctx.state, record, ctx.nowSec);
  if (refusal) return refusal;
  if (Math.abs(record.order.amount - data.amount) > 0.001) {
    return fail(ServerCode.BAD_REQUEST, `The amount must be ${formatPeso(record.order.amount)}`);
  }
  const sign = createHash('sha256').update(`${data.orderNo}:${data.amount}:fastpay`).digest('hex');
  return ok({ orderNo: data.orderNo, amount: data.amount, sign });
};

function logout(ctx: HandlerContext) {
  const session = ctx.call.token ? ctx.state.sessions.get(ctx.call.token) : undefined;
  if (session) session.active = false;
  return ok(null);
}

export const userHandlers = {
  getSmsCodeWithLogin: sendSms,
  channelGetSmsCode: sendSms,
  login,
  channelUserLogin: login,
  userInfo: (ctx) => ok(userAnswer(own(ctx), ctx.call.token ?? '')),
  logout,
  unread: (ctx) => ok(unreadOf(own(ctx))),
  fastpayLogin,
  signFastPay,
} satisfies HandlerTable;
