import { describe, expect, it } from 'vitest';
import { JsonStorage, memoryStorage } from '@renderer/lib/storage';
import {
  type PendingOrder,
  PendingOrders,
  pendingOrderFate,
  pendingOrderKey,
} from './pendingOrder';

const NOW = 1_700_000_000;
const pending = (over: Partial<PendingOrder['order']> = {}): PendingOrder => ({
  order: {
    orderNo: 'RP1',
    channel: 'SEVEN_ELEVEN',
    amount: 8350,
    fee: 0,
    payCode: '123456',
    payUrl: null,
    expireTime: NOW + 3600,
    ...over,
  },
  periodIds: ['P6', 'P7'],
  repayAmount: 8350,
});

describe('pendingOrderFate: what a channel screen does with the kept order', () => {
  it.each([
    ['same channel, same bills', 'SEVEN_ELEVEN', ['P6', 'P7'], NOW, 'show'],
    ['same bills in another order', 'SEVEN_ELEVEN', ['P7', 'P6'], NOW, 'show'],
    ['another channel, same bills', 'SHOPEE', ['P6', 'P7'], NOW, 'elsewhere'],
    ['bills not known yet', 'SEVEN_ELEVEN', null, NOW, 'keep'],
    ['fewer bills', 'SEVEN_ELEVEN', ['P6'], NOW, 'drop'],
    ['more bills', 'SEVEN_ELEVEN', ['P6', 'P7', 'P8'], NOW, 'drop'],
    ['expired', 'SEVEN_ELEVEN', ['P6', 'P7'], NOW + 3600, 'drop'],
  ] as const)('%s → %s', (_, channel, periodIds, nowSec, fate) => {
    expect(pendingOrderFate(pending(), { channel, periodIds, nowSec })).toBe(fate);
  });
});

describe('PendingOrders: one per user and API host, in local storage', () => {
  const alice = { apiHost: 'https://api.one/main/', userId: 'U1' };
  const bob = { apiHost: 'https://api.one/main/', userId: 'U2' };
  const aliceElsewhere = { apiHost: 'https://api.two/main/', userId: 'U1' };

  it('survives a reload (a new instance on the same storage) for its owner only', () => {
    const backend = memoryStorage();
    new PendingOrders(new JsonStorage(backend)).save(alice, pending());
    const reloaded = new PendingOrders(new JsonStorage(backend));
    expect(reloaded.read(alice)).toEqual(pending());
    expect(reloaded.read(bob)).toBeUndefined();
    expect(reloaded.read(aliceElsewhere)).toBeUndefined();
    expect(backend.getItem(pendingOrderKey(alice))).toContain('RP1');
  });

  it('the newest order replaces the earlier; drop forgets only the named order', () => {
    const orders = new PendingOrders(new JsonStorage(memoryStorage()));
    orders.save(alice, pending());
    orders.save(alice, pending({ orderNo: 'RP2', channel: 'SHOPEE' }));
    orders.drop(alice, 'RP1');
    expect(orders.read(alice)?.order.orderNo).toBe('RP2');
    orders.drop(alice, 'RP2');
    expect(orders.read(alice)).toBeUndefined();
  });

  it('a tampered entry reads as none; an unsafe stored link is no link', () => {
    const backend = memoryStorage();
    const orders = new PendingOrders(new JsonStorage(backend));
    backend.setItem(pendingOrderKey(alice), '{"order": {"orderNo": 1}}');
    expect(orders.read(alice)).toBeUndefined();
    orders.save(alice, pending({ payUrl: 'javascript:alert(1)' }));
    expect(orders.read(alice)?.order.payUrl).toBeNull();
  });
});
