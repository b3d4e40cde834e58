/**
 * Simulated device presets: viewport, safe-area insets (CSS px), pixel ratio, touch and the user
 * agent of a mobile webview. An edge-to-edge device (a notched iPhone: WKWebView with
 * viewport-fit=cover) lays the page under the status bar and home indicator and tells it the
 * insets; on the others (Android) the webview sits between the bars and its insets are 0.
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
  /** The page is drawn under the bars and gets `insets` as its safe area. */
  edgeToEdge: boolean;
  /** Device pixel ratio. */
  dpr: number;
  /** A touch screen (touch events, no hover). */
  touch: boolean;
  /** The webview's user agent. */
  userAgent: string;
}

/** The safe-area insets the page itself sees on a device. */
export function appInsets(preset: DevicePreset): SafeAreaInsets {
  return preset.edgeToEdge ? preset.insets : NO_INSETS;
}

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const TABLET_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-X200 Build/TP1A.220624.014; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Safari/537.36';

const NO_INSETS: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

export const DEVICE_PRESETS: Readonly<Record<DeviceId, DevicePreset>> = {
  android: {
    id: 'android',
    label: 'Small Android phone (360×640)',
    width: 360,
    height: 640,
    insets: { ...NO_INSETS, top: 24 },
    system: 'android',
    edgeToEdge: false,
    dpr: 2,
    touch: true,
    userAgent: ANDROID_UA,
  },
  iphone: {
    id: 'iphone',
    label: 'Notched iPhone (390×844)',
    width: 390,
    height: 844,
    insets: { top: 47, right: 0, bottom: 34, left: 0 },
    system: 'ios',
    edgeToEdge: true,
    dpr: 3,
    touch: true,
    userAgent: IPHONE_UA,
  },
  tablet: {
    id: 'tablet',
    label: 'Tablet (820×1180)',
    width: 820,
    height: 1180,
    insets: { top: 24, right: 0, bottom: 20, left: 0 },
    system: 'android',
    edgeToEdge: false,
    dpr: 2,
    touch: true,
    userAgent: TABLET_UA,
  },
};

export { DEVICE_IDS } from './types';

export function isDeviceId(value: unknown): value is DeviceId {
  return typeof value === 'string' && Object.hasOwn(DEVICE_PRESETS, value);
}

/** How a device is shown on a screen: its window's content size and the page's drawing scale. */
export interface DeviceFit {
  width: number;
  height: number;
  /** 1 when the device fits at its CSS size; less draws it smaller, its viewport unchanged. */
  scale: number;
}

/**
 * Fits a device into a screen's work area keeping its aspect ratio (the tablet is taller than a
 * laptop screen); `chrome` is what the window's frame and its distance from the edges take.
 */
export function fitToWorkArea(
  preset: Pick<DevicePreset, 'width' | 'height'>,
  workArea: { width: number; height: number },
  chrome: { width: number; height: number } = { width: 80, height: 120 },
): DeviceFit {
  const scale = Math.min(
    1,
    (workArea.width - chrome.width) / preset.width,
    (workArea.height - chrome.height) / preset.height,
  );
  if (!(scale > 0)) return { width: preset.width, height: preset.height, scale: 1 };
  return {
    width: Math.round(preset.width * scale),
    height: Math.round(preset.height * scale),
    scale,
  };
}
