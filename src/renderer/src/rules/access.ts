/** Who may open a path (PRODUCT.md §2 "Startup and access", §6). Pure. */

/** Path prefixes anyone may open without logging in. */
const PUBLIC_PATH_PREFIXES = [
  '/doc/directloan_terms_and_conditions',
  '/doc/privacy_policy',
  '/reg',
  '/login',
  '/event/',
  '/channel/',
  '/activity-center',
  '/ofw/',
  '/repay/publicResult',
] as const;

export type PathAccess = 'deny' | 'public' | 'private';

/** /deny starts without user lookup; public prefixes need no login; anything else does. */
export function accessOf(pathname: string): PathAccess {
  if (pathname === '/deny' || pathname.startsWith('/deny/')) return 'deny';
  if (PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'public';
  return 'private';
}
