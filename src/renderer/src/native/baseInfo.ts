/** Base info rules of PRODUCT.md §3 / DESIGN.md §4. Pure. */
import { H5_SUFFIX } from '../../../shared/constants';
import { randomUuid } from '../../../shared/portable';

/** Appends `-h5` once (a host that already suffixed its id is not suffixed twice). */
export function withH5Suffix(deviceId: string): string {
  return deviceId.endsWith(H5_SUFFIX) ? deviceId : deviceId + H5_SUFFIX;
}

/** A random web device id (persisted by the caller), before the suffix. */
export function randomDeviceId(random: () => string = () => randomUuid()): string {
  return `web-${random()}`;
}
