import { describe, expect, it } from 'vitest';
import { createNativeHost } from '@renderer/native/createNativeHost';
import { JsonStorage, memoryStorage } from '@renderer/lib/storage';
import { recordingUi } from './ui';
import { fakeBridge } from '@tests/support/renderer/fakes';
import { POSTER_NEEDS_UPDATE, POSTER_SAVED, savePoster, shareBySms } from './share';

function hostWith(version: string) {
  const bridge = fakeBridge({
    getBaseInfo: {
      resultCode: 0,
      data: { deviceId: 'd1', system: 'android', tokenValue: '', version, appName: 'lender' },
    },
  });
  const win = { nativeBridge: bridge } as unknown as Window;
  return { bridge, native: createNativeHost(win, new JsonStorage(memoryStorage())) };
}

describe('sharing the invitation', () => {
  it('below host 2.8.0 the poster is refused with resultCode 1 and the user told to update', async () => {
    const { bridge, native } = hostWith('2.7.9');
    const ui = recordingUi();
    expect(await savePoster(native, ui, 'https://h5/poster.svg')).toBe('unsupported');
    expect(ui.shown).toEqual([POSTER_NEEDS_UPDATE]);
    expect(bridge.calls.map((c) => c.method)).not.toContain('saveImageToAlbum');
  });

  it('from host 2.8.0 the host saves it', async () => {
    const { bridge, native } = hostWith('2.8.0');
    const ui = recordingUi();
    expect(await savePoster(native, ui, 'https://h5/poster.svg')).toBe('ok');
    expect(ui.shown).toEqual([POSTER_SAVED]);
    expect(bridge.calls).toContainEqual({
      method: 'saveImageToAlbum',
      params: { url: 'https://h5/poster.svg' },
    });
  });

  it('an SMS carries the invitation link to the number given', async () => {
    const { bridge, native } = hostWith('2.9.0');
    await shareBySms(native, recordingUi(), '09170000001', 'https://h5/reg/friend');
    const sms = bridge.calls.find((c) => c.method === 'sendSms');
    expect(sms?.params).toMatchObject({
      phone: '09170000001',
      body: expect.stringContaining('https://h5/reg/friend'),
    });
  });
});
