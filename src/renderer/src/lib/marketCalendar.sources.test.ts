/**
 * Keeps DESIGN.md §6 "Market calendar" true as screens are added: outside marketCalendar.ts no
 * borrower-facing source reads a date on the phone's own calendar. The harness (a developer's
 * panel, not the borrower's app) and tests are outside the rule.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../harness/**', '!../**/*.test.*'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** What reads the phone's zone: local getters, locale date strings, dayjs, Date.parse. */
const PHONE_CALENDAR =
  /\.get(?:FullYear|Month|Date|Day|Hours|Minutes)\(|toLocale(?:Date|Time)String|toDateString|toTimeString|from 'dayjs'|Date\.parse\(/;

describe('dates go through the market calendar', () => {
  it('finds the sources to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('no source but marketCalendar.ts reads a date on the phone calendar', () => {
    const offenders = Object.entries(sources)
      .filter(([file, text]) => !file.endsWith('/marketCalendar.ts') && PHONE_CALENDAR.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
