/** message/*, coupon/list and advertisement/*: what the red dots and the home page read. */
import { CouponStates } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { fail, type Handler, type HandlerTable, ok, own, pageOf } from '../context';

const messageRead: Handler<'messageRead'> = (ctx, data) => {
  const account = own(ctx);
  const message = account.messages.find((m) => m.id === data.id);
  if (!message) return fail(ServerCode.NOT_FOUND, `No message ${data.id}`);
  message.read = true;
  return ok({ unreadCount: account.messages.filter((m) => !m.read).length });
};

/** Listing the available vouchers is what reads them (clears the Coupon red dot). */
const couponList: Handler<'couponList'> = (ctx, data) => {
  const coupons = own(ctx).coupons.filter((c) => c.state === data.state);
  const answer = coupons.map((c) => ({ ...c }));
  if (data.state === CouponStates.AVAILABLE) {
    for (const c of coupons) c.read = true;
  }
  return ok(answer);
};

export const contentHandlers = {
  messageList: (ctx, data) => ok(pageOf(own(ctx).messages, data.pageNum, data.pageSize)),
  messageRead,
  couponList,
  loadAdvertisement: (ctx) => ok(ctx.state.scenario.advertisements.popups),
  loadBanner: (ctx, data) => ok(ctx.state.scenario.advertisements.banners[data.location] ?? null),
} satisfies HandlerTable;
