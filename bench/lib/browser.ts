/** Chromium for the browser benches (the installed one; never downloads a browser). */
import { type Browser, chromium } from '@playwright/test';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium (as the e2e runner does). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
