import { describe, expect, it } from 'vitest';
import { nowFromQuery, phaseAt, windowDays, windowLastDay, windowOf } from './eventWindow';

const configured = [
  {
    key: 'long_weekend_promo',
    startAt: '2026-10-30T00:00:00+08:00',
    endAt: '2026-11-02T23:59:59+08:00',
  },
  // PRODUCT.md §9 wins over a configured window for the same key.
  {
    key: 'invite_earn_cash',
    startAt: '2030-01-01T00:00:00+08:00',
    endAt: '2030-01-02T00:00:00+08:00',
  },
];

describe('event windows (PRODUCT.md §9 and config)', () => {
  it.each([
    ['cash_for_newuser_150', '2022-08-24T23:59:59+08:00', 'before'],
    ['cash_for_newuser_150', '2022-08-25T00:00:00+08:00', 'open'],
    ['cash_for_newuser_150', '2022-09-15T23:59:59+08:00', 'open'],
    ['cash_for_newuser_150', '2022-09-16T00:00:00+08:00', 'after'],
    ['invite_earn_cash', '2022-10-20T12:00:00+08:00', 'before'],
    ['invite_earn_cash', '2022-11-01T12:00:00+08:00', 'open'],
    ['invite_earn_cash', '2022-11-21T00:00:00+08:00', 'after'],
    ['coupon_for_holiday_shopping', '2022-11-21T23:59:59+08:00', 'before'],
    ['coupon_for_holiday_shopping', '2022-11-28T23:59:59+08:00', 'open'],
    ['coupon_for_holiday_shopping', '2022-11-29T00:00:00+08:00', 'after'],
    ['long_weekend_promo', '2026-10-29T23:00:00+08:00', 'before'],
    ['long_weekend_promo', '2026-11-01T09:00:00+08:00', 'open'],
    ['long_weekend_promo', '2026-11-03T00:00:00+08:00', 'after'],
  ])('%s at %s is %s', (key, at, phase) => {
    const window = windowOf(key, configured);
    expect(window).toBeDefined();
    expect(phaseAt(window!, Date.parse(at))).toBe(phase);
  });

  it('a configured window without a zone opens and closes on the market clock', () => {
    const window = { startAt: '2026-12-01', endAt: '2026-12-31T23:59:59' };
    expect(phaseAt(window, Date.parse('2026-11-30T23:59:59+08:00'))).toBe('before');
    expect(phaseAt(window, Date.parse('2026-12-01T00:00:00+08:00'))).toBe('open');
    expect(phaseAt(window, Date.parse('2027-01-01T00:00:00+08:00'))).toBe('after');
    expect(windowDays(window)).toBe('Dec 01,2026 – Dec 31,2026');
  });

  it('shows a window as its market days', () => {
    expect(windowDays(windowOf('cash_for_newuser_150', configured)!)).toBe(
      'Aug 25,2022 – Sep 15,2022',
    );
  });

  it.each([
    // The christmas draw's last day, in PRODUCT.md §9's "MMM DD,YYYY" (never "Jan 6, 2027").
    ['2027-01-06T23:59:59+08:00', 'Jan 06,2027'],
    // The market's day, not the phone's or UTC's.
    ['2027-01-06T20:00:00Z', 'Jan 07,2027'],
    ['2026-12-31', 'Dec 31,2026'],
  ])('the last day of a window ending %s reads %s', (endAt, text) => {
    expect(windowLastDay({ startAt: '2026-12-01', endAt })).toBe(text);
  });

  it('an event with no fixed or configured window has none', () => {
    expect(windowOf('christmas_lucky_draw', configured)).toBeUndefined();
  });

  it('reads the QA time override from ?now=', () => {
    expect(nowFromQuery('?now=2022-09-01T10:00:00%2B08:00')).toBe(
      Date.parse('2022-09-01T02:00:00Z'),
    );
    expect(nowFromQuery('?now=yesterday')).toBeUndefined();
    expect(nowFromQuery('?orderNo=1')).toBeUndefined();
  });
});
