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

export const antdUi: UiService = {
  toast(text, kind = 'info') {
    void import('antd-mobile').then(({ Toast }) =>
      Toast.show({ content: text, icon: kind === 'info' ? undefined : kind }),
    );
  },
  notify(text, ms) {
    void import('antd-mobile').then(({ Toast }) => Toast.show({ content: text, duration: ms }));
  },
  alert({ title, content, confirmText }) {
    return import('antd-mobile').then(({ Dialog }) =>
      Dialog.alert({ title, content, confirmText }),
    );
  },
  closeDialogs() {
    void import('antd-mobile').then(({ Dialog }) => Dialog.clear());
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
