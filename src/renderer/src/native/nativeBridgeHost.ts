/**
 * NativeHost over the `window.nativeBridge` a native app (or the simulator) injects. Boot needs
 * only getBaseInfo, checked with the boot shapes; the other methods' data schemas (zod) and the
 * semver check load with the first such call (a small boot chunk, bench/README.md).
 */

import type {
  BridgeData,
  BridgeEvent,
  BridgeMethod,
  BridgeParams,
  BridgeResult,
  NativeBridge,
} from '@shared/bridge';
import { SAVE_IMAGE_MIN_VERSION } from '@shared/constants';
import { type LinkPolicy, safeLink } from '@shared/links';
import { bridgeResultShape, hostBaseInfoShape } from '@renderer/lib/bootShapes';
import { startupPage } from '@renderer/lib/startupPage';
import { withH5Suffix } from './baseInfo';
import type { BaseInfo, NativeHost } from './NativeHost';
import { refusedLink } from './refusedLink';
import { errorMessage } from '@shared/errors';

/**
 * The getBaseInfo answer index.html's inline script (src/renderer/inline/firstFrame.ts) or the
 * early session already asked this bridge for, once: the host is asked once per page load.
 */
function takeEarlyBaseInfo(bridge: NativeBridge): Promise<unknown> | undefined {
  const page = startupPage();
  const early = page.earlyBaseInfo;
  if (!early || early.bridge !== bridge) return undefined;
  delete page.earlyBaseInfo;
  return early.answer;
}

export class NativeBridgeHost implements NativeHost {
  readonly native = true;
  private baseInfo: Promise<BaseInfo> | undefined;

  constructor(
    private readonly bridge: NativeBridge,
    private readonly links: LinkPolicy = { allowHttp: true },
  ) {}

  async call<M extends BridgeMethod>(
    method: M,
    params?: BridgeParams<M>,
  ): Promise<BridgeResult<BridgeData<M>>> {
    const [result, schemas] = await Promise.all([
      this.rawCall(method, params),
      // Never throws (NativeHost contract): a chunk that failed to load is a failed call.
      settle(import('@shared/bridge')),
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

  /**
   * The host's answer checked as a BridgeResult (its data not yet checked). A host that does not
   * answer in time has failed (resultCode 3), except while the borrower is in a native screen.
   */
  private async rawCall(method: BridgeMethod, params?: object): Promise<BridgeResult> {
    let raw: unknown;
    const limit = bridgeTimeoutOf(method);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = Promise.resolve(
        (method === 'getBaseInfo' && takeEarlyBaseInfo(this.bridge)) ||
          this.bridge.call(method, params),
      );
      raw =
        limit === null
          ? await answer
          : await Promise.race([
              answer,
              new Promise<never>((_, reject) => {
                timer = setTimeout(() => reject(new BridgeTimeout(method, limit)), limit);
              }),
            ]);
    } catch (error) {
      if (error instanceof BridgeTimeout) console.error(error.message);
      return { resultCode: 3, message: errorMessage(error) };
    } finally {
      clearTimeout(timer);
    }
    const result = bridgeResultShape.safeParse(raw);
    if (!result.success) return { resultCode: 3, message: `Bad answer from host for ${method}` };
    return result.data;
  }

  /**
   * One host round trip per page load: device and version do not change while the page lives,
   * the token changes only when the session ended in the host (`fresh` asks again then). A host
   * that fails it (an error code, malformed data, no answer in time) rejects with the reason:
   * PRODUCT.md §4 keeps the Loading page then ('App init failed'); it is never taken for the web,
   * which would hand a webview user the web login with a random device id. A retry asks again.
   */
  getBaseInfo(options?: { fresh?: boolean }): Promise<BaseInfo> {
    if (options?.fresh) this.baseInfo = undefined;
    this.baseInfo ??= this.rawCall('getBaseInfo').then((result): BaseInfo => {
      const info = hostBaseInfoShape.safeParse(result.data);
      if (result.resultCode !== 0 || !info.success) {
        this.baseInfo = undefined;
        throw new Error(
          result.resultCode !== 0
            ? `The app could not start: getBaseInfo answered ${result.resultCode}${result.message ? ` (${result.message})` : ''}`
            : 'The app could not start: getBaseInfo answered malformed data',
        );
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

/**
 * How long a bridge call may take before it has failed: 10 s for what the host answers by
 * itself; no limit for calls that wait for the borrower in a native screen (pick an account,
 * pay in a wallet, read a notice, log in, apply for a loan) — they take as long as the person.
 */
export const BRIDGE_TIMEOUT_MS = 10_000;
const WAITS_FOR_THE_BORROWER = new Set<BridgeMethod>([
  'pickAccount',
  'gcashPayment',
  'fastPayPayment',
  'showNotice',
  'showLogin',
  'loanApply',
]);

function bridgeTimeoutOf(method: BridgeMethod): number | null {
  return WAITS_FOR_THE_BORROWER.has(method) ? null : BRIDGE_TIMEOUT_MS;
}

class BridgeTimeout extends Error {
  constructor(method: string, ms: number) {
    super(`The app did not answer ${method} within ${ms / 1000} s`);
  }
}

/** A dynamic import that resolves either way: NativeHost methods never throw. */
function settle<T>(load: Promise<T>): Promise<{ module: T } | { error: unknown }> {
  return load.then(
    (module) => ({ module }),
    (error: unknown) => ({ error }),
  );
}
