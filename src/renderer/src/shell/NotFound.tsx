/** The catch-all not-found page. */
import { Link, useLocation } from 'react-router-dom';

export default function NotFound() {
  const location = useLocation();
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{location.pathname}</code>.
      </p>
      <Link to="/" viewTransition>
        Go to home
      </Link>
    </section>
  );
}
