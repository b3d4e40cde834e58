/**
 * What the browser harness's phone loads (DESIGN.md §7 "Tested against the real runtime"): the
 * dev server (scripts/dev-web.ts) says it in a meta tag of harness.html, and the harness shows it
 * under the phone, so nobody mistakes a developer mode for the startup borrowers get.
 * No electron, node: or DOM imports.
 */

/** The `<meta name>` on harness.html whose `content` is a PhoneAppMode. */
export const PHONE_APP_META = 'direct-loan-phone-app';

/**
 * - `bundle`: the production bundle, built once when the dev server started;
 * - `watch`: the production bundle, rebuilt on every source change (`--watch`);
 * - `dev`: Vite's dev transform with HMR (`--dev-phone`), not the bundle that ships.
 */
export type PhoneAppMode = 'bundle' | 'watch' | 'dev';

export function isPhoneAppMode(value: unknown): value is PhoneAppMode {
  return value === 'bundle' || value === 'watch' || value === 'dev';
}
