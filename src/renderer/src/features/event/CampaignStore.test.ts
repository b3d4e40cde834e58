import { describe, expect, it } from 'vitest';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { campaignsFeature } from './CampaignStore';

const dates = [
  {
    key: 'long_weekend_promo',
    startAt: '2026-10-30T00:00:00+08:00',
    endAt: '2026-11-02T23:59:59+08:00',
  },
];

/** The phone's clock, and the server's as the secure channel learnt it (a moved world). */
function setup(answer: Parameters<typeof fakeTransport>[0] = { getEventDates: ok(dates) }) {
  const transport = fakeTransport(answer);
  let server = Date.parse('2026-11-01T12:00:00+08:00');
  transport.serverNow = () => server;
  const t = createTestRoot({ transport });
  return {
    ...t,
    transport,
    campaigns: t.root.feature(campaignsFeature),
    setServerTime: (ms: number) => {
      server = ms;
    },
  };
}

describe('CampaignStore', () => {
  it("judges events on the server's clock, whatever the phone's, and on ?now= once given", async () => {
    const { campaigns, clock } = setup();
    // The phone is months away from the server's time.
    clock.advance(Date.parse('2026-06-01T12:00:00+08:00') - clock.now());
    await campaigns.loadDates();
    expect(campaigns.phaseOf('long_weekend_promo')).toBe('open');
    expect(campaigns.phaseOf('cash_for_newuser_150')).toBe('after');

    campaigns.setNowOverride(Date.parse('2022-09-01T00:00:00+08:00'));
    expect(campaigns.phaseOf('cash_for_newuser_150')).toBe('open');
    expect(campaigns.phaseOf('long_weekend_promo')).toBe('before');
    // A page without the query keeps the moved time.
    campaigns.setNowOverride(undefined);
    expect(campaigns.phaseOf('cash_for_newuser_150')).toBe('open');
  });

  it.each([
    ['2026-10-29T23:59:59+08:00', 'before'],
    ['2026-10-30T00:00:00+08:00', 'open'],
    ['2026-11-02T23:59:59+08:00', 'open'],
    ['2026-11-03T00:00:00+08:00', 'after'],
  ] as const)('the server at %s: %s', async (at, phase) => {
    const { campaigns, setServerTime } = setup();
    setServerTime(Date.parse(at));
    await campaigns.loadDates();
    expect(campaigns.phaseOf('long_weekend_promo')).toBe(phase);
  });

  it("a fixed window waits for the server's time: no phase before the dates' answer", async () => {
    const { campaigns, setServerTime } = setup();
    setServerTime(Date.parse('2022-09-01T10:00:00+08:00'));
    expect(campaigns.phaseOf('cash_for_newuser_150')).toBeUndefined();
    await campaigns.loadDates();
    expect(campaigns.phaseOf('cash_for_newuser_150')).toBe('open');
  });

  it('loads the dates once; an event with no window is over once they are in', async () => {
    const { campaigns, transport } = setup();
    expect(campaigns.phaseOf('long_weekend_promo')).toBeUndefined();
    await campaigns.loadDates();
    await campaigns.loadDates();
    expect(transport.calls.filter((c) => c.name === 'getEventDates')).toHaveLength(1);
    expect(campaigns.phaseOf('unknown_event')).toBe('after');
  });

  it('a failed load can be retried; PRODUCT.md windows work meanwhile', async () => {
    const { campaigns, transport } = setup({
      getEventDates: { code: 500, message: 'down', data: null },
    });
    await campaigns.loadDates();
    expect(campaigns.status).toBe('failed');
    expect(campaigns.phaseOf('long_weekend_promo')).toBeUndefined();
    campaigns.setNowOverride(Date.parse('2022-11-25T00:00:00+08:00'));
    expect(campaigns.phaseOf('coupon_for_holiday_shopping')).toBe('open');
    transport.answers.getEventDates = ok(dates);
    await campaigns.loadDates();
    expect(campaigns.status).toBe('ready');
  });
});
