/** app/channel/* of the partner (invite-a-friend) program. */
import { type HandlerTable, ok, own, pageOf } from '../context';

export const channelHandlers = {
  channelWithdrawInfo: (ctx) => {
    const partner = own(ctx).channelPartner;
    return ok({
      balance: partner?.balance ?? 0,
      withdrawn: partner?.withdrawn ?? 0,
      account: partner?.account ?? null,
      minWithdraw: partner?.minWithdraw ?? 100,
    });
  },
  channelOrder: (ctx, data) =>
    ok(pageOf(own(ctx).channelPartner?.orders ?? [], data.pageNum, data.pageSize)),
} satisfies HandlerTable;
