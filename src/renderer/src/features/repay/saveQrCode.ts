/**
 * QRPh's step "Save the QR code or take a screenshot" (fixtures' channel steps): the picture of
 * the order's QR code goes to the photo album through the host's `saveImageToAlbum` (DESIGN.md
 * §4; below host 2.8.0 the SPA answers "not supported" itself), or downloads on the web (the web
 * host's fallback). The borrower always hears what happened, and what to do instead.
 */
import { missingCaseError } from '@shared/missingCaseError';
import type { NativeHost } from '@renderer/native';
import type { UiService } from '@renderer/services/ui';

export const QR_SAVED_TEXT = 'The QR code was saved.';
export const QR_SAVE_UNSUPPORTED_TEXT =
  'Update the app to save the QR code, or take a screenshot instead.';
export const QR_SAVE_FAILED_TEXT = 'The QR code could not be saved. Please take a screenshot.';

/** Draws the picture (`draw` gives its URL; a browser that cannot draw it throws) and saves it. */
export async function saveQrCode(
  host: Pick<NativeHost, 'saveImageToAlbum'>,
  ui: Pick<UiService, 'toast'>,
  draw: () => string,
): Promise<void> {
  let imageUrl: string;
  try {
    imageUrl = draw();
  } catch {
    ui.toast(QR_SAVE_FAILED_TEXT, 'fail');
    return;
  }
  const result = await host.saveImageToAlbum(imageUrl);
  switch (result.resultCode) {
    case 0:
      ui.toast(QR_SAVED_TEXT, 'success');
      return;
    case 1:
      ui.toast(QR_SAVE_UNSUPPORTED_TEXT, 'fail');
      return;
    case 2:
      // Cancelled by the borrower in the host's own dialog: nothing to say.
      return;
    case 3:
      ui.toast(QR_SAVE_FAILED_TEXT, 'fail');
      return;
    default:
      throw missingCaseError(result.resultCode);
  }
}
