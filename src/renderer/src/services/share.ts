/**
 * Sharing an invitation through the native host (PRODUCT.md §2 native calls): SMS, email, the
 * system browser, and saving the poster, which the adapter refuses itself (resultCode 1) below
 * host version 2.8.0. Every outcome is told to the user in one toast.
 */
import type { BridgeResult } from '@shared/bridge';
import { SAVE_IMAGE_MIN_VERSION } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import type { NativeHost } from '@renderer/native/index';
import type { UiService } from './ui';

export const POSTER_SAVED = 'The poster was saved to your album.';
export const POSTER_NEEDS_UPDATE = `Please update the Direct Loan app to version ${SAVE_IMAGE_MIN_VERSION} or later to save images.`;
const SHARE_FAILED = 'Sharing did not work. Please try again.';

/** The invitation text every channel sends. */
function inviteMessage(link: string): string {
  return `I borrow with Direct Loan: cash up to ₱100,000.00, 100% online. Sign up with my link: ${link}`;
}

/** Absolute URL of a path of this app (deployment base aware). */
export function appUrl(path: string): string {
  return new URL(path.replace(/^\//, ''), document.baseURI).href;
}

type Outcome = 'ok' | 'unsupported' | 'cancelled' | 'failed';

function outcomeOf(result: BridgeResult): Outcome {
  switch (result.resultCode) {
    case 0:
      return 'ok';
    case 1:
      return 'unsupported';
    case 2:
      return 'cancelled';
    default:
      return 'failed';
  }
}

export async function savePoster(native: NativeHost, ui: UiService, url: string): Promise<Outcome> {
  const outcome = outcomeOf(await native.saveImageToAlbum(url));
  switch (outcome) {
    case 'ok':
      ui.toast(POSTER_SAVED, 'success');
      break;
    case 'unsupported':
      ui.toast(POSTER_NEEDS_UPDATE);
      break;
    case 'cancelled':
      break;
    case 'failed':
      ui.toast(SHARE_FAILED, 'fail');
      break;
    default:
      throw missingCaseError(outcome);
  }
  return outcome;
}

export async function shareBySms(native: NativeHost, ui: UiService, phone: string, link: string) {
  const result = await native.sendSms(phone, inviteMessage(link));
  if (outcomeOf(result) === 'failed') ui.toast(SHARE_FAILED, 'fail');
}

export async function shareByEmail(native: NativeHost, ui: UiService, to: string, link: string) {
  const result = await native.composeEmail(to, 'Join me on Direct Loan', inviteMessage(link));
  if (outcomeOf(result) === 'failed') ui.toast(SHARE_FAILED, 'fail');
}
