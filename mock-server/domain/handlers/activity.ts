/**
 * activity/luckyDraw/*: the christmas lucky draw of the /event/christmas_lucky_draw pages.
 * Every account starts with one chance; each finished task it claims gives one more. A voucher
 * prize becomes an available coupon of the winner (it shows on /user/voucher). Draws only run
 * inside the event's window of the reference event dates.
 */
import type { LuckyDrawPrize, LuckyDrawTask } from '@shared/api/endpoints';
import { CouponStates } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { fail, type Handler, type HandlerContext, type HandlerTable, ok, own } from '../context';
import { type Account, DAY_SECONDS, type DomainState } from '../state';

const LUCKY_DRAW_KEY = 'christmas_lucky_draw';
export const OUT_OF_WINDOW_TEXT = 'Not within the valid time limit';
export const NO_CHANCES_TEXT = 'You have no draw chances left. Finish a task to get one.';

/** The wheel, in display order; `weight` is the share of draws that land on the prize. */
export const LUCKY_DRAW_PRIZES: readonly (LuckyDrawPrize & { weight: number })[] = [
  { key: 'voucher_50', title: '₱50.00 loan voucher', kind: 'voucher', amount: 50, weight: 40 },
  { key: 'voucher_100', title: '₱100.00 loan voucher', kind: 'voucher', amount: 100, weight: 25 },
  { key: 'voucher_300', title: '₱300.00 loan voucher', kind: 'voucher', amount: 300, weight: 8 },
  {
    key: 'voucher_1000',
    title: '₱1,000.00 loan voucher',
    kind: 'voucher',
    amount: 1000,
    weight: 2,
  },
  { key: 'none', title: 'Better luck next time', kind: 'none', amount: 0, weight: 25 },
];

/** Tasks and how the account shows it did them. */
const TASKS: readonly { key: string; title: string; done: (a: Account) => boolean }[] = [
  { key: 'checkin', title: 'Visit the Christmas event page', done: () => true },
  { key: 'loan', title: 'Take out a loan with Direct Loan', done: (a) => a.loans.length > 0 },
  {
    key: 'repay',
    title: 'Repay an installment',
    done: (a) => a.loans.some((l) => l.periods.some((p) => p.settledTime !== null)),
  },
  {
    key: 'invite',
    title: 'Invite a friend who takes a loan',
    done: (a) => (a.channelPartner?.orders.length ?? 0) > 0,
  },
];

const FREE_CHANCES = 1;
const VOUCHER_VALID_DAYS = 30;

interface DrawState {
  used: number;
  claimed: Set<string>;
  records: { prize: LuckyDrawPrize; drawTime: number }[];
}

// Keyed by the state object, so selecting or resetting a scenario starts every draw afresh.
const drawStates = new WeakMap<DomainState, Map<string, DrawState>>();

function drawStateOf(ctx: HandlerContext): DrawState {
  let byAccount = drawStates.get(ctx.state);
  if (!byAccount) {
    byAccount = new Map();
    drawStates.set(ctx.state, byAccount);
  }
  const key = ctx.accountKey ?? '';
  let draw = byAccount.get(key);
  if (!draw) {
    draw = { used: 0, claimed: new Set(), records: [] };
    byAccount.set(key, draw);
  }
  return draw;
}

/** The lucky draws of a state as JSON (world snapshots, src/shared/workbench.ts). */
export function exportDraws(state: DomainState) {
  return [...(drawStates.get(state) ?? new Map<string, DrawState>())].map(([key, draw]) => ({
    accountKey: key,
    used: draw.used,
    claimed: [...draw.claimed],
    records: draw.records.map((r) => ({ ...r, prize: { ...r.prize } })),
  }));
}

/** Forgets the lucky draws of an account (it is gone). */
export function forgetDraws(state: DomainState, accountKey: string): void {
  drawStates.get(state)?.delete(accountKey);
}

/** Takes over exported lucky draws into a state. */
export function importDraws(state: DomainState, draws: ReturnType<typeof exportDraws>): void {
  const byAccount = new Map<string, DrawState>();
  for (const { accountKey, used, claimed, records } of draws) {
    byAccount.set(accountKey, { used, claimed: new Set(claimed), records });
  }
  drawStates.set(state, byAccount);
}

const chancesOf = (draw: DrawState) => FREE_CHANCES + draw.claimed.size - draw.used;

function tasksOf(account: Account, draw: DrawState): LuckyDrawTask[] {
  return TASKS.map((t) => ({
    key: t.key,
    title: t.title,
    done: t.done(account),
    claimed: draw.claimed.has(t.key),
  }));
}

function inWindow(ctx: HandlerContext): boolean {
  const window = ctx.ref.eventDates.find((e) => e.key === LUCKY_DRAW_KEY);
  if (!window) return false;
  const now = ctx.nowSec * 1000;
  return now >= Date.parse(window.startAt) && now <= Date.parse(window.endAt);
}

/**
 * The prize of the n-th draw of an account: deterministic (a hash of account and draw number
 * over the weights) so QA and tests can reproduce a sequence, yet spread like a real wheel.
 */
export function prizeFor(accountKey: string, drawNumber: number): LuckyDrawPrize {
  let hash = 2166136261;
  for (const ch of `${accountKey}#${drawNumber}`) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  }
  const total = LUCKY_DRAW_PRIZES.reduce((sum, p) => sum + p.weight, 0);
  let ticket = hash % total;
  for (const { weight, ...prize } of LUCKY_DRAW_PRIZES) {
    if (ticket < weight) return prize;
    ticket -= weight;
  }
  throw new Error('prize weights do not cover the ticket');
}

const luckyDrawInfo: Handler<'luckyDrawInfo'> = (ctx) => {
  const account = own(ctx);
  const draw = drawStateOf(ctx);
  return ok({
    prizes: LUCKY_DRAW_PRIZES.map(({ weight: _weight, ...prize }) => prize),
    chances: chancesOf(draw),
    tasks: tasksOf(account, draw),
    records: [...draw.records].reverse(),
  });
};

const luckyDrawDraw: Handler<'luckyDrawDraw'> = (ctx) => {
  const account = own(ctx);
  if (!inWindow(ctx)) return fail(ServerCode.NOT_ELIGIBLE, OUT_OF_WINDOW_TEXT);
  const draw = drawStateOf(ctx);
  if (chancesOf(draw) <= 0) return fail(ServerCode.NOT_ELIGIBLE, NO_CHANCES_TEXT);
  draw.used += 1;
  const prize = prizeFor(ctx.accountKey ?? '', draw.used);
  draw.records.push({ prize, drawTime: ctx.nowSec });
  if (prize.kind === 'voucher') {
    account.coupons.push({
      userCouponId: `XMAS${ctx.nowSec}${draw.used}`,
      title: `Christmas ${prize.title}`,
      discountAmount: prize.amount,
      minBorrowAmount: prize.amount * 10,
      expireTime: ctx.nowSec + VOUCHER_VALID_DAYS * DAY_SECONDS,
      state: CouponStates.AVAILABLE,
      read: false,
    });
  }
  return ok({ prize, chances: chancesOf(draw) });
};

const luckyDrawClaimTask: Handler<'luckyDrawClaimTask'> = (ctx, data) => {
  const account = own(ctx);
  if (!inWindow(ctx)) return fail(ServerCode.NOT_ELIGIBLE, OUT_OF_WINDOW_TEXT);
  const draw = drawStateOf(ctx);
  const task = tasksOf(account, draw).find((t) => t.key === data.taskKey);
  if (!task) return fail(ServerCode.NOT_FOUND, `No task ${data.taskKey}`);
  if (task.claimed) return fail(ServerCode.DUPLICATE_SUBMIT, 'This task has already been claimed.');
  if (!task.done) return fail(ServerCode.NOT_ELIGIBLE, 'Finish the task first.');
  draw.claimed.add(task.key);
  return ok({ chances: chancesOf(draw) });
};

export const activityHandlers = {
  luckyDrawInfo,
  luckyDrawDraw,
  luckyDrawClaimTask,
} satisfies HandlerTable;
