/**
 * Where Debian's packages put the engine lane's browsers: WebKitGTK's WebDriver and MiniBrowser
 * (`webkit2gtk-driver`), the X server they draw on (`xvfb`) and Firefox ESR (`firefox-esr`, which
 * speaks WebDriver BiDi itself: no geckodriver). Other layouts set WEBKIT_WEBDRIVER,
 * WEBKIT_MINIBROWSER, XVFB_BINARY or FIREFOX_BINARY.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const INSTALL_SENTENCE =
  'Install the engine lane browsers with `sudo apt-get install -y --no-install-recommends webkit2gtk-driver xvfb firefox-esr` (Debian/Ubuntu), then run `npm run test:engines` again.';

export interface WebKitBrowser {
  driver: string;
  miniBrowser: string;
  xvfb: string;
}

/** The override when set (a wrong one is reported, not bypassed), else the first that exists. */
function firstExisting(override: string | undefined, candidates: readonly string[]): string | null {
  if (override) return existsSync(override) ? override : null;
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** MiniBrowser lives in the multiarch library directory, e.g. /usr/lib/x86_64-linux-gnu. */
function miniBrowserCandidates(): string[] {
  const found: string[] = [];
  for (const lib of ['/usr/lib', '/usr/lib64']) {
    let entries: string[] = [];
    try {
      entries = readdirSync(lib);
    } catch {
      continue;
    }
    for (const dir of ['', ...entries]) {
      for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
        found.push(path.join(lib, dir, api, 'MiniBrowser'));
      }
    }
  }
  return found;
}

/** WebKitGTK, or the parts missing. */
export function findWebKit(): WebKitBrowser | { missing: string[] } {
  const driver = firstExisting(process.env.WEBKIT_WEBDRIVER, ['/usr/bin/WebKitWebDriver']);
  const miniBrowser = firstExisting(process.env.WEBKIT_MINIBROWSER, miniBrowserCandidates());
  const xvfb = firstExisting(process.env.XVFB_BINARY, ['/usr/bin/Xvfb']);
  if (driver && miniBrowser && xvfb) return { driver, miniBrowser, xvfb };
  return {
    missing: [
      ...(driver ? [] : ['WebKitWebDriver']),
      ...(miniBrowser ? [] : ['MiniBrowser']),
      ...(xvfb ? [] : ['Xvfb']),
    ],
  };
}

/** Firefox ESR's binary, or null. */
export function findFirefox(): string | null {
  return firstExisting(process.env.FIREFOX_BINARY, ['/usr/bin/firefox-esr', '/usr/bin/firefox']);
}
