/**
 * Refuses deeply nested JSON before it is parsed. `JSON.parse` of `[` × 500,000 (under the 1 MB
 * body limit) blocks the event loop for about half a second, and every honest client waits; no
 * request of the product nests deeper than a handful of levels. One linear scan of the raw bytes,
 * skipping string contents, is far cheaper than the parse it prevents.
 */
import type { IncomingMessage } from 'node:http';

/** Deepest nesting of objects and arrays accepted. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting in `bytes`, stopping as soon as it passes `limit`. */
export function jsonDepth(bytes: Uint8Array, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return deepest;
}

/** `verify` hook of express.json: throws a 400 error typed `entity.too.deep`. */
export function jsonDepthGuard(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonDepth(body) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      type: 'entity.too.deep',
    });
  }
}
