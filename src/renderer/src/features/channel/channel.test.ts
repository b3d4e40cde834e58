import { describe, expect, it } from 'vitest';
import { INVALID_PHONE_OR_CODE } from '../../rules/loginValidation';
import { fakeTransport, ok } from '../../test/fakes';
import { createTestRoot } from '../../test/testRoot';
import { PartnerRegStore } from './PartnerRegStore';

const partner = {
  msisdn: '9998887777',
  areaCode: '63' as const,
  userId: 'p1',
  token: 'tk',
  tokenValue: 'tv-partner',
  state: 1 as const,
  gender: 'Female',
  lastName: 'Reyes',
};

function setup(message = 'success') {
  const transport = fakeTransport({
    channelGetSmsCode: ok(null),
    channelUserLogin: ok(partner, message),
    channelOrder: (data) => {
      const { pageNum } = data as { pageNum: number };
      const list = Array.from({ length: pageNum === 1 ? 20 : 5 }, (_, i) => ({
        orderNo: `CO${pageNum}-${i}`,
        inviteeMsisdn: '0917***1111',
        loanAmount: 5000,
        commission: 150,
        createTime: 1_700_000_000,
        state: 'pending' as const,
      }));
      return ok({ list, pageNum, pages: 2, total: 25 });
    },
  });
  const t = createTestRoot({ transport, start: '/channel/reg' });
  const store = new PartnerRegStore({
    api: t.root.api,
    user: t.root.user,
    ui: t.ui,
    navigation: t.navigation,
    clock: t.clock,
    profile: () => 'web',
  });
  return { ...t, store };
}

describe('partner registration (/channel/reg)', () => {
  it('sends the code on the channel host, then counts down', async () => {
    const { store, transport, clock } = setup();
    store.setPhone('9998887777');
    await store.sendCode();
    expect(transport.calls[0]).toMatchObject({
      name: 'channelGetSmsCode',
      data: { areaCode: '63', countryCode: 'PH', msisdn: '9998887777' },
    });
    expect(store.secondsLeft).toBe(180);
    expect(store.canGetCode).toBe(false);
    clock.advance(180_000);
    expect(store.secondsLeft).toBe(0);
    expect(store.canGetCode).toBe(true);
  });

  it('refuses a bad number with the login toast', async () => {
    const { store, ui, transport } = setup();
    store.setPhone('91234');
    store.setCode('1234');
    await store.register();
    expect(ui.shown).toEqual([INVALID_PHONE_OR_CODE]);
    expect(transport.calls).toEqual([]);
  });

  it('a plain success goes straight to the partner center with the token', async () => {
    const { store, navigation, root } = setup();
    store.setPhone('9998887777');
    store.setCode('1234');
    await store.register();
    expect(root.user.tokenValue).toBe('tv-partner');
    expect(navigation.visited).toEqual(['/channel/admin?token=tv-partner&from=reg']);
  });

  it('another message shows for 600 ms before navigating (PRODUCT.md §8)', async () => {
    const { store, navigation, ui, clock } = setup('Your account has been created');
    store.setPhone('9998887777');
    store.setCode('1234');
    await store.register();
    expect(ui.shown).toEqual(['Your account has been created']);
    clock.advance(599);
    expect(navigation.visited).toEqual([]);
    clock.advance(1);
    expect(navigation.visited).toEqual(['/channel/admin?token=tv-partner&from=reg']);
  });
});

describe('partner center data', () => {
  it('adopts the token of an invite link and pages the orders to the end', async () => {
    const { root } = setup();
    expect(root.channel.signedIn).toBe(false);
    root.channel.adoptToken('tv-link');
    expect(root.user.tokenValue).toBe('tv-link');
    expect(root.channel.signedIn).toBe(true);

    await root.channel.loadOrders();
    expect(root.channel.orders).toHaveLength(20);
    expect(root.channel.hasMoreOrders).toBe(true);
    await root.channel.loadOrders(true);
    expect(root.channel.orders).toHaveLength(25);
    expect(root.channel.hasMoreOrders).toBe(false);
    await root.channel.loadOrders(true);
    expect(root.channel.orders).toHaveLength(25);
  });
});
