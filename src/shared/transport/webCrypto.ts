/**
 * WebCrypto access with a clear failure: `crypto.subtle` only exists in secure contexts, and the
 * Signal library would otherwise fail later with an obscure TypeError.
 */

/** WebCrypto types as both the DOM and Node's globals declare them. */
export type WebCrypto = typeof globalThis.crypto;
export type Subtle = WebCrypto['subtle'];
export type WebCryptoKey = Awaited<ReturnType<Subtle['importKey']>>;

/** Thrown when the runtime has no `crypto.subtle` (an insecure context). */
export class InsecureContextError extends Error {
  constructor() {
    super(
      'WebCrypto (crypto.subtle) is unavailable: it needs a secure context. Open the app over ' +
        'https, on localhost / 127.0.0.1, or through the app:// scheme of the desktop simulator.',
    );
    this.name = 'InsecureContextError';
  }
}

/** The runtime's WebCrypto, or InsecureContextError when `subtle` is missing. */
export function requireWebCrypto(scope: { crypto?: WebCrypto } = globalThis): WebCrypto {
  const webCrypto = scope.crypto;
  if (!webCrypto?.subtle || typeof webCrypto.getRandomValues !== 'function') {
    throw new InsecureContextError();
  }
  return webCrypto;
}
