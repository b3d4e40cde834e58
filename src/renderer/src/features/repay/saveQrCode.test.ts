import { describe, expect, it } from 'vitest';
import type { BridgeResult } from '@shared/bridge';
import { recordingUi } from '@renderer/services/ui';
import {
  QR_SAVE_FAILED_TEXT,
  QR_SAVE_UNSUPPORTED_TEXT,
  QR_SAVED_TEXT,
  saveQrCode,
} from './saveQrCode';

function hostAnswering(result: BridgeResult) {
  const saved: string[] = [];
  return {
    saved,
    saveImageToAlbum: async (url: string) => {
      saved.push(url);
      return result;
    },
  };
}

describe('saveQrCode', () => {
  it.each([
    [{ resultCode: 0 } as const, [QR_SAVED_TEXT]],
    [{ resultCode: 1 } as const, [QR_SAVE_UNSUPPORTED_TEXT]],
    [{ resultCode: 2 } as const, []],
    [{ resultCode: 3 } as const, [QR_SAVE_FAILED_TEXT]],
  ])('hands the picture to the host; %j says %j', async (result, said) => {
    const host = hostAnswering(result);
    const ui = recordingUi();
    await saveQrCode(host, ui, () => 'data:image/png;base64,AAAA');
    expect(host.saved).toEqual(['data:image/png;base64,AAAA']);
    expect(ui.shown).toEqual(said);
  });

  it('a picture that cannot be drawn is a failure, without asking the host', async () => {
    const host = hostAnswering({ resultCode: 0 });
    const ui = recordingUi();
    await saveQrCode(host, ui, () => {
      throw new Error('no canvas');
    });
    expect(host.saved).toEqual([]);
    expect(ui.shown).toEqual([QR_SAVE_FAILED_TEXT]);
  });
});
