/** The generic error page (PRODUCT.md §2 "Other"): crashes are reported, then this shows. */
import { useEffect, useLayoutEffect } from 'react';
import { dropFirstFrame } from '@renderer/lib/firstFrame';
import { useStores } from '@renderer/stores/StoresContext';

export function CrashView({ onReload }: { onReload: () => void }) {
  // A kept first frame (lib/firstFrame.ts) never hides the crash.
  useLayoutEffect(dropFirstFrame, []);
  return (
    <section className="crash-page" role="alert">
      <p className="crash-page__text">Something went wrong.</p>
      <button className="crash-page__button" type="button" onClick={onReload}>
        Reload Again
      </button>
    </section>
  );
}

/** What the router shows instead of the screens when one failed (router/AppRouterProvider.tsx). */
export function CrashPage({ error }: { error: unknown }) {
  const { services } = useStores();
  useEffect(() => {
    services.reporter.capture(error, { boundary: 'route' });
  }, [error, services]);
  return <CrashView onReload={() => services.reload()} />;
}
