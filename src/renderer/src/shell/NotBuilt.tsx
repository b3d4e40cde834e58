/** The honest screen of a route whose page is not built yet: it names the route, nothing more. */
import { useLocation } from 'react-router-dom';

export function NotBuilt({ route }: { route: string }) {
  const location = useLocation();
  return (
    <section className="not-built" aria-labelledby="not-built-title">
      <h1 id="not-built-title">Not built yet</h1>
      <p>
        The page for route <code>{route}</code> is not built yet.
      </p>
      <p className="not-built__address">
        Address: <code>{location.pathname + location.search}</code>
      </p>
    </section>
  );
}

/** A route `lazy` that shows NotBuilt for `route` (what routes.tsx uses for missing pages). */
export function notBuilt(route: string) {
  return async () => ({ element: <NotBuilt route={route} /> });
}
