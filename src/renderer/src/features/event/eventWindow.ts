/**
 * Event windows (PRODUCT.md §2, §9): the windows PRODUCT.md fixes win; every other event's comes
 * from config/getEventDates. Pure, so the before / inside / after table reads off the test.
 */
import type { EventDate } from '@shared/api/entities';
import { EVENT_WINDOWS } from '@shared/constants';
import { formatMarketDate, parseMarketInstant } from '@renderer/lib/marketCalendar';

export const OUT_OF_WINDOW_TEXT = 'Not within the valid time limit';

/** Where an instant falls against an event's window (both ends inclusive). */
export type EventPhase = 'before' | 'open' | 'after';

export interface EventWindow {
  startAt: string;
  endAt: string;
}

/** The window of `key`: PRODUCT.md §9 first, then the configured dates; undefined if neither. */
export function windowOf(key: string, configured: readonly EventDate[]): EventWindow | undefined {
  const fixed = EVENT_WINDOWS[key];
  if (fixed) return fixed;
  const entry = configured.find((e) => e.key === key);
  return entry ? { startAt: entry.startAt, endAt: entry.endAt } : undefined;
}

const marketDayOf = (text: string) => formatMarketDate(parseMarketInstant(text) / 1000);

/** "Aug 25,2022 – Sep 15,2022": the window's first and last market days. */
export function windowDays(window: EventWindow): string {
  return `${marketDayOf(window.startAt)} – ${marketDayOf(window.endAt)}`;
}

/** "Jan 06,2027": the window's last market day (PRODUCT.md §9 "MMM DD,YYYY"). */
export function windowLastDay(window: EventWindow): string {
  return marketDayOf(window.endAt);
}

export function phaseAt(window: EventWindow, nowMs: number): EventPhase {
  if (nowMs < parseMarketInstant(window.startAt)) return 'before';
  if (nowMs > parseMarketInstant(window.endAt)) return 'after';
  return 'open';
}

/**
 * The QA time override: `?now=<ISO instant>` (e.g. `?now=2022-09-01T10:00:00%2B08:00`; without
 * a zone it is the market's wall time).
 * Undefined when absent or not a date.
 */
export function nowFromQuery(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('now');
  if (!raw) return undefined;
  const ms = parseMarketInstant(raw);
  return Number.isNaN(ms) ? undefined : ms;
}
