import { describe, expect, it } from 'vitest';
import { APP_STORE_LINKS } from '@shared/constants';
import type { NativeHost } from '@renderer/native';
import { fakeBridge, fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { ProfileStore } from './ProfileStore';
import { MY_KYC_DIALOG } from './profileRules';

function profileOf(native: boolean, logoutCode = 200) {
  const transport = fakeTransport({
    logout: { code: logoutCode, message: logoutCode === 200 ? 'success' : 'nope', data: null },
    userInfo: ok({
      msisdn: '912345678',
      areaCode: '886',
      userId: 'U',
      token: 't',
      tokenValue: 't',
      state: 5,
      gender: 'Male',
      lastName: 'Chen',
    }),
    unread: ok([]),
  });
  const bridge = native ? fakeBridge() : undefined;
  const test = createTestRoot({ transport, bridge });
  const { root } = test;
  root.user.setToken('t');
  const opened: string[] = [];
  // Keeps the real host's methods (its prototype) and records openBrowser.
  const nativeHost: NativeHost = Object.create(root.services.native);
  nativeHost.openBrowser = async (url: string) => {
    opened.push(url);
    return { resultCode: 0 };
  };
  const store = new ProfileStore({
    user: root.user,
    native: nativeHost,
    ui: test.ui,
    logout: () => root.session.logout(),
    refreshUser: () => root.session.refreshUser(),
  });
  return { ...test, store, bridge, opened };
}

describe('ProfileStore', () => {
  it('My KYC on the web: the dialog, then Go To App opens the store of the market', async () => {
    const { store, ui, opened, root } = profileOf(false);
    await store.refresh();
    await store.openMyKyc();
    expect(ui.shown).toContain(MY_KYC_DIALOG.content);
    expect(opened).toEqual([APP_STORE_LINKS.tw]);
    expect(root.user.user?.lastName).toBe('Chen');
  });

  it('My KYC dismissed (mask, Escape, a page change) opens nothing', async () => {
    const { store, ui, opened, bridge } = profileOf(true);
    ui.confirmAlerts = false;
    await store.openMyKyc();
    expect(ui.shown).toContain(MY_KYC_DIALOG.content);
    expect(opened).toEqual([]);
    expect(bridge?.calls.map((c) => c.method)).not.toContain('openNativePage');
  });

  it('My KYC in the lender app opens its KYC page', async () => {
    const { store, bridge, opened } = profileOf(true);
    await store.openMyKyc();
    expect(bridge?.calls).toContainEqual({ method: 'openNativePage', params: { page: 'kyc' } });
    expect(opened).toEqual([]);
  });

  it('logout 200 clears the user and goes to /', async () => {
    const { store, root, navigation } = profileOf(false);
    await store.logout();
    expect(root.user.isLoggedIn).toBe(false);
    expect(navigation.visited).toEqual(['/']);
  });

  it('a refused logout keeps the session', async () => {
    const { store, root, navigation } = profileOf(false, 500);
    await store.logout();
    expect(root.user.isLoggedIn).toBe(true);
    expect(navigation.visited).toEqual([]);
    expect(store.loggingOut).toBe(false);
  });
});
