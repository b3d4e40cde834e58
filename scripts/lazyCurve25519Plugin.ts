/**
 * Keeps curve25519-typescript (≈ 72 kB gzip of asm.js) out of the Signal library's chunk: the
 * library imports it at load for its default curve, which the app always replaces (signatures on
 * src/shared/transport/xeddsa.ts, agreement on WebCrypto X25519). The library gets
 * src/shared/transport/lazyCurve25519.ts instead, which imports the real module on first use, so
 * the fallback where WebCrypto has no X25519 still works. Used by the web build
 * (vite.web.config.ts) and the browser crypto bench (bench/cryptoBrowser.ts).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module the library's curve import resolves to, from the repository `root`. */
export function lazyCurve25519Module(root: string): string {
  return path.join(root, 'src/shared/transport/lazyCurve25519.ts');
}

/**
 * `root`: the repository (configs are bundled elsewhere before they run, so this file cannot
 * find its own place).
 */
export function lazyCurve25519(root: string): Plugin {
  const standIn = lazyCurve25519Module(root);
  return {
    name: 'lazy-curve25519',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@privacyresearch/curve25519-typescript' &&
        importer?.includes('libsignal-protocol-typescript')
      ) {
        return standIn;
      }
      return null;
    },
  };
}
