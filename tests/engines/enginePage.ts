/**
 * What the engine lane's steps need from a browser, whatever protocol drives it: W3C WebDriver
 * classic for WebKitGTK (./webkit.ts), WebDriver BiDi for Firefox (./firefox.ts). In-page code is
 * passed as function source and answers JSON, so both drivers run exactly the same page code.
 */

/** An element by CSS selector and, optionally, its accessible name or text. */
export interface Target {
  css: string;
  /** Matched against aria-label, else the text (whitespace collapsed). */
  text?: string;
  /** Whole label (default: contains). */
  exact?: boolean;
}

export interface EnginePage {
  readonly engine: 'webkit' | 'firefox';
  /** Loads a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs an in-page function (its source) with JSON arguments; resolves with its JSON result. */
  evaluate<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** A real click (WebDriver element click / BiDi pointer actions) on the first visible match. */
  click(target: Target): Promise<void>;
  /** Clicks the field, then types the text as key presses. */
  type(target: Target, text: string): Promise<void>;
  /** Offline emulation; null when the driver has none. */
  readonly network: { setOffline(offline: boolean): Promise<void> } | null;
  /** Console errors the driver itself reported (beyond the in-page recorder), in order. */
  driverErrors(): readonly string[];
  close(): Promise<void>;
}

/**
 * In-page: the first visible, enabled element matching a Target, scrolled into view and the one a
 * click at its centre would hit (not covered by a toast, a mask or a running page transition);
 * null when none yet. WebDriver classic checks the hit itself; BiDi's pointer actions do not.
 */
export const FIND_ELEMENT = `(css, text, exact) => {
  const label = (el) =>
    (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const found = [...document.querySelectorAll(css)].find(
    (el) =>
      el.getClientRects().length > 0 &&
      !el.disabled &&
      el.getAttribute('aria-disabled') !== 'true' &&
      (text == null || (exact ? label(el) === text : label(el).includes(text))),
  );
  if (!found) return null;
  found.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const box = found.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit && (hit === found || found.contains(hit)) ? found : null;
}`;

export function describeTarget(target: Target): string {
  return target.text === undefined ? target.css : `${target.css} "${target.text}"`;
}

const POLL_MS = 150;

/**
 * Polls an in-page condition until it returns something truthy (and answers it). Generous
 * timeouts: two shared cores, and a WebKit page busy with crypto answers scripts late. A script
 * failing meanwhile (a navigation replaced the page) is polled again.
 */
export async function waitFor<T>(
  page: EnginePage,
  what: string,
  fn: string,
  args: unknown[] = [],
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await page.evaluate<T>(fn, ...args);
      if (last) return last as T;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Retries a driver action (an element not there yet, or covered by a toast) until a deadline. */
export async function retrying<T>(
  what: string,
  action: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await action();
    } catch (error) {
      if (Date.now() > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${what} failed for ${timeoutMs} ms: ${reason}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
