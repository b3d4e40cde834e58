/**
 * The harness's admin tokens, each bound to the mock server that issued it (DESIGN.md §6 "Admin
 * access"): a token is the key to that server's worlds and decrypted log, so it is only ever sent
 * to the origin it was given for. `?mock=URL` names another server; that server needs its own
 * token (the token screen asks for it, naming the server), and never receives this one.
 *
 * Tokens arrive in the URL fragment `#admin-token=…` that `npm run dev:web` prints (never sent to
 * a server, never in Copy link) or pasted on the token screen; they are kept in the tab's
 * sessionStorage as `{origin, token}` pairs.
 */

interface BoundAdminToken {
  /** The mock server's origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  token: string;
}

const TOKENS_KEY = 'directLoanSimulator.adminTokens';
/** Before tokens were bound to a server: a bare token, dropped unread. */
const UNBOUND_TOKEN_KEY = 'directLoanSimulator.adminToken';
const TOKEN_FRAGMENT = /(?:^#|&)admin-token=([^&]+)/;
/** A tab talks to a handful of servers at most. */
const MAX_KEPT = 8;

/** Tokens of this page when sessionStorage is refused (some private modes). */
const pageTokens = new Map<string, string>();

function isBoundToken(value: unknown): value is BoundAdminToken {
  const entry = value as Partial<BoundAdminToken> | null;
  return typeof entry?.origin === 'string' && typeof entry.token === 'string';
}

/** The kept pairs; none when the storage is refused or holds something else. */
export function keptAdminTokens(storage: Storage | null): BoundAdminToken[] {
  if (!storage) return [...pageTokens].map(([origin, token]) => ({ origin, token }));
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TOKENS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isBoundToken) : [];
  } catch {
    return [];
  }
}

/** The token issued by the server at `origin`, or null: another server's is never returned. */
export function adminTokenFor(storage: Storage | null, origin: string): string | null {
  const kept = keptAdminTokens(storage).find((entry) => entry.origin === origin);
  return kept?.token ?? pageTokens.get(origin) ?? null;
}

/** Keeps `token` for the server at `origin` only (replacing that server's earlier one). */
export function bindAdminToken(storage: Storage | null, origin: string, token: string): void {
  if (!storage) {
    pageTokens.set(origin, token);
    return;
  }
  const others = keptAdminTokens(storage).filter((entry) => entry.origin !== origin);
  const kept = [{ origin, token }, ...others].slice(0, MAX_KEPT);
  try {
    storage.setItem(TOKENS_KEY, JSON.stringify(kept));
    storage.removeItem(UNBOUND_TOKEN_KEY);
  } catch {
    pageTokens.set(origin, token);
  }
}

/**
 * The token in a `#admin-token=…` fragment, or null. It belongs to the server the same URL names
 * (`?mock=` or the page's own origin): the caller binds it to that one.
 */
export function fragmentAdminToken(hash: string): string | null {
  const raw = TOKEN_FRAGMENT.exec(hash)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
