import { describe, expect, it } from 'vitest';
import { type ClockScope, installPhoneClock, phoneClockOf, phoneClockScript } from './phoneClock';

const DAY = 86_400_000;

/** A page's global scope with its own Date binding. */
function page(): ClockScope {
  return { Date };
}

describe('phone clock', () => {
  it('maps a world clock to the phone: real time, an offset, or frozen', () => {
    expect(phoneClockOf({ now: 1, offsetMs: 0, running: true })).toBeNull();
    expect(phoneClockOf({ now: 5, offsetMs: DAY, running: true })).toEqual({
      offsetMs: DAY,
      frozenAt: null,
    });
    expect(phoneClockOf({ now: 5, offsetMs: 3, running: false })).toEqual({
      offsetMs: 3,
      frozenAt: 5,
    });
  });

  it('moves Date.now and new Date() of the page only, and keeps Date itself working', () => {
    const win = page();
    const realBefore = Date.now();
    installPhoneClock(win, { offsetMs: 10 * DAY, frozenAt: null });
    const seen = win.Date.now();
    expect(seen - realBefore).toBeGreaterThanOrEqual(10 * DAY);
    expect(seen - realBefore).toBeLessThan(10 * DAY + 5_000);
    expect(Math.abs(new win.Date().getTime() - seen)).toBeLessThan(5_000);
    // The harness's own Date is untouched.
    expect(Math.abs(Date.now() - realBefore)).toBeLessThan(5_000);
    // Explicit dates, parsing and instanceof behave as before.
    expect(new win.Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new win.Date(2025, 11, 24).getDate()).toBe(24);
    expect(win.Date.parse('2025-12-24T00:00:00Z')).toBe(Date.UTC(2025, 11, 24));
    expect(win.Date.UTC(2025, 0, 1)).toBe(Date.UTC(2025, 0, 1));
    expect(new win.Date() instanceof Date).toBe(true);
    expect(typeof (win.Date as unknown as () => string)()).toBe('string');
  });

  it('freezes, moves again and goes back to real time without installing twice', () => {
    const win = page();
    const christmas = Date.UTC(2025, 11, 24, 2);
    installPhoneClock(win, { offsetMs: 0, frozenAt: christmas });
    const installed = win.Date;
    expect(win.Date.now()).toBe(christmas);
    expect(new win.Date().toISOString()).toBe('2025-12-24T02:00:00.000Z');
    installPhoneClock(win, { offsetMs: 0, frozenAt: christmas + DAY });
    expect(win.Date).toBe(installed);
    expect(win.Date.now()).toBe(christmas + DAY);
    installPhoneClock(win, null);
    expect(Math.abs(win.Date.now() - Date.now())).toBeLessThan(5_000);
  });

  it('runs from its source text alone, as Electron sends it to the page', () => {
    const win = page();
    const frozenAt = Date.UTC(2026, 0, 2);
    const run = (source: string) => new Function('window', source)(win);
    run(phoneClockScript({ offsetMs: 0, frozenAt }));
    expect(win.Date.now()).toBe(frozenAt);
    run(phoneClockScript(null));
    expect(Math.abs(win.Date.now() - Date.now())).toBeLessThan(5_000);
  });
});
