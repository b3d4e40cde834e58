import type { BridgeResult } from '@shared/bridge';

/** The answer to a link the allow-list refuses (src/shared/links.ts): failed, and logged. */
export function refusedLink(url: string): BridgeResult {
  console.warn('Refused to open an unsafe link:', url.slice(0, 200));
  return { resultCode: 3, message: 'This link cannot be opened.' };
}
