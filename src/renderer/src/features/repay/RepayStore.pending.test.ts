/**
 * The pending order across reloads and round trips (DESIGN.md §6): a channel screen shows the
 * order the borrower already has for the chosen bills instead of asking for another.
 */
import { describe, expect, it } from 'vitest';
import reference from '@fixtures/reference/repay-channels.json';
import type { RepayChannel, User } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { type KeyValueStorage, memoryStorage } from '@renderer/lib/storage';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot, TEST_CONFIG } from '@tests/support/renderer/testRoot';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import { repayFeature } from './RepayStore';
import { PendingOrders, pendingOrderKey } from './pendingOrder';

const channels = reference as { ph: RepayChannel[]; tw: RepayChannel[] };
const channel = (key: string) => {
  const found = channels.ph.find((c) => c.key === key);
  if (!found) throw new Error(key);
  return found;
};
const user = (userId: string): User => ({
  msisdn: '9171234567',
  areaCode: '63',
  userId,
  token: 't',
  tokenValue: `token-${userId}`,
  gender: 'Female',
  lastName: 'Santos',
});

/** One browser: its local and session storage outlive every "reload" (a new root). */
function browser() {
  const local = memoryStorage();
  const session = memoryStorage();
  let issued = 0;
  const open = (userId = 'U1') => {
    const transport = fakeTransport({
      generatorRepayOrder: (data) => {
        issued += 1;
        return ok({
          orderNo: `RP${issued}`,
          channel: (data as { channel: string }).channel,
          amount: 8350,
          fee: 0,
          payCode: `code-${issued}`,
          payUrl: null,
          expireTime: 1_700_000_000 + 24 * 3600,
        });
      },
      repayChannel: ok(channels),
    });
    const test = createTestRoot({ transport, local, session });
    test.root.user.setUser(user(userId));
    const repay = test.root.feature(repayFeature);
    const form = test.root.feature(repayFormFeature);
    const orderCalls = () => transport.calls.filter((c) => c.name === 'generatorRepayOrder');
    return { ...test, transport, repay, form, orderCalls };
  };
  return { local, session, open };
}

const keptIn = (local: KeyValueStorage, userId = 'U1') =>
  local.getItem(pendingOrderKey({ apiHost: TEST_CONFIG.apiBase.main, userId }));

describe('RepayStore: the pending order across reloads and round trips', () => {
  it('a reload (or the tutorial round trip) shows the same order without asking again', async () => {
    const phone = browser();
    const first = phone.open();
    first.form.fill(8350, ['P6', 'P7']);
    await first.repay.openChannel('SEVEN_ELEVEN', 8350);
    expect(first.repay.order).toBeNull();
    await first.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    expect(first.repay.order?.payCode).toBe('code-1');

    const reloaded = phone.open();
    await reloaded.repay.openChannel('SEVEN_ELEVEN', 8350);
    expect(reloaded.repay.order?.payCode).toBe('code-1');
    expect(reloaded.orderCalls()).toEqual([]);
  });

  it('a start whose user info comes later (a host token) still finds the order', async () => {
    const phone = browser();
    const first = phone.open();
    first.form.fill(8350, ['P6', 'P7']);
    await first.repay.pay(channel('GCASH'), 8350);
    phone.local.removeItem('dl.user');
    const started = createTestRoot({ local: phone.local, session: phone.session });
    started.root.user.setToken('token-U1');
    const repay = started.root.feature(repayFeature);
    const opening = repay.openChannel('GCASH', 8350);
    // One turn of the event loop: everything but the user info has answered.
    await new Promise((turn) => setTimeout(turn, 0));
    expect(repay.order).toBeNull();
    started.root.user.setUser(user('U1'));
    await opening;
    expect(repay.order?.orderNo).toBe('RP1');
  });

  it('another channel shows no order; its REPAY replaces the kept one', async () => {
    const phone = browser();
    const app = phone.open();
    app.form.fill(8350, ['P6', 'P7']);
    await app.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    await app.repay.openChannel('SHOPEE', 8350);
    expect(app.repay.order).toBeNull();
    expect(app.repay.replaces?.orderNo).toBe('RP1');
    expect(keptIn(phone.local)).toContain('RP1');
    await app.repay.pay(channel('SHOPEE'), 8350);
    expect(app.repay.replaces).toBeNull();
    await app.repay.openChannel('SEVEN_ELEVEN', 8350);
    expect(app.repay.order).toBeNull();
    await app.repay.openChannel('SHOPEE', 8350);
    expect(app.repay.order?.orderNo).toBe('RP2');
  });

  it('another borrower on the same phone never sees it', async () => {
    const phone = browser();
    const alice = phone.open('U1');
    alice.form.fill(8350, ['P6', 'P7']);
    await alice.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    const bob = phone.open('U2');
    bob.form.fill(8350, ['P6', 'P7']);
    await bob.repay.openChannel('SEVEN_ELEVEN', 8350);
    expect(bob.repay.order).toBeNull();
    expect(keptIn(phone.local, 'U1')).toContain('RP1');
  });

  it('other bills or an expired order: forgotten, REPAY asks again', async () => {
    const phone = browser();
    const app = phone.open();
    app.form.fill(8350, ['P6', 'P7']);
    await app.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    app.form.fill(2140, ['P6']);
    await app.repay.openChannel('SEVEN_ELEVEN', 2140);
    expect(app.repay.order).toBeNull();
    expect(keptIn(phone.local)).toBeNull();

    app.form.fill(8350, ['P6', 'P7']);
    await app.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    app.clock.advance(24 * 3600 * 1000);
    await app.repay.openChannel('SEVEN_ELEVEN', 8350);
    expect(app.repay.order).toBeNull();
    expect(keptIn(phone.local)).toBeNull();
  });

  it('paid, or refused as replaced: forgotten; the refusal is shown on the result', async () => {
    const phone = browser();
    const app = phone.open();
    app.form.fill(8350, ['P6', 'P7']);
    await app.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    const replaced = 'This order (RP1) was replaced by a newer one on Shopee (RP2).';
    app.transport.answers.repayResult = {
      code: ServerCode.ORDER_REPLACED,
      message: replaced,
      data: null,
    };
    await app.repay.loadResult('RP1');
    expect(app.repay.resultStatus).toBe('error');
    expect(app.repay.resultMessage).toBe(replaced);
    expect(keptIn(phone.local)).toBeNull();

    await app.repay.pay(channel('SEVEN_ELEVEN'), 8350);
    app.transport.answers.repayResult = ok({
      orderNo: 'RP2',
      status: 'success',
      amount: 8350,
      channel: 'SEVEN_ELEVEN',
    });
    app.transport.answers.loanInfo = { code: 500, message: 'x', data: null };
    await app.repay.loadResult('RP2');
    expect(
      new PendingOrders(app.root.services.storage).read({
        apiHost: TEST_CONFIG.apiBase.main,
        userId: 'U1',
      }),
    ).toBeUndefined();
  });
});
