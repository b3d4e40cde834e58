/**
 * Feedback the stores give the user (toasts, notifications, dialogs), behind an interface so
 * stores stay testable. The antd-mobile implementation loads Toast and Dialog on first use to
 * keep them off the boot path.
 */
export type ToastKind = 'info' | 'success' | 'fail';

export interface AlertOptions {
  title?: string;
  content: string;
  confirmText: string;
  /** A way out that is not the button: tapping the mask or Escape closes it unconfirmed. */
  dismissible?: boolean;
}

export interface UiService {
  /** A short toast (validation messages, network state). */
  toast(text: string, kind?: ToastKind): void;
  /** A server message shown for `ms` (PRODUCT.md §8: 3000 ms; invite_friend: 600 ms). */
  notify(text: string, ms: number): void;
  /**
   * A blocking alert with one button. Resolves true when its button confirmed it, false when it
   * closed any other way — a page change (PRODUCT.md §2 "A page init closes any open dialog"),
   * or, when `dismissible`, the mask or Escape. Only a confirmation runs the button's action.
   */
  alert(options: AlertOptions): Promise<boolean>;
  /** Closes every open dialog (a page init does this, PRODUCT.md §2). */
  closeDialogs(): void;
}

/**
 * Resolves once the antd-mobile React 19 render shim is installed: await it before calling an
 * imperative antd-mobile API (Toast, Dialog, Modal…) from feature code.
 */
export function antdReady(): Promise<unknown> {
  return import('../shim');
}

// Per-component imports: the package barrel would pull all of antd-mobile into this chunk.
const toast = () =>
  antdReady().then(() => import('antd-mobile/es/components/toast').then((m) => m.default));
let dialogLoad: Promise<typeof import('antd-mobile/es/components/dialog').default> | undefined;
const dialog = () => {
  dialogLoad ??= antdReady().then(() =>
    import('antd-mobile/es/components/dialog').then((m) => m.default),
  );
  // A failed fetch (offline) is tried again by the next use.
  dialogLoad.catch(() => {
    dialogLoad = undefined;
  });
  return dialogLoad;
};

/**
 * Loads Toast and Dialog ahead of need: they must work when the network is gone (the offline
 * toast itself), so they cannot wait for a lazy fetch at that moment.
 */
export function preloadFeedback(): void {
  void toast().catch(() => {});
  void dialog().catch(() => {});
}

/** The close of every alert on screen (a page init closes them all, PRODUCT.md §2). */
const openAlerts = new Set<() => void>();
let alertCount = 0;

export const antdUi: UiService = {
  toast(text, kind = 'info') {
    void toast().then((Toast) =>
      Toast.show({ content: text, icon: kind === 'info' ? undefined : kind }),
    );
  },
  notify(text, ms) {
    void toast().then((Toast) => Toast.show({ content: text, duration: ms }));
  },
  alert({ title, content, confirmText, dismissible = false }) {
    return dialog().then(
      (Dialog) =>
        new Promise<boolean>((resolve) => {
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
        }),
    );
  },
  closeDialogs() {
    // Only alerts open dialogs; before the first one Dialog was never fetched, so the first
    // page's init costs nothing on the boot path.
    for (const close of openAlerts) close();
  },
};

/**
 * A UI that records what it was asked to show (tests). Alerts resolve as confirmed unless
 * `confirmAlerts` is set to false (the dialog closed by a page change, the mask or Escape).
 */
export function recordingUi(): UiService & { shown: string[]; confirmAlerts: boolean } {
  const shown: string[] = [];
  const ui = {
    shown,
    confirmAlerts: true,
    toast: (text: string) => void shown.push(text),
    notify: (text: string) => void shown.push(text),
    alert: ({ content }: AlertOptions) => {
      shown.push(content);
      return Promise.resolve(ui.confirmAlerts);
    },
    closeDialogs: () => void shown.push('<close dialogs>'),
  };
  return ui;
}
