/**
 * What "inside a native host" means, once (DESIGN.md §4): a `window.nativeBridge` whose `call`
 * and `on` are functions. Anything else, a malformed bridge too, is the web profile. Apart from
 * ./index.ts so index.html's inline scripts take this test without the host loaders.
 */
import type { NativeBridge } from '@shared/bridge';

export function isBridge(value: unknown): value is NativeBridge {
  const bridge = value as Partial<NativeBridge> | null | undefined;
  return typeof bridge?.call === 'function' && typeof bridge.on === 'function';
}
