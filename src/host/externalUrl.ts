/**
 * What a phone does with a link it does not open in the app (DESIGN.md §4: the webview has no
 * tabs): the dialer, the SMS composer, the mail app, or the browser, each shown as the host's
 * native surface. Any other scheme (javascript:, data:, file:, …) goes nowhere, as a webview that
 * refuses it. One mapping for both runtimes: Electron's navigation handlers and the harness's
 * phone frame.
 */
import type { HostCore } from './HostCore';

/** Shows `url` as the surface a phone opens for it; false when no surface opens it. */
export function showExternalUrl(host: Pick<HostCore, 'showSurface'>, url: string): boolean {
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  let target = url.slice(scheme.length).split('?')[0] ?? '';
  try {
    target = decodeURIComponent(target);
  } catch {
    // A malformed escape: show the raw text.
  }
  switch (scheme) {
    case 'tel:':
      host.showSurface('dialPhone', 'Dialer', `Calling ${target}`);
      return true;
    case 'sms:':
      host.showSurface('sendSms', 'SMS composer', `To ${target}`);
      return true;
    case 'mailto:':
      host.showSurface('composeEmail', 'Email composer', `To ${target}`);
      return true;
    case 'http:':
    case 'https:':
      host.showSurface('openBrowser', 'Opened in the browser', url);
      return true;
    default:
      return false;
  }
}
