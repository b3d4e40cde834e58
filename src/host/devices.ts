/**
 * Simulated device presets: viewport and safe-area insets (CSS px).
 */
import type { DeviceId, HostSystem } from './types';

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface DevicePreset {
  id: DeviceId;
  label: string;
  width: number;
  height: number;
  insets: SafeAreaInsets;
  /** The system a device of this kind usually runs (the panel suggests it, never forces it). */
  system: HostSystem;
}

const NO_INSETS: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

export const DEVICE_PRESETS: Readonly<Record<DeviceId, DevicePreset>> = {
  android: {
    id: 'android',
    label: 'Small Android phone (360×640)',
    width: 360,
    height: 640,
    insets: { ...NO_INSETS, top: 24 },
    system: 'android',
  },
  iphone: {
    id: 'iphone',
    label: 'Notched iPhone (390×844)',
    width: 390,
    height: 844,
    insets: { top: 47, right: 0, bottom: 34, left: 0 },
    system: 'ios',
  },
  tablet: {
    id: 'tablet',
    label: 'Tablet (820×1180)',
    width: 820,
    height: 1180,
    insets: { top: 24, right: 0, bottom: 20, left: 0 },
    system: 'android',
  },
};

export { DEVICE_IDS } from './types';

export function isDeviceId(value: unknown): value is DeviceId {
  return typeof value === 'string' && Object.hasOwn(DEVICE_PRESETS, value);
}
