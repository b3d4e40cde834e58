/**
 * Picks the native implementation when a host injected `window.nativeBridge`, else the web one,
 * and loads only that one: a borrower on the web never downloads the bridge's code, nor one in a
 * host the web fallbacks (index.html preloads the right chunk beside the boot chunk).
 */
import type { LinkPolicy } from '@shared/links';
import { deviceIdShape } from '@renderer/lib/bootShapes';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';
import { randomDeviceId } from './baseInfo';
import type { NativeHost } from './NativeHost';
import { isBridge } from './isBridge';
import type { WebWindow } from './webHost';

export type { BaseInfo, HostProfile, NativeHost } from './NativeHost';

export { isBridge } from './isBridge';

/** The persisted random web device id (PRODUCT.md §3), created on first use. */
export function persistedDeviceId(storage: JsonStorage): () => string {
  return () => {
    const known = storage.read(StorageKey.deviceId, deviceIdShape);
    if (known) return known;
    const id = randomDeviceId();
    storage.write(StorageKey.deviceId, id);
    return id;
  };
}

/**
 * Which links the adapters open (src/shared/links.ts). `http:` is allowed until the app config
 * says production: main.tsx sets it once the config is loaded.
 */
export const linkPolicy: LinkPolicy = { allowHttp: true };

export async function loadNativeHost(
  win: WebWindow & { nativeBridge?: unknown },
  storage: JsonStorage,
): Promise<NativeHost> {
  if (isBridge(win.nativeBridge)) {
    const { NativeBridgeHost } = await import('./nativeBridgeHost');
    return new NativeBridgeHost(win.nativeBridge, linkPolicy);
  }
  const { WebHost } = await import('./webHost');
  return new WebHost(win, persistedDeviceId(storage), linkPolicy);
}
