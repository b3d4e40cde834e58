import { describe, expect, it } from 'vitest';
import type { LuckyDrawInfo } from '@shared/api/endpoints';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { luckyDrawFeature } from './LuckyDrawStore';

const voucher = {
  key: 'voucher_50',
  title: '₱50 loan voucher',
  kind: 'voucher' as const,
  amount: 50,
};

function setup() {
  let info: LuckyDrawInfo = {
    prizes: [voucher],
    chances: 1,
    tasks: [{ key: 'checkin', title: 'Visit', done: true, claimed: false }],
    records: [],
  };
  const transport = fakeTransport({
    luckyDrawInfo: () => ok(info),
    luckyDrawDraw: () => {
      info = { ...info, chances: 0, records: [{ prize: voucher, drawTime: 1 }] };
      return ok({ prize: voucher, chances: 0 });
    },
    luckyDrawClaimTask: () => {
      info = { ...info, chances: 1, tasks: [{ ...info.tasks[0]!, claimed: true }] };
      return ok({ chances: 1 });
    },
  });
  const t = createTestRoot({ transport });
  return { ...t, transport, store: t.root.feature(luckyDrawFeature) };
}

describe('LuckyDrawStore', () => {
  it('draws while chances last and shows the prize', async () => {
    const { store, transport } = setup();
    expect(store.canDraw).toBe(false);
    await store.load();
    expect(store.canDraw).toBe(true);
    await store.draw();
    expect(store.lastPrize).toEqual(voucher);
    expect(store.chances).toBe(0);
    expect(store.canDraw).toBe(false);
    await store.draw();
    expect(transport.calls.filter((c) => c.name === 'luckyDrawDraw')).toHaveLength(1);
  });

  it('claiming a task refreshes the chances; reset forgets the user', async () => {
    const { store } = setup();
    await store.load();
    await store.draw();
    await store.claim('checkin');
    expect(store.chances).toBe(1);
    expect(store.info?.tasks[0]?.claimed).toBe(true);
    store.reset();
    expect(store.info).toBeUndefined();
    expect(store.lastPrize).toBeUndefined();
  });
});
