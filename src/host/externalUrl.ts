/**
 * What a phone does with a link it does not open in the app (DESIGN.md §4: the webview has no
 * tabs): the dialer, the SMS composer, the mail app, or the browser, each shown as the host's
 * native surface. Any other scheme (javascript:, data:, file:, blob:, intent:, …) goes nowhere,
 * as a webview that refuses it. One mapping for both runtimes: Electron's navigation handlers
 * (src/main/simulator.ts) and the harness's phone frame.
 *
 * Links arrive from pages, so anything may come: the scheme is read as browsers read it (the URL
 * parser: leading spaces and control characters, tabs and newlines inside do not hide
 * `javascript:`), an escape that does not decode is shown as written, and what the surface shows
 * is one line of at most MAX_DETAIL characters.
 */
import type { BridgeMethod } from '@shared/bridge';
import type { HostCore } from './HostCore';

/** The native surface a phone opens for a link. */
export interface ExternalSurface {
  method: Extract<BridgeMethod, 'dialPhone' | 'sendSms' | 'composeEmail' | 'openBrowser'>;
  title: string;
  detail: string;
}

/** What a surface shows of an address at most: a phone number, an address or a URL fits. */
const MAX_DETAIL = 300;

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line of text for a surface: no control characters, never longer than MAX_DETAIL. */
function oneLine(text: string): string {
  const line = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/** The percent-decoded text of an address, or the text as written when it does not decode. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The surface a phone opens for `url`, or null when no surface opens it. */
export function externalSurfaceOf(url: string): ExternalSurface | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // The address of tel:, sms: and mailto: is the path; their query (body=, subject=) is not shown.
  const address = () => oneLine(decoded(parsed.pathname)) || '(no address)';
  const surface = (method: ExternalSurface['method'], title: string, detail: string) => ({
    method,
    title,
    detail: oneLine(detail),
  });
  switch (parsed.protocol) {
    case 'tel:':
      return surface('dialPhone', 'Dialer', `Calling ${address()}`);
    case 'sms:':
      return surface('sendSms', 'SMS composer', `To ${address()}`);
    case 'mailto:':
      return surface('composeEmail', 'Email composer', `To ${address()}`);
    case 'http:':
    case 'https:':
      // The parser's form: what the browser would open, without what hid in the raw text.
      return surface('openBrowser', 'Opened in the browser', parsed.href);
    default:
      return null;
  }
}

/** Shows `url` as the surface a phone opens for it; false when no surface opens it. */
export function showExternalUrl(host: Pick<HostCore, 'showSurface'>, url: string): boolean {
  const surface = externalSurfaceOf(url);
  if (!surface) return false;
  host.showSurface(surface.method, surface.title, surface.detail);
  return true;
}
