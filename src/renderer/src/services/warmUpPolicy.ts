/**
 * When the app opens its secure channel ahead of the first call (DESIGN.md §5): loading the
 * crypto library (~130 kB gzip) and shaking hands early only pays when a call is coming. It is
 * for a signed-in borrower (the session's start asks for the user at once) and for a visitor on
 * a sign-in form (Login, sign-up), who is about to ask for a code. A visitor reading a public
 * page (a document, an event) gets neither: a page that does call loads the client with its
 * first call.
 */

/** Sign-in forms: the visitor's next step is an API call. */
const SIGN_IN_PATHS = ['/login', '/reg/'] as const;

/** Whether API calls are coming for this borrower on this page (`pathname` under the base). */
export function expectsApiCalls(signedIn: boolean, pathname: string): boolean {
  if (signedIn) return true;
  return SIGN_IN_PATHS.some((prefix) =>
    prefix.endsWith('/')
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export interface WarmUpWatch {
  signedIn(): boolean;
  /** The current route's path, under the deployment base. */
  pathname(): string;
  /** Calls `listener` when the route or the sign-in changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  warmUp(): void;
}

/**
 * Warms the channel up once, as soon as calls are coming (now, or after a later route or sign-in
 * change). Returns a stop for the watch.
 */
export function warmUpWhenCallsAreComing(watch: WarmUpWatch): () => void {
  let done = false;
  let unsubscribe: (() => void) | undefined;
  const check = () => {
    if (done || !expectsApiCalls(watch.signedIn(), watch.pathname())) return;
    done = true;
    unsubscribe?.();
    watch.warmUp();
  };
  check();
  if (done) return () => {};
  unsubscribe = watch.onChange(check);
  return () => unsubscribe?.();
}
