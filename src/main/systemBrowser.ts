/**
 * The one place the simulator hands a URL to the operating system: a web page link the shared
 * allow-list accepted (src/shared/links.ts: https, or http outside production, with a host and no
 * credentials), opened in the system browser as a phone opens its browser. Nothing else reaches
 * `shell.openExternal`; scripts/electronegativity.mjs knows this file as reviewed for that call.
 */
import type { Shell } from 'electron';
import { safeLink } from '@shared/links';

/** Opens `url` in the system browser when it is an allowed web link; answers whether it did. */
export function openInSystemBrowser(shell: Pick<Shell, 'openExternal'>, url: string): boolean {
  const link = safeLink(url, { allowHttp: true });
  if (link?.kind !== 'web') return false;
  shell.openExternal(link.href).catch((error: unknown) => {
    console.warn(`Could not open ${link.href} in the system browser:`, error);
  });
  return true;
}
