/**
 * A component from a lazily loaded chunk that its page can do without for a while (the banner
 * carousel, the popup ad, the tab bar): null until it has loaded. Unlike React.lazy, a failed
 * fetch (offline) never reaches an error boundary: the page keeps what it shows instead, and the
 * fetch is tried again when the network comes back.
 */
import { type ComponentType, useEffect, useState } from 'react';

export function useOptionalChunk<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
  wanted = true,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    const attempt = () => {
      load().then(
        (module) => {
          // A component is a function: wrapped, or React would call it as an updater.
          if (live) setComponent(() => module.default);
        },
        () => window.addEventListener('online', attempt, { once: true }),
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [load, wanted, component]);
  return component;
}
