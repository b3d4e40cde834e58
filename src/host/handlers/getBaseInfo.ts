import type { HostBaseInfo } from '@shared/bridge';
import { failed, type Handler, ok } from './context';

/** Device, token and version from the profile and the settings. */
export const getBaseInfo: Handler<'getBaseInfo'> = (_params, context) => {
  const { settings, tokenValue, deviceId } = context.snapshot();
  if (settings.profile === 'web') return failed('No native host in the web profile');
  const info: HostBaseInfo = {
    deviceId,
    system: settings.system,
    tokenValue,
    version: settings.version,
    appName: settings.profile,
  };
  return ok(info);
};
