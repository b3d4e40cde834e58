/** What a toast or an alert is asked to show: shared by UiService and its antd-mobile side. */
export type ToastKind = 'info' | 'success' | 'fail';

export interface AlertOptions {
  title?: string;
  content: string;
  confirmText: string;
  /** A way out that is not the button: tapping the mask or Escape closes it unconfirmed. */
  dismissible?: boolean;
}
