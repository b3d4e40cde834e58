/**
 * The startup decision (PRODUCT.md §2 "Startup and access"), made once per page: index.html's
 * first inline script makes it (src/renderer/inline/head.ts) and every later step — the
 * preloads, the early session, the first frame, the boot loader, main.tsx — reads that record
 * (lib/startupPage.ts). A page without the inline scripts makes it when the app asks first.
 *
 * "In a host" has one meaning here, `isBridge` (DESIGN.md §4: `call` and `on` both functions): a
 * malformed bridge is the web profile everywhere, as native/index.ts loads the web host for it.
 * "Signed in" reads the saved login with the shape the user store reads it with.
 */
import { persistedUserShape, timestampShape } from '@renderer/lib/bootShapes';
import { type StartupDecision, type StartupPage, startupPage } from '@renderer/lib/startupPage';
import { isBridge } from '@renderer/native/isBridge';
import { secondsLeft } from '@renderer/rules/countdown';
import { JsonStorage, type KeyValueStorage, StorageKey } from '@renderer/lib/storage';

/** What the decision reads of the page (tests pass a fake). */
export interface StartupWindow {
  nativeBridge?: unknown;
  localStorage: KeyValueStorage;
  sessionStorage: KeyValueStorage;
  location: { pathname: string };
  document: { baseURI: string };
  __dlStartup?: StartupPage | undefined;
}

/** The storage of `pick`, or none when the browser refuses it (private mode, sandboxed frame). */
function storageOf(pick: () => KeyValueStorage): JsonStorage | undefined {
  try {
    return new JsonStorage(pick());
  } catch {
    return undefined;
  }
}

/** Decides how this page starts from what it has before asking anyone. */
export function decideStartup(win: StartupWindow, now: number = Date.now()): StartupDecision {
  const inHost = isBridge(win.nativeBridge);
  const saved = storageOf(() => win.localStorage)?.read(StorageKey.user, persistedUserShape);
  const signedIn = inHost || Boolean(saved?.tokenValue);
  const base = new URL(win.document.baseURI).pathname;
  const path = win.location.pathname;
  const atEntry = path === base || path === `${base}index.html` || `${path}/` === base;
  const atLogin = path === `${base}login`;
  // A running SMS countdown shows on Get Code (PRODUCT.md §4): the app paints that Login itself.
  const until = storageOf(() => win.sessionStorage)?.read(StorageKey.smsCountdown, timestampShape);
  const counting = until !== undefined && secondsLeft(until, now) > 0;
  let frame: StartupDecision['frame'] = null;
  if (signedIn && atEntry) frame = 'home';
  else if (!signedIn && (atEntry || atLogin) && !counting) frame = 'login';
  return { inHost, signedIn, atEntry, atLogin, frame };
}

/** The page's decision: the inline script's, else made now (and kept for the next reader). */
export function startupDecision(win: StartupWindow = window): StartupDecision {
  const page = startupPage(win);
  page.decision ??= decideStartup(win);
  return page.decision;
}
