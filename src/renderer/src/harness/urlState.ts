/**
 * Harness URL parameters: `?profile=lender&scenario=repaying&device=iphone&system=ios&version=2.9.0
 * &user=9171234567&path=/bill&clock=2025-12-24T02:00:00.000Z` reproduce a state; the panel keeps
 * them in sync so "Copy link" shares it. `clock` is the world's time: an ISO instant (frozen there)
 * or a signed offset in ms from real time (running), e.g. `clock=%2B864000000` for ten days ahead.
 */
import { DEVICE_PRESETS, isDeviceId } from '@host/devices';
import type { PhoneClock } from '@host/phoneClock';
import { HOST_PROFILES, type HostSettings, type HostSnapshot } from '@host/types';
import { parseAppPath } from '@shared/appPath';

interface UrlState {
  settings: Partial<HostSettings>;
  scenario: string | null;
  /** The app path to open in the phone ("/" by default, and for anything not an app path). */
  path: string;
  /** Admin API origin override (default: this page's origin); only an http(s) origin. */
  mock: string | null;
  /** The world's clock to set (null: leave the world's clock as it is). */
  clock: PhoneClock | null;
}

/** The `clock` parameter of a phone clock. */
export function clockParam(clock: PhoneClock): string {
  if (clock.frozenAt !== null) return new Date(clock.frozenAt).toISOString();
  return `${clock.offsetMs >= 0 ? '+' : '-'}${Math.abs(Math.round(clock.offsetMs))}`;
}

/** The phone clock a `clock` parameter names, or null when it names none. */
export function readClockParam(value: string | null): PhoneClock | null {
  if (!value) return null;
  if (/^[+-]\d{1,15}$/.test(value)) return { offsetMs: Number(value), frozenAt: null };
  const at = Date.parse(value);
  return Number.isFinite(at) ? { offsetMs: at - Date.now(), frozenAt: at } : null;
}

/** The origin an http(s) `mock` parameter names, or null. */
function mockOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
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
  return {
    settings,
    scenario: params.get('scenario'),
    // Anyone can write this link (or a popup ad's route that the phone reported into it): a path
    // of the app and nothing else, never `/javascript:…` or another site (src/shared/appPath.ts).
    path: parseAppPath(params.get('path')) ?? '/',
    mock: mockOrigin(params.get('mock')),
    clock: readClockParam(params.get('clock')),
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
  if (snapshot.clock) params.set('clock', clockParam(snapshot.clock));
  else params.delete('clock');
  return `?${params.toString()}`;
}
