/**
 * Harness URL parameters: `?profile=lender&scenario=repaying&device=iphone&system=ios&version=2.9.0
 * &user=9171234567&path=/bill` reproduce a state; the panel keeps them in sync so "Copy link" shares it.
 */
import { DEVICE_PRESETS, isDeviceId } from '../../../host/devices';
import { HOST_PROFILES, type HostSettings, type HostSnapshot } from '../../../host/types';

export interface UrlState {
  settings: Partial<HostSettings>;
  scenario: string | null;
  /** The app path to open in the phone ("/" by default). */
  path: string;
  /** Admin API origin override (default: this page's origin). */
  mock: string | null;
}

export function readUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const settings: Partial<HostSettings> = {};
  const profile = params.get('profile');
  if (profile && (HOST_PROFILES as readonly string[]).includes(profile)) {
    settings.profile = profile as HostSettings['profile'];
  }
  const device = params.get('device');
  if (isDeviceId(device)) settings.device = device;
  const system = params.get('system');
  if (system === 'android' || system === 'ios') settings.system = system;
  // A device alone implies its usual system (an Android phone runs Android).
  else if (settings.device) settings.system = DEVICE_PRESETS[settings.device].system;
  const version = params.get('version');
  if (version) settings.version = version.slice(0, 40);
  if (params.get('online') === '0') settings.online = false;
  if (params.get('signedIn') === '0') settings.signedIn = false;
  const user = params.get('user')?.replace(/\D/g, '');
  if (user) settings.msisdn = user.slice(0, 20);
  const path = params.get('path');
  return {
    settings,
    scenario: params.get('scenario'),
    path: path?.startsWith('/') ? path : '/',
    mock: params.get('mock'),
  };
}

/** The query string reproducing `snapshot` (keeps unrelated parameters such as `mock`). */
export function writeUrlState(search: string, snapshot: HostSnapshot, path: string): string {
  const params = new URLSearchParams(search);
  const { settings } = snapshot;
  params.set('profile', settings.profile);
  if (snapshot.scenario) params.set('scenario', snapshot.scenario);
  params.set('device', settings.device);
  params.set('system', settings.system);
  params.set('version', settings.version);
  if (settings.online) params.delete('online');
  else params.set('online', '0');
  if (settings.signedIn) params.delete('signedIn');
  else params.set('signedIn', '0');
  if (settings.msisdn) params.set('user', settings.msisdn);
  else params.delete('user');
  if (path && path !== '/') params.set('path', path);
  else params.delete('path');
  return `?${params.toString()}`;
}
