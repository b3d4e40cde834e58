/**
 * Libraries' calls of `Object.hasOwn` (Safari 15.4, Chrome 93), rewritten in the web build
 * (vite.web.config.ts) to the call every engine of the floor has (docs/testing.md "Browser
 * support"): @noble/curves and @noble/hashes check their options with it as their modules load, so
 * below those versions the crypto chunk would throw before the first secure call. The app's own
 * code uses src/shared/portable.ts instead; scripts/check-floor.mjs finds any other built-in above
 * the floor.
 */
import type { Plugin } from 'vite';

const CALL = 'Object.hasOwn(';

/** `code` with every `Object.hasOwn(` call rewritten, or null when it has none. */
export function withoutHasOwn(code: string): string | null {
  return code.includes(CALL)
    ? code.replaceAll(CALL, 'Object.prototype.hasOwnProperty.call(')
    : null;
}

export function libraryBuiltInsOnTheFloor(): Plugin {
  return {
    name: 'library-built-ins-on-the-floor',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes('/node_modules/')) return null;
      const lowered = withoutHasOwn(code);
      return lowered === null ? null : { code: lowered, map: null };
    },
  };
}
