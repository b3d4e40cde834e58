/**
 * Where the Electron phone's pages come from (docs/simulator.md "Electron"). By default the
 * production web build, byte for byte what ships (`npm run build:web`'s dist/web, built as
 * out/web). A developer may opt into a rebuild on every change, or Vite's dev server with hot
 * reload, which is not the bundle borrowers get (no CSP meta, no inline scripts, other chunks): the
 * panel says so on screen. Main names the mode in the panel's URL (`?phone=`); the browser
 * harness's dev server (scripts/devWebPhone.ts) in a meta tag of harness.html
 * (`PHONE_BUNDLE_META`).
 */
export const PHONE_BUNDLE_PARAM = 'phone';

/** The `<meta name>` on the browser harness's page whose `content` is a PhoneBundleMode. */
export const PHONE_BUNDLE_META = 'direct-loan-phone-bundle';

const PHONE_BUNDLE_MODES = ['shipped', 'watch', 'dev-server'] as const;
export type PhoneBundleMode = (typeof PHONE_BUNDLE_MODES)[number];

/** The mode a URL parameter or environment variable names; anything else is the shipped bundle. */
export function phoneBundleModeOf(value: unknown): PhoneBundleMode {
  return PHONE_BUNDLE_MODES.find((mode) => mode === value) ?? 'shipped';
}

/** What the panel shows of a developer mode; nothing for the shipped bundle. */
export const PHONE_BUNDLE_LABELS: Readonly<Record<PhoneBundleMode, string | null>> = {
  shipped: null,
  watch: 'Phone: production build, rebuilt on every change (reload the app to see one)',
  'dev-server': 'Phone: Vite dev server with hot reload — not the bundle that ships',
};
