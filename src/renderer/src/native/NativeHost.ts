/**
 * The typed native capability of DESIGN.md §4 (Capacitor style): one interface, a native
 * implementation over `window.nativeBridge` (`nativeBridgeHost.ts`) and a web fallback
 * (`webHost.ts`); `loadNativeHost` (index.ts) loads the one the page needs. Only this folder touches `window.nativeBridge`.
 */
import type {
  AppName,
  BridgeData,
  BridgeEvent,
  BridgeMethod,
  BridgeParams,
  BridgeResult,
} from '@shared/bridge';

/** Who hosts the page: the lender app, the FastPay wallet, or nobody (a browser). */
export type HostProfile = AppName | 'web';

/** Base info as the SPA sends it (PRODUCT.md §3): deviceId already carries `-h5`. */
export interface BaseInfo {
  deviceId: string;
  /** 'android' | 'ios' inside a host, 'H5' on the web. */
  system: string;
  /** The host's login token; '' on the web (the web token lives in the user store). */
  tokenValue: string;
  version: string;
  profile: HostProfile;
}

export interface NativeHost {
  /** 'web' when there is no `window.nativeBridge`; a host's profile is known after getBaseInfo. */
  readonly native: boolean;
  /**
   * Device, token and version. On the web it never rejects; a host that fails it rejects with the
   * reason (PRODUCT.md §4: the Loading page stays, with a retry). Asked once per page load;
   * `fresh` asks the host again — after a session ended in the host, its next token may be
   * another borrower's (DESIGN.md §6).
   */
  getBaseInfo(options?: { fresh?: boolean }): Promise<BaseInfo>;
  /** Any bridge method, params typed by the shared table; data parsed with its schema. */
  call<M extends BridgeMethod>(
    method: M,
    params?: BridgeParams<M>,
  ): Promise<BridgeResult<BridgeData<M>>>;
  /** Closes the webview page (web: history back). */
  closePage(): Promise<BridgeResult>;
  /** Tells the host the session is over; `tip` shows the "logged in elsewhere" tip. */
  kickOut(tip: boolean): Promise<BridgeResult>;
  /** Opens the native login page (web: not supported). */
  showLogin(): Promise<BridgeResult>;
  /** Saves an image; answers 1 itself below host version 2.8.0 (PRODUCT.md §5). */
  saveImageToAlbum(url: string): Promise<BridgeResult>;
  dialPhone(phone: string): Promise<BridgeResult>;
  sendSms(phone: string, body?: string): Promise<BridgeResult>;
  composeEmail(to: string, subject?: string, body?: string): Promise<BridgeResult>;
  openBrowser(url: string): Promise<BridgeResult>;
  /** Subscribes to a host event; returns the unsubscribe function. */
  on(event: BridgeEvent, listener: (payload: unknown) => void): () => void;
}

export const unsupported = (method: string): BridgeResult => ({
  resultCode: 1,
  message: `${method} is not available outside the native app`,
});
