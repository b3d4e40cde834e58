/**
 * Drops msrcrypto (≈ 230 kB, a pure-JS WebCrypto the Signal library falls back to when
 * `globalThis.crypto` is missing) from the web build's crypto chunk (vite.web.config.ts): the app
 * refuses to start the library without WebCrypto anyway (InsecureContextError in
 * src/shared/transport/webCrypto.ts), so the fallback is never used.
 */
import type { Plugin } from 'vite';

/** The empty CommonJS module the library gets instead (the stand-in holds no code to check). */
const STUB = '\0msrcrypto-unused';

export function withoutMsrcrypto(): Plugin {
  return {
    name: 'without-msrcrypto',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        /\/msrcrypto(\.js)?$/.test(source) &&
        importer?.includes('libsignal-protocol-typescript')
      ) {
        return STUB;
      }
      return null;
    },
    load(id) {
      return id === STUB ? 'module.exports = {};' : null;
    },
  };
}
