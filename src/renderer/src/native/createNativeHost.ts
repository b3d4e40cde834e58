/**
 * The host implementation picked synchronously, both loaded (tests and fakes). The app itself
 * uses `loadNativeHost` (./index.ts), which loads only the one the page needs.
 */
import type { JsonStorage } from '@renderer/lib/storage';
import { isBridge, linkPolicy, type NativeHost, persistedDeviceId } from './index';
import { NativeBridgeHost } from './nativeBridgeHost';
import { WebHost, type WebWindow } from './webHost';

export function createNativeHost(
  win: WebWindow & { nativeBridge?: unknown },
  storage: JsonStorage,
): NativeHost {
  return isBridge(win.nativeBridge)
    ? new NativeBridgeHost(win.nativeBridge, linkPolicy)
    : new WebHost(win, persistedDeviceId(storage), linkPolicy);
}
