/**
 * The phone's side of a world's clock (DESIGN.md §6, src/shared/workbench.ts): the app's `Date`
 * follows the simulated "now" of its world, so the SPA's clock service, countdowns, event windows
 * and the transport's request timestamps agree with the mock server's domain. Installed by the
 * harness in the phone frame and, in Electron, as a script the DevTools protocol runs first in
 * every document of the app window.
 */
import type { ClockState } from '@shared/workbench';

/** The part of a page's global scope the phone clock replaces (no DOM types: runs in main too). */
export interface ClockScope {
  Date: DateConstructor;
}

/** The phone's clock: null = real time; else real time + offsetMs, or frozen at `frozenAt`. */
export interface PhoneClock {
  offsetMs: number;
  /** Epoch ms the clock stands still at, or null when it runs at real speed. */
  frozenAt: number | null;
}

/** What a phone's Date does for a world clock (null when the world is on real time). */
export function phoneClockOf(state: ClockState): PhoneClock | null {
  if (!state.running) return { offsetMs: state.offsetMs, frozenAt: state.now };
  return state.offsetMs === 0 ? null : { offsetMs: state.offsetMs, frozenAt: null };
}

/**
 * Replaces the window's `Date` with one whose "now" is the phone clock (the first call), then
 * only changes the clock (later calls). `new Date(x)`, `Date.parse`, `Date.UTC` and `instanceof
 * Date` behave as before; timers and `performance.now()` keep real time, as a phone whose clock
 * was set does. Self-contained (no imports, no closures over this module): Electron sends its
 * source text to the page.
 */
export function installPhoneClock(win: ClockScope, clock: PhoneClock | null): void {
  const key = '__directLoanSimulatorClock';
  type Holder = { clock: PhoneClock | null };
  const scope = win as unknown as Record<string, unknown> & { Date: DateConstructor };
  let holder = scope[key] as Holder | undefined;
  if (!holder) {
    const RealDate = scope.Date;
    const realNow = RealDate.now.bind(RealDate);
    const own: Holder = { clock: null };
    holder = own;
    const simulatedNow = (): number => {
      const current = own.clock;
      if (!current) return realNow();
      return current.frozenAt ?? realNow() + current.offsetMs;
    };
    const SimulatedDate = function (this: unknown, ...args: unknown[]) {
      if (!new.target) return new RealDate(simulatedNow()).toString();
      const values = args.length === 0 ? [simulatedNow()] : args;
      return Reflect.construct(RealDate, values, new.target);
    } as unknown as DateConstructor;
    Object.defineProperties(SimulatedDate, {
      prototype: { value: RealDate.prototype },
      now: { value: simulatedNow, writable: true, configurable: true },
      parse: { value: RealDate.parse, writable: true, configurable: true },
      UTC: { value: RealDate.UTC, writable: true, configurable: true },
    });
    Object.defineProperty(scope, key, { value: own });
    scope.Date = SimulatedDate;
  }
  holder.clock = clock;
}

/** The page script that installs (or moves) the phone clock: for Electron's app window. */
export function phoneClockScript(clock: PhoneClock | null): string {
  return `(${installPhoneClock.toString()})(window, ${JSON.stringify(clock)});`;
}
