import { describe, expect, it } from 'vitest';
import type { User } from '@shared/api/entities';
import { INVALID_PHONE_OR_CODE } from '@renderer/rules/loginValidation';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { channelFeature } from '@renderer/features/channel/ChannelStore';
import { PhoneSignUpStore, type SignUpKind } from './PhoneSignUpStore';

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

function setup(message = 'success', kind: SignUpKind = 'partner') {
  const transport = fakeTransport({
    channelGetSmsCode: ok(null),
    channelUserLogin: ok(partner, message),
    getSmsCodeWithLogin: ok(null),
    login: ok(partner, message),
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
  const signedUp: User[] = [];
  const store = new PhoneSignUpStore({
    kind,
    api: t.root.api,
    user: t.root.user,
    ui: t.ui,
    clock: t.clock,
    profile: () => 'web',
    onSignedUp: (user) => void signedUp.push(user),
  });
  return { ...t, transport, store, signedUp };
}

describe('phone sign-up (/channel/reg, /reg/:channel)', () => {
  it('sends the code on the channel host, then counts down', async () => {
    const { store, transport, clock } = setup();
    store.form.setPhone('9998887777');
    await store.sendCode();
    expect(transport.calls[0]).toMatchObject({
      name: 'channelGetSmsCode',
      data: { areaCode: '63', countryCode: 'PH', msisdn: '9998887777' },
    });
    expect(store.form.secondsLeft).toBe(180);
    expect(store.form.canGetCode).toBe(false);
    clock.advance(180_000);
    expect(store.form.secondsLeft).toBe(0);
    expect(store.form.canGetCode).toBe(true);
  });

  it('refuses a bad number with the login toast', async () => {
    const { store, ui, transport } = setup();
    store.form.setPhone('91234');
    store.form.setCode('1234');
    await store.register();
    expect(ui.shown).toEqual([INVALID_PHONE_OR_CODE]);
    expect(transport.calls).toEqual([]);
  });

  it('a plain success stores the user and moves on at once', async () => {
    const { store, signedUp, root, transport } = setup();
    store.form.setPhone('9998887777');
    store.form.setCode('1234');
    await store.register();
    expect(transport.calls.map((c) => c.name)).toEqual(['channelUserLogin']);
    expect(root.user.tokenValue).toBe('tv-partner');
    expect(signedUp).toEqual([partner]);
  });

  it('borrowers sign up on the main host, 852 numbers on the HK host', async () => {
    const { store, transport, signedUp } = setup('success', 'borrower');
    store.form.setAreaCode('852');
    store.form.setPhone('51234567');
    await store.sendCode();
    store.form.setCode('1234');
    await store.register();
    expect(transport.calls.map((c) => [c.name, c.hk])).toEqual([
      ['getSmsCodeWithLogin', true],
      ['login', true],
    ]);
    expect(signedUp).toHaveLength(1);
  });

  it('another message shows for 600 ms before navigating (PRODUCT.md §8)', async () => {
    const { store, signedUp, ui, clock } = setup('Your account has been created');
    store.form.setPhone('9998887777');
    store.form.setCode('1234');
    await store.register();
    expect(ui.shown).toEqual(['Your account has been created']);
    clock.advance(599);
    expect(signedUp).toEqual([]);
    clock.advance(1);
    expect(signedUp).toEqual([partner]);
  });
});

describe('partner center data', () => {
  it('adopts the token of an invite link and pages the orders to the end', async () => {
    const { root } = setup();
    expect(root.feature(channelFeature).signedIn).toBe(false);
    root.feature(channelFeature).adoptToken('tv-link');
    expect(root.user.tokenValue).toBe('tv-link');
    expect(root.feature(channelFeature).signedIn).toBe(true);

    await root.feature(channelFeature).loadOrders();
    expect(root.feature(channelFeature).orders).toHaveLength(20);
    expect(root.feature(channelFeature).hasMoreOrders).toBe(true);
    await root.feature(channelFeature).loadOrders(true);
    expect(root.feature(channelFeature).orders).toHaveLength(25);
    expect(root.feature(channelFeature).hasMoreOrders).toBe(false);
    await root.feature(channelFeature).loadOrders(true);
    expect(root.feature(channelFeature).orders).toHaveLength(25);
  });
});
