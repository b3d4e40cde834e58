/**
 * Feedback the stores give the user (toasts, notifications, dialogs), behind an interface so
 * stores stay testable. The antd-mobile implementation loads Toast and Dialog on first use to
 * keep them off the boot path.
 */
export type ToastKind = 'info' | 'success' | 'fail';

export interface UiService {
  /** A short toast (validation messages, network state). */
  toast(text: string, kind?: ToastKind): void;
  /** A server message shown for `ms` (PRODUCT.md §8: 3000 ms; invite_friend: 600 ms). */
  notify(text: string, ms: number): void;
  /** A blocking alert with one button; resolves when it is confirmed. */
  alert(options: { title?: string; content: string; confirmText: string }): Promise<void>;
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

export const antdUi: UiService = {
  toast(text, kind = 'info') {
    void toast().then((Toast) =>
      Toast.show({ content: text, icon: kind === 'info' ? undefined : kind }),
    );
  },
  notify(text, ms) {
    void toast().then((Toast) => Toast.show({ content: text, duration: ms }));
  },
  alert({ title, content, confirmText }) {
    return dialog().then((Dialog) => Dialog.alert({ title, content, confirmText }));
  },
  closeDialogs() {
    // Before Dialog was ever requested no dialog can be open: the first page's init must not
    // fetch Dialog (and the animation library under it) on the boot path (issue 8).
    void dialogLoad?.then(
      (Dialog) => Dialog.clear(),
      () => {},
    );
  },
};

/** A UI that records what it was asked to show (tests). */
export function recordingUi(): UiService & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    toast: (text) => void shown.push(text),
    notify: (text) => void shown.push(text),
    alert: ({ content }) => {
      shown.push(content);
      return Promise.resolve();
    },
    closeDialogs: () => void shown.push('<close dialogs>'),
  };
}
