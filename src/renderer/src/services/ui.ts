/**
 * Feedback the stores give the user (toasts, notifications, dialogs), behind an interface so
 * stores stay testable. The antd-mobile implementation (antdFeedback.ts: Toast, Dialog and the
 * alert logic around them) loads on first use or when main.tsx preloads it, never on the boot
 * path.
 */
import type { AlertOptions, ToastKind } from './feedbackOptions';

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

type Feedback = typeof import('./antdFeedback');
let feedback: Feedback | undefined;
let feedbackLoad: Promise<Feedback> | undefined;
const loadFeedback = (): Promise<Feedback> => {
  feedbackLoad ??= import('./antdFeedback').then((module) => {
    feedback = module;
    return module;
  });
  // A failed fetch (offline) is tried again by the next use.
  feedbackLoad.catch(() => {
    feedbackLoad = undefined;
  });
  return feedbackLoad;
};

/**
 * Loads Toast and Dialog ahead of need: they must work when the network is gone (the offline
 * toast itself), so they cannot wait for a lazy fetch at that moment.
 */
export function preloadFeedback(): void {
  void loadFeedback().catch(() => {});
}

export const antdUi: UiService = {
  toast(text, kind) {
    void loadFeedback().then((m) => m.toast(text, kind));
  },
  notify(text, ms) {
    void loadFeedback().then((m) => m.notify(text, ms));
  },
  alert(options) {
    return loadFeedback().then((m) => m.alert(options));
  },
  closeDialogs() {
    // Before the feedback code loaded no dialog was ever open.
    feedback?.closeDialogs();
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
