/**
 * The market calendar (DESIGN.md §6 "Market calendar"): every date a borrower reads is on the
 * clock of the product's markets — PH, TW and HK, all UTC+8 without daylight saving — whatever
 * the phone's time zone, so an OFW abroad reads the same due date on every screen. The offset is
 * fixed, so no time-zone database is needed: an instant shifted by 8 hours and read as UTC is
 * the market's wall clock. Formats are PRODUCT.md §9's "MMM DD,YYYY". Pure; every date in the
 * renderer goes through here (never `Date#getDate`, `toLocale*Date*` or dayjs's local zone). The
 * wall clock and day counts are the shared core's (`@shared/marketCalendar`), which the mock
 * server counts due days with, so a date and its "N Day(s)" are read on one calendar.
 */
import { MARKET_UTC_OFFSET_MINUTES, marketWallClock } from '@shared/marketCalendar';

export { marketWallClock } from '@shared/marketCalendar';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

/** "Nov 21,2026" (PRODUCT.md §9 "MMM DD,YYYY") for a unix-second instant, on the market's day. */
export function formatMarketDate(unixSeconds: number): string {
  const { year, month, day } = marketWallClock(unixSeconds * 1000);
  return `${MONTHS[month - 1]} ${two(day)},${year}`;
}

/** "Nov 21,2026 09:05": the date and the market's 24-hour time, for deadlines within a day. */
export function formatMarketDateTime(unixSeconds: number): string {
  const { hour, minute } = marketWallClock(unixSeconds * 1000);
  return `${formatMarketDate(unixSeconds)} ${two(hour)}:${two(minute)}`;
}

/** The market's calendar day of an instant (epoch ms) as 'YYYY-MM-DD', e.g. "today" for forms. */
export function marketDay(epochMs: number): string {
  const { year, month, day } = marketWallClock(epochMs);
  return `${year}-${two(month)}-${two(day)}`;
}

/** The market's offset as ISO 8601 writes it: "+08:00". */
const MARKET_ZONE = `+${two(Math.floor(MARKET_UTC_OFFSET_MINUTES / 60))}:${two(MARKET_UTC_OFFSET_MINUTES % 60)}`;
/** A date-time with a zone: Z or ±hh:mm (±hhmm) after the time. */
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;

/**
 * Epoch ms of an ISO 8601 date or date-time from data (event windows, `?now=`). One that names
 * no zone is the market's wall time: `Date.parse` would read a date-time in the phone's zone and
 * a bare date as UTC midnight, so the same window would open at different instants on different
 * phones. NaN when the text is not such a date.
 */
export function parseMarketInstant(text: string): number {
  const trimmed = text.trim();
  if (DATE_ONLY.test(trimmed)) return Date.parse(`${trimmed}T00:00:00${MARKET_ZONE}`);
  if (LOCAL_DATE_TIME.test(trimmed))
    return Date.parse(`${trimmed.replace(' ', 'T')}${MARKET_ZONE}`);
  if (HAS_ZONE.test(trimmed)) return Date.parse(trimmed);
  return Number.NaN;
}
