/** Chromium for the browser benches, found as the e2e runner finds it (never downloads one). */
import { type Browser, chromium } from '@playwright/test';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/find-chromium.mjs';

export async function launchChromium(): Promise<Browser> {
  const found = await findChromium();
  if (!found) throw new Error(NO_CHROMIUM_MESSAGE);
  return chromium.launch({ executablePath: found.path, args: found.args });
}
