/**
 * Side-effect calls: the native app does something visible outside the webview. The simulator
 * shows each as a native surface and answers 0.
 */
import semverGte from 'semver/functions/gte';
import semverValid from 'semver/functions/valid';
import { SAVE_IMAGE_MIN_VERSION } from '@shared/constants';
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

/**
 * A host older than 2.8.0 has no saveImageToAlbum at all (DESIGN.md §4): it answers 1, whatever
 * the page does, so a page that skipped its own version gate meets what a real old app does.
 */
export const saveImageToAlbum: Handler<'saveImageToAlbum'> = (params, context) => {
  const { version } = context.snapshot().settings;
  if (!semverValid(version) || !semverGte(version, SAVE_IMAGE_MIN_VERSION)) {
    return { resultCode: 1, message: `saveImageToAlbum is not supported by app ${version}` };
  }
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
