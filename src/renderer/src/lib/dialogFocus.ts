/**
 * Keyboard focus and modal dialogs (WCAG 2.1.2, 2.4.3): while a modal dialog is open, Tab and
 * Shift+Tab cycle through its controls only, focus moves into it when it opens, and returns to
 * what had it when it closes. antd-mobile's dialogs and popups render `role="dialog"` in a portal
 * but leave focus behind the mask and say nothing of being modal; this watches the document, so
 * every dialog of the app gets the same behaviour without touching the components.
 */
// antd-mobile's dialogs and popups sit over a mask: every one the app shows is modal.
const MODAL = '[role="dialog"]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isShown(element: Element): boolean {
  const box = element as HTMLElement;
  if (box.closest('[aria-hidden="true"], [hidden]')) return false;
  const style = element.ownerDocument.defaultView?.getComputedStyle(box);
  return style?.display !== 'none' && style?.visibility !== 'hidden';
}

/** The modal on top: the last one in document order that is shown. */
function topModal(doc: Document): HTMLElement | null {
  const open = [...doc.querySelectorAll<HTMLElement>(MODAL)].filter(isShown);
  return open[open.length - 1] ?? null;
}

function focusables(modal: HTMLElement): HTMLElement[] {
  return [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isShown);
}

/** Installs the behaviour on `doc`; returns the uninstaller. */
export function installDialogFocus(doc: Document = document): () => void {
  let current: HTMLElement | null = null;
  let returnTo: HTMLElement | null = null;

  const sync = () => {
    const modal = topModal(doc);
    if (modal === current) return;
    if (modal && !current) {
      const active = doc.activeElement as HTMLElement | null;
      returnTo = active && active !== doc.body ? active : null;
    }
    current = modal;
    if (modal) {
      // Screen readers then leave the page behind it alone, as the mask does for the eye.
      modal.setAttribute('aria-modal', 'true');
      if (!modal.contains(doc.activeElement)) {
        const first = focusables(modal)[0];
        if (first) first.focus();
        else {
          modal.tabIndex = -1;
          modal.focus();
        }
      }
    } else {
      const target = returnTo;
      returnTo = null;
      if (target?.isConnected && !topModal(doc)) target.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !current) return;
    const items = focusables(current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    const active = doc.activeElement;
    const outside = !current.contains(active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const observer = new MutationObserver(sync);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'aria-hidden', 'hidden'],
  });
  doc.addEventListener('keydown', onKeyDown, true);
  sync();
  return () => {
    observer.disconnect();
    doc.removeEventListener('keydown', onKeyDown, true);
  };
}
