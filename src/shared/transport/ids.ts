/** Random identifiers (request ids, session ids). Runs in the browser and in Node. */
import { requireWebCrypto } from './webCrypto';

/** 128 random bits as 32 hex characters. */
export function randomId(): string {
  const bytes = requireWebCrypto().getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
