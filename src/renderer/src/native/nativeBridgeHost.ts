/**
 * NativeHost over the `window.nativeBridge` a native app (or the simulator) injects. Boot needs
 * only getBaseInfo, checked with the boot shapes; the other methods' data schemas (zod) and the
 * semver check load with the first such call (issue 8: a small boot chunk).
 */
import { type LinkPolicy, safeLink } from '../../../shared/links';
import { refusedLink } from './refusedLink';
import type {
  BridgeData,
  BridgeEvent,
  BridgeMethod,
  BridgeParams,
  BridgeResult,
  NativeBridge,
} from '../../../shared/bridge';
import { SAVE_IMAGE_MIN_VERSION } from '../../../shared/constants';
import { bridgeResultShape, hostBaseInfoShape } from '../lib/bootShapes';
import { withH5Suffix } from './baseInfo';
import type { BaseInfo, NativeHost } from './NativeHost';

export class NativeBridgeHost implements NativeHost {
  readonly native = true;
  private baseInfo: Promise<BaseInfo> | undefined;

  constructor(
    private readonly bridge: NativeBridge,
    private readonly fallbackDeviceId: () => string,
    private readonly links: LinkPolicy = { allowHttp: true },
  ) {}

  async call<M extends BridgeMethod>(
    method: M,
    params?: BridgeParams<M>,
  ): Promise<BridgeResult<BridgeData<M>>> {
    const [result, schemas] = await Promise.all([
      this.rawCall(method, params),
      // Never throws (NativeHost contract): a chunk that failed to load is a failed call.
      settle(import('../../../shared/bridge')),
    ]);
    if (result.resultCode !== 0) return result as BridgeResult<BridgeData<M>>;
    if ('error' in schemas) {
      return { resultCode: 3, message: `Could not check ${method}: ${String(schemas.error)}` };
    }
    const { bridgeMethods } = schemas.module;
    const data = bridgeMethods[method].data.safeParse(result.data ?? null);
    if (!data.success) return { resultCode: 3, message: `Bad data from host for ${method}` };
    return { resultCode: 0, data: data.data as BridgeData<M> };
  }

  /** The host's answer checked as a BridgeResult (its data not yet checked). */
  private async rawCall(method: BridgeMethod, params?: object): Promise<BridgeResult> {
    let raw: unknown;
    try {
      raw = await this.bridge.call(method, params);
    } catch (error) {
      return { resultCode: 3, message: error instanceof Error ? error.message : String(error) };
    }
    const result = bridgeResultShape.safeParse(raw);
    if (!result.success) return { resultCode: 3, message: `Bad answer from host for ${method}` };
    return result.data;
  }

  getBaseInfo(): Promise<BaseInfo> {
    // One host round trip per page load: the answer does not change while the page lives.
    this.baseInfo ??= this.rawCall('getBaseInfo').then((result): BaseInfo => {
      const info = hostBaseInfoShape.safeParse(result.data);
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
    const [{ version }, gate] = await Promise.all([
      this.getBaseInfo(),
      settle(import('./versionGate')),
    ]);
    if ('error' in gate) {
      return { resultCode: 3, message: `Could not check the version: ${String(gate.error)}` };
    }
    if (!gate.module.versionAtLeast(version, SAVE_IMAGE_MIN_VERSION)) {
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
  async openBrowser(url: string): Promise<BridgeResult> {
    // The host opens whatever it is given: only a safe web link is ever handed over.
    const link = safeLink(url, this.links);
    if (link?.kind !== 'web') return refusedLink(url);
    return this.call('openBrowser', { url: link.href });
  }
  on(event: BridgeEvent, listener: (payload: unknown) => void): () => void {
    return this.bridge.on(event, listener);
  }
}

/** A dynamic import that resolves either way: NativeHost methods never throw. */
function settle<T>(load: Promise<T>): Promise<{ module: T } | { error: unknown }> {
  return load.then(
    (module) => ({ module }),
    (error: unknown) => ({ error }),
  );
}
