/**
 * Built-ins newer than the browser floor (package.json `browserslist`, docs/testing.md "Browser
 * support"), written so they run on it: iOS 14.5 and Android WebView 87 have no `Object.hasOwn`,
 * `Array.prototype.at` or `crypto.randomUUID` (Safari 15.4, Chrome 92–93), and a boot path calling
 * one stays on "The app could not start". scripts/check-floor.mjs keeps them out of the build. Runs
 * in the browser and in Node.
 */

/** `Object.hasOwn`: whether `key` is an own property of `object` (never one it inherits). */
export function hasOwn<T extends object>(object: T, key: PropertyKey): key is keyof T {
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is what the floor lacks.
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** `list.at(-1)`: the last element, undefined when empty. */
export function lastOf<T>(list: readonly T[]): T | undefined {
  return list.length > 0 ? list[list.length - 1] : undefined;
}

/** `crypto.randomUUID()`: a random (version 4) UUID from `getRandomValues`, on every engine. */
export function randomUuid(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) =>
    globalThis.crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
