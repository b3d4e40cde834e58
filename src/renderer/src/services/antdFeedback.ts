/**
 * The antd-mobile side of UiService (services/ui.ts loads this on first use or ahead of need):
 * Toast and Dialog, after the React 19 render shim they need, and the alert logic around them.
 */
import '@renderer/lib/antdRenderShim';
// Per-component imports: the package index would pull all of antd-mobile into this chunk.
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import type { AlertOptions, ToastKind } from './feedbackOptions';
import './antdFeedback.css';

/** The close of every alert on screen (a page init closes them all, PRODUCT.md §2). */
const openAlerts = new Set<() => void>();
let alertCount = 0;

export function toast(text: string, kind: ToastKind = 'info'): void {
  Toast.show({ content: text, icon: kind === 'info' ? undefined : kind });
}

export function notify(text: string, ms: number): void {
  Toast.show({ content: text, duration: ms });
}

export function alert({
  title,
  content,
  confirmText,
  dismissible = false,
}: AlertOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let confirmed = false;
    // antd-mobile drops a close that comes while the dialog is still animating open (it
    // stays on screen for good): every way out asks `close`, which waits until it is open.
    let shown = false;
    let closing = false;
    const close = () => {
      if (closing) return;
      closing = true;
      if (shown) handler.close();
    };
    alertCount += 1;
    const maskClass = `dl-dialog-mask-${alertCount}`;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onMaskTap = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.(`.${maskClass}`)) close();
    };
    const handler = Dialog.show({
      title,
      content,
      closeOnAction: false,
      closeOnMaskClick: false,
      maskClassName: maskClass,
      actions: [{ key: 'confirm', text: confirmText }],
      onAction: () => {
        confirmed = true;
        close();
      },
      afterShow: () => {
        shown = true;
        if (closing) handler.close();
      },
      // After any close: the button, the mask, Escape or a page change.
      afterClose: () => {
        window.removeEventListener('keydown', onKey);
        document.removeEventListener('click', onMaskTap, true);
        openAlerts.delete(close);
        resolve(confirmed);
      },
    });
    openAlerts.add(close);
    if (dismissible) {
      window.addEventListener('keydown', onKey);
      document.addEventListener('click', onMaskTap, true);
    }
  });
}

/** Closes every alert on screen (a page init does this, PRODUCT.md §2). */
export function closeDialogs(): void {
  for (const close of openAlerts) close();
}
