// Finds the Chromium the e2e tests and benchmarks drive: CHROMIUM_PATH, then Debian's
// /usr/bin/chromium, then Playwright's own download (never fetched here). Prints nothing.
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  return null;
}

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: set CHROMIUM_PATH, or install one with `apt-get install -y chromium` (Debian) ' +
  'or `npx playwright install chromium` (where downloads are allowed).';
