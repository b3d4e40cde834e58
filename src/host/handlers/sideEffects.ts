/**
 * Side-effect calls: the native app does something visible outside the webview. The simulator
 * shows each as a native surface and answers 0.
 */
import { type Handler, ok, onBackend } from './context';

export const openBrowser: Handler<'openBrowser'> = (params, context) => {
  context.show('openBrowser', 'Opened in the browser', params.url);
  return ok();
};

export const sendSms: Handler<'sendSms'> = (params, context) => {
  const body = params.body ? `: ${params.body}` : '';
  context.show('sendSms', 'SMS composer', `To ${params.phone}${body}`);
  return ok();
};

export const dialPhone: Handler<'dialPhone'> = (params, context) => {
  context.show('dialPhone', 'Dialer', `Calling ${params.phone}`);
  return ok();
};

export const composeEmail: Handler<'composeEmail'> = (params, context) => {
  const subject = params.subject ? ` — ${params.subject}` : '';
  context.show('composeEmail', 'Email composer', `To ${params.to}${subject}`);
  return ok();
};

export const saveImageToAlbum: Handler<'saveImageToAlbum'> = (params, context) => {
  // A picture the page drew comes as a data: URL of kB: the note names its kind, not its bytes.
  const what = params.url.startsWith('data:')
    ? `${params.url.slice(5, params.url.search(/[;,]/))} picture drawn by the page`
    : params.url;
  context.show('saveImageToAlbum', 'Saved to the photo album', what);
  return ok();
};

/** The native loan flow takes the voucher only if the backend still offers it to this user. */
export const useVoucher: Handler<'useVoucher'> = async (params, context) => {
  const taken = await onBackend(context, 'useVoucher', params);
  if (!taken.ok) return taken.result;
  context.show('useVoucher', 'Voucher handed to the native loan flow', params.userCouponId);
  return ok();
};

export const loanRepaid: Handler<'loanRepaid'> = (params, context) => {
  context.show('loanRepaid', 'Loan repaid', params?.orderNo ?? 'no order number');
  return ok();
};
