/** A Chromium to drive: where it is, where it came from, and the flags to launch it with. */
export interface FoundChromium {
  path: string;
  source: string;
  args: string[];
}
/** Flags every launch gets. */
export declare const BASE_ARGS: readonly string[];
/** CHROMIUM_PATH, Debian's chromium, then the one inside @sparticuz/chromium; null if none. */
export declare function findChromium(): Promise<FoundChromium | null>;
/** The flags scripts/e2e.mjs handed over in CHROMIUM_ARGS (BASE_ARGS without it). */
export declare function argsFromEnv(env?: Record<string, string | undefined>): string[];
/** One sentence: no Chromium, and how to get one. */
export declare const NO_CHROMIUM_MESSAGE: string;
