/**
 * The Loading page of PRODUCT.md §2. index.html paints the same markup before any script runs;
 * React renders this one while the startup checks run (and keeps it when they fail).
 */
import { observer } from 'mobx-react-lite';
import { loginPath } from '@renderer/stores/SessionStore';
import { useStores } from '@renderer/stores/StoresContext';

export const LoadingPage = observer(function LoadingPage() {
  const { services, session } = useStores();
  return (
    <div className="boot-loading" aria-busy="true">
      <header className="boot-loading__bar">
        <button
          type="button"
          className="boot-loading__back"
          aria-label="Back"
          onClick={() => {
            void services.native.closePage();
          }}
        >
          ‹
        </button>
        <h1 className="boot-loading__title">Loading</h1>
      </header>
      <div className="boot-loading__skeleton" aria-hidden="true">
        <div className="sk sk--title" />
        <div className="sk sk--block" />
        <div className="sk" />
        <div className="sk" />
        <div className="sk sk--short" />
      </div>
      {session.ending === 'kicked' && session.profile === 'web' ? (
        // Production web after a session code (PRODUCT.md §8): no automatic trip to /login,
        // but never a dead end either — the borrower chooses to log in again.
        <div className="boot-loading__failed" role="alert">
          <p>Your session has ended. Please log in again.</p>
          <button
            type="button"
            className="secondary-button"
            onClick={() => services.navigation.go(loginPath(services.navigation.current()))}
          >
            Log In
          </button>
        </div>
      ) : null}
      {session.initError ? (
        // The startup failed (PRODUCT.md §4: logged, reported, the Loading page stays): say so,
        // and let the borrower try again without closing the page.
        <div className="boot-loading__failed" role="alert">
          <p>The app could not start. Please try again.</p>
          <button
            type="button"
            className="secondary-button"
            onClick={() => void session.retryStart()}
          >
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
});
