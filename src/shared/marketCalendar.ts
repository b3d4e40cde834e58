/**
 * The market calendar (DESIGN.md §6 "Market calendar") as the SPA and the mock server both read
 * it: every date a borrower reads — and every day count beside it — is on the clock of the
 * product's markets, PH, TW and HK, all UTC+8 without daylight saving, whatever the zone of the
 * phone or of the server's process. The offset is fixed, so no time-zone database is needed: an
 * instant shifted by 8 hours and read as UTC is the market's wall clock. Pure.
 */

/** Minutes east of UTC of the product's markets (Asia/Manila, Asia/Taipei, Asia/Hong_Kong). */
export const MARKET_UTC_OFFSET_MINUTES = 8 * 60;

const OFFSET_MS = MARKET_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** An instant as read on the market's wall clock. */
interface MarketWallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The market's wall clock at an instant given in epoch milliseconds. */
export function marketWallClock(epochMs: number): MarketWallClock {
  const shifted = new Date(epochMs + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The market day of an instant as a count of days since 1970-01-01 (market time). */
function marketDayNumber(epochMs: number): number {
  return Math.floor((epochMs + OFFSET_MS) / DAY_MS);
}

/**
 * Calendar days from the market day of `fromMs` to the market day of `toMs`: 0 on the same
 * day, 1 from 23:59 to 00:01 of the next — a count of dates, as a borrower counts them from the
 * dates on screen, never of 24-hour spans (those are a day off for half of every day).
 */
export function marketDaysBetween(fromMs: number, toMs: number): number {
  return marketDayNumber(toMs) - marketDayNumber(fromMs);
}
