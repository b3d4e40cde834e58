/**
 * What the Signal library gets for `@privacyresearch/curve25519-typescript` in the web build
 * (scripts/lazyCurve25519Plugin.ts): the same two classes, forwarding to the real module imported
 * on first use, so its asm.js stays out of the library's chunk. The app replaces the library's
 * default curve anyway (signal.ts); only the fallback where WebCrypto has no X25519 loads it.
 */
import type {
  AsyncCurve,
  Curve25519Wrapper as RealCurve25519Wrapper,
  KeyPair,
} from '@privacyresearch/curve25519-typescript';

type RealModule = typeof import('@privacyresearch/curve25519-typescript');

let real: Promise<RealModule> | undefined;
/** The real module; a failed import is forgotten, so the next use tries again. */
const load = (): Promise<RealModule> =>
  (real ??= import('@privacyresearch/curve25519-typescript').catch((error: unknown) => {
    real = undefined;
    throw error;
  }));
let curve: Promise<AsyncCurve> | undefined;
const asyncCurve = (): Promise<AsyncCurve> =>
  (curve ??= load().then((m) => new m.AsyncCurve25519Wrapper()));

export class AsyncCurve25519Wrapper implements AsyncCurve {
  keyPair(privKey: ArrayBuffer): Promise<KeyPair> {
    return asyncCurve().then((c) => c.keyPair(privKey));
  }
  sharedSecret(pubKey: ArrayBuffer, privKey: ArrayBuffer): Promise<ArrayBuffer> {
    return asyncCurve().then((c) => c.sharedSecret(pubKey, privKey));
  }
  sign(privKey: ArrayBuffer, message: ArrayBuffer): Promise<ArrayBuffer> {
    return asyncCurve().then((c) => c.sign(privKey, message));
  }
  verify(pubKey: ArrayBuffer, message: ArrayBuffer, sig: ArrayBuffer): Promise<boolean> {
    return asyncCurve().then((c) => c.verify(pubKey, message, sig));
  }
}

// biome-ignore lint/complexity/noStaticOnlyClass: the real module's shape, as the library calls it.
export class Curve25519Wrapper {
  static create(): Promise<RealCurve25519Wrapper> {
    return load().then((m) => m.Curve25519Wrapper.create());
  }
}
