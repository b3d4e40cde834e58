/** Base info rules of PRODUCT.md §3 / DESIGN.md §4. Pure. */
import { H5_SUFFIX, WEB_SYSTEM } from '@shared/constants';
import type { UserBaseInfo } from '@shared/envelope';
import { randomUuid } from '@shared/portable';
import type { BaseInfo } from './NativeHost';

/** Appends `-h5` once (a host that already suffixed its id is not suffixed twice). */
export function withH5Suffix(deviceId: string): string {
  return deviceId.endsWith(H5_SUFFIX) ? deviceId : deviceId + H5_SUFFIX;
}

/** A random web device id (persisted by the caller), before the suffix. */
export function randomDeviceId(random: () => string = () => randomUuid()): string {
  return `web-${random()}`;
}

/**
 * The base info every call carries (PRODUCT.md §3): the host's, with the session's token. Before
 * the host has answered, the device is 'unknown-h5' and the system the web's.
 */
export function userBaseInfoOf(
  host: BaseInfo | null | undefined,
  tokenValue: string,
): UserBaseInfo {
  return {
    deviceId: host?.deviceId ?? 'unknown-h5',
    system: host?.system ?? WEB_SYSTEM,
    tokenValue,
    version: host?.version ?? '',
  };
}
