/**
 * Byte helpers of the transport. Runs in the browser and in Node: no Buffer, no `node:` imports.
 * Every function returns an exact `ArrayBuffer` (never a view on a larger, pooled buffer), because
 * the Signal library encrypts the whole `ArrayBuffer` it is given.
 */

/** Copies a view into a fresh ArrayBuffer of exactly its length. */
export function exactBuffer(view: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy.buffer;
}

/** UTF-8 encodes a string into an exact ArrayBuffer. */
export function utf8ToBuffer(text: string): ArrayBuffer {
  return exactBuffer(new TextEncoder().encode(text));
}

/** Decodes UTF-8 bytes; invalid sequences throw (a corrupted plaintext must not parse). */
export function bufferToUtf8(bytes: ArrayBuffer | Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

const CHUNK = 0x8000;

/** Standard base64 (with padding) of some bytes. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += CHUNK) {
    binary += String.fromCharCode(...view.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Decodes standard base64 into an exact ArrayBuffer; throws on malformed input. */
export function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out.buffer;
}

/** The library's "binary string" (one char per byte) to bytes. */
export function binaryStringToBuffer(binary: string): ArrayBuffer {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i) & 0xff;
  return out.buffer;
}

/** Constant-length comparison of two byte strings (identity pinning). */
export function equalBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The bytes of `parts`, one after another, in a new array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
