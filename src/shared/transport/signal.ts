/**
 * Lazy loader of the Signal library (@privacyresearch/libsignal-protocol-typescript, GPL-3.0-only)
 * with our fixes installed: the SessionLock leak fix, the WebCrypto X25519 curve with XEdDSA
 * signatures on @noble/curves (./xeddsa) and JS HMACs. The library is only reached through
 * `await import()`, so the SPA boots without it and fetches it in parallel. The library's own
 * asm.js curve (curve25519-typescript) is only the fallback where WebCrypto has no X25519, imported
 * on its first use; the web build keeps it out of the library's chunk (vite.web.config.ts), so the
 * browser fetches it only then. Runs in the browser and in Node.
 */
import { withJsHmac } from './hmac';
import { patchSessionLock, type SessionLockClass } from './sessionLock';
import { requireWebCrypto } from './webCrypto';
import { probeWebCryptoX25519 } from './webCryptoX25519';
import { type Curve25519, createWebCryptoCurve } from './x25519';

export type SignalLib = typeof import('@privacyresearch/libsignal-protocol-typescript');

/** Which curve does key agreement: native WebCrypto X25519, or the library's pure-JS curve. */
export type CurveKind = 'webcrypto' | 'js';

/** The loaded library plus curve control. */
interface SignalRuntime {
  readonly lib: SignalLib;
  /** The curve in use (process-wide: the library keeps one global crypto object). */
  readonly curve: () => CurveKind;
  /** Switches the curve; 'auto' picks WebCrypto when the runtime has X25519. Returns the choice. */
  selectCurve(kind: CurveKind | 'auto'): Promise<CurveKind>;
}

let loading: Promise<SignalRuntime> | undefined;

/**
 * Loads the library once (single flight) and installs the fixes. Rejects with
 * InsecureContextError when WebCrypto is unavailable, before touching the library.
 */
export function loadSignal(): Promise<SignalRuntime> {
  try {
    requireWebCrypto();
  } catch (error) {
    return Promise.reject(error);
  }
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<SignalRuntime> {
  const subtle = requireWebCrypto().subtle;
  // The curve probe (a few native calls) runs while the library's chunks arrive.
  const [support, lib, lockModule, { xeddsaSigner }] = await Promise.all([
    probeWebCryptoX25519(subtle),
    import('@privacyresearch/libsignal-protocol-typescript'),
    import('@privacyresearch/libsignal-protocol-typescript/lib/session-lock.js'),
    import('./xeddsa'),
  ]);
  patchSessionLock(lockModule.SessionLock as unknown as SessionLockClass);
  // Its ~20 MACs per exchange run in JS instead of 40 asynchronous WebCrypto hops (./hmac).
  lib.setWebCrypto(withJsHmac(requireWebCrypto()) as Parameters<SignalLib['setWebCrypto']>[0]);
  const jsCurve = lazyJsCurve();
  // Told what the engine mishandles, so those keys skip it (./x25519).
  const webCurve = createWebCryptoCurve(subtle, xeddsaSigner, support);
  let current: CurveKind = 'js';
  const runtime: SignalRuntime = {
    lib,
    curve: () => current,
    async selectCurve(kind) {
      const wanted = kind === 'auto' ? (support.available ? 'webcrypto' : 'js') : kind;
      lib.setCurve(wanted === 'webcrypto' ? webCurve : jsCurve);
      current = wanted;
      return wanted;
    },
  };
  await runtime.selectCurve('auto');
  return runtime;
}

/** The library's pure-JS (asm.js) curve, imported on first use (single flight, retried on failure). */
function lazyJsCurve(): Curve25519 {
  let curve: Promise<Curve25519> | undefined;
  const get = () => {
    curve ??= import('@privacyresearch/curve25519-typescript').then(
      (module) => new module.AsyncCurve25519Wrapper(),
      (error: unknown) => {
        curve = undefined;
        throw error;
      },
    );
    return curve;
  };
  return {
    keyPair: async (privKey) => (await get()).keyPair(privKey),
    sharedSecret: async (pubKey, privKey) => (await get()).sharedSecret(pubKey, privKey),
    sign: async (privKey, message) => (await get()).sign(privKey, message),
    verify: async (pubKey, message, sig) => (await get()).verify(pubKey, message, sig),
  };
}
