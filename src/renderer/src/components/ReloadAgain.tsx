/**
 * "Reload Again" (PRODUCT.md §2 "Other"): the one way a page offers to try again what it could
 * not load — alone under a list, or in a notice that says what failed.
 */
export function ReloadButton({ onReload }: { onReload: () => void }) {
  return (
    <button type="button" className="secondary-button" onClick={onReload}>
      Reload Again
    </button>
  );
}

/** A notice for what could not be loaded ("The event could not be loaded."), with the button. */
export function LoadFailed({ text, onReload }: { text: string; onReload: () => void }) {
  return (
    <div className="notice">
      <p>{text}</p>
      <ReloadButton onReload={onReload} />
    </div>
  );
}
