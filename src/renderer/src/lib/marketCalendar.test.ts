import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatMarketDate,
  formatMarketDateTime,
  marketDay,
  marketWallClock,
  parseMarketInstant,
} from './marketCalendar';

const at = (...parts: [number, number, number, number?, number?, number?]) =>
  Date.UTC(...parts) / 1000;

// Every case runs with the process in two zones far from UTC+8: the phone's zone must not matter.
const PHONE_ZONES = ['America/Los_Angeles', 'Pacific/Kiritimati'];
afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(PHONE_ZONES)('market calendar on a phone in %s', (zone) => {
  beforeEach(() => {
    // Node applies a new TZ to every Date call that follows.
    vi.stubEnv('TZ', zone);
  });

  it("the phone really is in that zone (its own clock differs from the market's)", () => {
    const ms = at(2026, 11, 25, 16, 0) * 1000;
    expect(new Date(ms).getHours()).not.toBe(marketWallClock(ms).hour);
  });

  it.each([
    [at(2026, 10, 21, 3, 0), 'Nov 21,2026'],
    // 16:00 UTC on Dec 25 is midnight of Dec 26 in Manila, Taipei and Hong Kong.
    [at(2026, 11, 25, 16, 0), 'Dec 26,2026'],
    [at(2026, 11, 25, 15, 59, 59), 'Dec 25,2026'],
    [at(2027, 0, 5, 0, 0), 'Jan 05,2027'],
    // New Year comes 8 hours earlier in the market.
    [at(2026, 11, 31, 16, 0), 'Jan 01,2027'],
    [at(2028, 1, 28, 18, 0), 'Feb 29,2028'],
    [at(2026, 4, 9, 12, 0), 'May 09,2026'],
  ])('formatMarketDate(%s) is %s', (seconds, text) => {
    expect(formatMarketDate(seconds)).toBe(text);
  });

  it.each([
    [at(2026, 11, 25, 16, 0), 'Dec 26,2026 00:00'],
    [at(2026, 11, 25, 1, 5), 'Dec 25,2026 09:05'],
    [at(2026, 11, 25, 15, 59, 59), 'Dec 25,2026 23:59'],
  ])('formatMarketDateTime(%s) is %s', (seconds, text) => {
    expect(formatMarketDateTime(seconds)).toBe(text);
  });

  it('marketDay is the market calendar day as YYYY-MM-DD', () => {
    expect(marketDay(at(2026, 11, 31, 16, 0) * 1000)).toBe('2027-01-01');
    expect(marketDay(at(2026, 11, 31, 15, 59) * 1000)).toBe('2026-12-31');
    expect(marketDay(at(2026, 2, 1, 0, 0) * 1000)).toBe('2026-03-01');
  });

  it('marketWallClock reads hours and minutes at UTC+8', () => {
    expect(marketWallClock(at(2026, 5, 30, 20, 45) * 1000)).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 4,
      minute: 45,
    });
  });

  it.each([
    // A text with no zone is the market's wall time, not the phone's (nor UTC for a bare date).
    ['2022-08-25', at(2022, 7, 24, 16, 0) * 1000],
    ['2022-09-15T23:59:59', at(2022, 8, 15, 15, 59, 59) * 1000],
    ['2022-09-15 23:59', at(2022, 8, 15, 15, 59) * 1000],
    ['2022-09-15T23:59:59.500', at(2022, 8, 15, 15, 59, 59) * 1000 + 500],
    // A text with a zone is that instant.
    ['2022-08-25T00:00:00+08:00', at(2022, 7, 24, 16, 0) * 1000],
    ['2022-08-25T00:00:00Z', at(2022, 7, 25, 0, 0) * 1000],
    ['2022-08-25T00:00:00-0700', at(2022, 7, 25, 7, 0) * 1000],
  ])('parseMarketInstant(%s)', (text, ms) => {
    expect(parseMarketInstant(text)).toBe(ms);
  });

  it.each(['', 'soon', '25/08/2022', 'Aug 25, 2022'])('parseMarketInstant(%j) is NaN', (text) => {
    expect(parseMarketInstant(text)).toBeNaN();
  });
});
