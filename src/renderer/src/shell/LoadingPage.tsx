/**
 * The Loading page of PRODUCT.md §2. index.html paints the same markup before any script runs;
 * React renders this one while the startup checks run (and keeps it when they fail).
 */
import { useStores } from '../stores/StoresContext';

export function LoadingPage() {
  const { services } = useStores();
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
    </div>
  );
}
