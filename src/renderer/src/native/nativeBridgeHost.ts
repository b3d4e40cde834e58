/** NativeHost over the `window.nativeBridge` a native app (or the simulator) injects. */
import {
  type BridgeData,
  type BridgeEvent,
  type BridgeMethod,
  type BridgeParams,
  type BridgeResult,
  bridgeMethods,
  bridgeResultSchema,
  hostBaseInfoSchema,
  type NativeBridge,
} from '../../../shared/bridge';
import { SAVE_IMAGE_MIN_VERSION } from '../../../shared/constants';
import { withH5Suffix } from './baseInfo';
import type { BaseInfo, NativeHost } from './NativeHost';
import { versionAtLeast } from './versionGate';

export class NativeBridgeHost implements NativeHost {
  readonly native = true;
  private baseInfo: Promise<BaseInfo> | undefined;

  constructor(
    private readonly bridge: NativeBridge,
    private readonly fallbackDeviceId: () => string,
  ) {}

  async call<M extends BridgeMethod>(
    method: M,
    params?: BridgeParams<M>,
  ): Promise<BridgeResult<BridgeData<M>>> {
    let raw: unknown;
    try {
      raw = await this.bridge.call(method, params);
    } catch (error) {
      return { resultCode: 3, message: error instanceof Error ? error.message : String(error) };
    }
    const result = bridgeResultSchema.safeParse(raw);
    if (!result.success) return { resultCode: 3, message: `Bad answer from host for ${method}` };
    if (result.data.resultCode !== 0) return result.data as BridgeResult<BridgeData<M>>;
    const data = bridgeMethods[method].data.safeParse(result.data.data ?? null);
    if (!data.success) return { resultCode: 3, message: `Bad data from host for ${method}` };
    return { resultCode: 0, data: data.data as BridgeData<M> };
  }

  getBaseInfo(): Promise<BaseInfo> {
    // One host round trip per page load: the answer does not change while the page lives.
    this.baseInfo ??= this.call('getBaseInfo').then((result): BaseInfo => {
      const info = hostBaseInfoSchema.safeParse(result.data);
      if (result.resultCode !== 0 || !info.success) {
        return {
          deviceId: withH5Suffix(this.fallbackDeviceId()),
          system: 'H5',
          tokenValue: '',
          version: '',
          profile: 'web',
        };
      }
      return {
        deviceId: withH5Suffix(info.data.deviceId),
        system: info.data.system,
        tokenValue: info.data.tokenValue,
        version: info.data.version,
        profile: info.data.appName,
      };
    });
    return this.baseInfo;
  }

  closePage() {
    return this.call('closePage');
  }
  kickOut(tip: boolean) {
    return this.call('kickOut', { tip });
  }
  showLogin() {
    return this.call('showLogin');
  }
  async saveImageToAlbum(url: string): Promise<BridgeResult> {
    const { version } = await this.getBaseInfo();
    if (!versionAtLeast(version, SAVE_IMAGE_MIN_VERSION)) {
      return { resultCode: 1, message: `Saving images needs app ${SAVE_IMAGE_MIN_VERSION}` };
    }
    return this.call('saveImageToAlbum', { url });
  }
  dialPhone(phone: string) {
    return this.call('dialPhone', { phone });
  }
  sendSms(phone: string, body?: string) {
    return this.call('sendSms', { phone, body });
  }
  composeEmail(to: string, subject?: string, body?: string) {
    return this.call('composeEmail', { to, subject, body });
  }
  openBrowser(url: string) {
    return this.call('openBrowser', { url });
  }
  on(event: BridgeEvent, listener: (payload: unknown) => void): () => void {
    return this.bridge.on(event, listener);
  }
}
