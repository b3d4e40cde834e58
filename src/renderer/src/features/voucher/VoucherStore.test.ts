import { describe, expect, it } from 'vitest';
import type { Coupon } from '@shared/api/entities';
import { fakeBridge, fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { VoucherStore } from './VoucherStore';

const coupon = (id: string, state: Coupon['state']): Coupon => ({
  userCouponId: id,
  title: `Voucher ${id}`,
  discountAmount: 100,
  minBorrowAmount: 3000,
  expireTime: 1_800_000_000,
  state,
  read: false,
});

function voucherOf(native: boolean) {
  let unread: string[] = ['Coupon', 'Message'];
  const transport = fakeTransport({
    couponList: (data) => {
      const { state } = data as { state: number };
      if (state === 1) unread = unread.filter((u) => u !== 'Coupon');
      return ok([coupon(`C${state}`, state as Coupon['state'])]);
    },
    unread: () => ok(unread),
    userInfo: { code: 500, message: 'down', data: null },
  });
  const bridge = native ? fakeBridge() : undefined;
  const test = createTestRoot({ transport, bridge });
  test.root.user.setToken('t');
  test.root.user.setUnread(['Coupon', 'Message']);
  const chosen: string[] = [];
  const store = new VoucherStore({
    api: test.root.api,
    user: test.root.user,
    native: test.root.services.native,
    navigation: test.navigation,
    refreshUser: async () => {
      const answer = await test.root.api.call('unread', {});
      if (answer.code === 200) test.root.user.setUnread(answer.data);
    },
    chooseCouponForLoan: (chosenCoupon) => void chosen.push(chosenCoupon.userCouponId),
  });
  return { ...test, store, bridge, chosen, transport };
}

describe('VoucherStore', () => {
  it('lists coupons by state; the available list clears the Coupon dot', async () => {
    const { store, root, transport } = voucherOf(false);
    await store.load(3);
    expect(store.coupons.map((c) => c.userCouponId)).toEqual(['C3']);
    expect(root.user.voucherReaded).toBe(false);
    await store.load(1);
    expect(transport.calls.filter((c) => c.name === 'couponList').map((c) => c.data)).toEqual([
      { state: 3 },
      { state: 1 },
    ]);
    expect(root.user.voucherReaded).toBe(true);
    expect(root.user.unread).toEqual(['Message']);
  });

  it('web: "Use" prefills the loan form and opens /loan/apply', async () => {
    const { store, chosen, navigation } = voucherOf(false);
    await store.use(coupon('C9', 1));
    expect(chosen).toEqual(['C9']);
    expect(navigation.visited).toEqual(['/loan/apply']);
  });

  it('native host: "Use" goes through the useVoucher bridge call', async () => {
    const { store, chosen, navigation, bridge } = voucherOf(true);
    await store.use(coupon('C9', 1));
    expect(bridge?.calls).toContainEqual({ method: 'useVoucher', params: { userCouponId: 'C9' } });
    expect(chosen).toEqual([]);
    expect(navigation.visited).toEqual([]);
  });

  it('used or expired coupons cannot be used', async () => {
    const { store, chosen, navigation } = voucherOf(false);
    await store.use(coupon('C2', 2));
    await store.use(coupon('C3', 3));
    expect(chosen).toEqual([]);
    expect(navigation.visited).toEqual([]);
  });
});
