/**
 * A screen whose code cannot be fetched (offline, a flaky network, a deploy that replaced the
 * chunks) is a network failure, not a crash: the screen says so where it would have been — the
 * tab bar stays — and loads itself when the network is back or on Retry. Other errors still
 * reach the crash page (PRODUCT.md §2 "Other").
 */
import { type ComponentType, useCallback, useEffect, useState } from 'react';

type ScreenModule = { default: ComponentType };

/** The errors browsers give a dynamic import that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|Unable to preload CSS/i.test(
    error.message,
  );
}

function PageLoadFailed({ onRetry, busy }: { onRetry(): void; busy: boolean }) {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return (
    <section className="crash-page page-load-failed" role="alert">
      <p className="crash-page__text">
        {online ? 'This page could not be loaded.' : 'Your network is disconnected'}
      </p>
      <p className="page-load-failed__hint">
        {online
          ? 'Please check your connection and try again.'
          : 'The page opens by itself when you are back online.'}
      </p>
      <button className="crash-page__button" type="button" onClick={onRetry} disabled={busy}>
        Retry
      </button>
    </section>
  );
}

/** The stand-in screen: the failure until a retry loads the real one, then the real one. */
function retryingScreen(load: () => Promise<ScreenModule>): ComponentType {
  return function ScreenLoadRetry() {
    const [Loaded, setLoaded] = useState<ComponentType | null>(null);
    const [busy, setBusy] = useState(false);
    const attempt = useCallback((reloadOnFailure: boolean) => {
      setBusy(true);
      load().then(
        (module) => {
          setLoaded(() => module.default);
          setBusy(false);
        },
        () => {
          // The browser may keep a failed module fetch for this document: online again, a
          // reload fetches it anew (the session and drafts are persisted).
          if (reloadOnFailure && navigator.onLine) window.location.reload();
          else setBusy(false);
        },
      );
    }, []);
    const retry = useCallback(() => attempt(true), [attempt]);
    useEffect(() => {
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [retry]);
    // The network may have come back before this stand-in mounted (Firefox fails the import only
    // after its `online` event): one quiet try at once, never a reload from here.
    useEffect(() => {
      if (navigator.onLine) attempt(false);
    }, [attempt]);
    return Loaded ? <Loaded /> : <PageLoadFailed onRetry={retry} busy={busy} />;
  };
}

/** `load`, answering the stand-in screen instead of failing when the chunk cannot be fetched. */
export function resilientLoad(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  return () =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      return { default: retryingScreen(load) };
    });
}
