import { describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '@shared/bridge';
import { kycFeature } from '@renderer/features/kyc/KycStore';
import { memoryStorage, StorageKey } from '@renderer/lib/storage';
import { userBaseInfoOf } from '@renderer/native/baseInfo';
import { fakeBridge, fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { loginPath } from './SessionStore';
import { KEPT_FRESH_MS } from './Freshness';

const user = testBorrower({ tokenValue: 'server-token' });

const hostInfo = (appName: 'lender' | 'fastpay', tokenValue = 'host-token') => ({
  getBaseInfo: {
    resultCode: 0 as const,
    data: { deviceId: 'dev', system: 'android', tokenValue, version: '2.9.0', appName },
  },
});

describe('app start on the web (PRODUCT.md §4)', () => {
  it('opens a public path without login or user lookup', async () => {
    const transport = fakeTransport();
    const { root, navigation } = createTestRoot({ transport, start: '/doc/privacy_policy' });
    await root.session.start('/doc/privacy_policy');
    expect(root.session.appInited).toBe(true);
    expect(navigation.visited).toEqual([]);
    expect(transport.calls).toEqual([]);
  });

  it('sends a logged-out visitor of a private path to /login and back', async () => {
    const { root, navigation } = createTestRoot({ start: '/bill?type=2' });
    await root.session.start('/bill?type=2');
    expect(root.session.appInited).toBe(true);
    expect(navigation.visited).toEqual(['/login?redirect=%2Fbill%3Ftype%3D2']);
  });

  it('starts /deny without any user lookup even when logged in', async () => {
    const transport = fakeTransport();
    const { root } = createTestRoot({ transport, start: '/deny/x' });
    root.user.setUser(user);
    await root.session.start('/deny/x');
    expect(root.session.appInited).toBe(true);
    expect(transport.calls).toEqual([]);
  });

  it('loads user info and unread list for a logged-in user', async () => {
    const transport = fakeTransport({
      userInfo: ok({ ...user, lastName: 'Reyes' }),
      unread: ok(['Message' as const]),
    });
    const { root } = createTestRoot({ transport });
    root.user.setUser(user);
    await root.session.start('/');
    await root.session.refreshUser();
    expect(root.user.user?.lastName).toBe('Reyes');
    expect(root.user.profileDot).toBe(true);
  });

  it('kicks an expired lender session out once when startup and Home reload the user together', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const transport = fakeTransport({
      userInfo: { code: 9000004, message: 'Logged in on another device', data: null },
      unread: ok([]),
    });
    const { root } = createTestRoot({ transport, bridge });
    await root.session.start('/');
    await Promise.all([root.session.refreshUser(), root.session.refreshUser()]);
    const kickOuts = bridge.calls.filter((call) => call.method === 'kickOut');
    expect(kickOuts).toEqual([{ method: 'kickOut', params: { tip: true } }]);
    expect(root.user.isLoggedIn).toBe(false);
  });

  it('forces a re-login when user info fails', async () => {
    const transport = fakeTransport({
      userInfo: { code: 500, message: 'down', data: null },
      unread: ok([]),
    });
    const { root, navigation } = createTestRoot({ transport, start: '/profile' });
    root.user.setUser(user);
    await root.session.refreshUser();
    expect(root.user.isLoggedIn).toBe(false);
    expect(navigation.visited).toEqual(['/login?redirect=%2Fprofile']);
  });

  it('logs App init failed, reports it and keeps loading when startup throws', async () => {
    const { root, reported } = createTestRoot({
      bridge: {
        call: () => Promise.resolve(hostInfo('lender').getBaseInfo),
        on: () => {
          throw new Error('host gone');
        },
      },
    });
    root.user.setToken('x');
    await root.session.start('/');
    expect(root.session.appInited).toBe(false);
    expect(root.session.initError).toBe('host gone');
    expect(reported).toHaveLength(1);
  });
});

describe('a host that fails at boot (PRODUCT.md §4)', () => {
  it('keeps Loading with the reason, reports it, never becomes the web; Retry recovers', async () => {
    let answer: BridgeResult = {
      resultCode: 3,
      message: 'bridge not ready',
    };
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root, reported, navigation } = createTestRoot({
      transport,
      bridge: fakeBridge({ getBaseInfo: () => answer }),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await root.session.start('/');
    expect(errors).toHaveBeenCalledWith(
      'App init failed',
      expect.stringContaining('bridge not ready'),
    );
    errors.mockRestore();
    expect(root.session.appInited).toBe(false);
    expect(root.session.initError).toMatch(/could not start/);
    expect(reported).toHaveLength(1);
    expect(root.session.profile).not.toBe('web');
    expect(navigation.visited).toEqual([]);

    answer = hostInfo('lender').getBaseInfo;
    await root.session.retryStart();
    expect(root.session.initError).toBe('');
    expect(root.session.appInited).toBe(true);
    expect(root.session.profile).toBe('lender');
  });
});

describe('host profiles', () => {
  it('lender app: the host token is the session', async () => {
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root } = createTestRoot({ transport, bridge: fakeBridge(hostInfo('lender')) });
    await root.session.start('/');
    expect(root.session.profile).toBe('lender');
    expect(userBaseInfoOf(root.session.baseInfo, root.user.tokenValue).deviceId).toBe('dev-h5');
    expect(transport.calls[0]?.name).toBe('userInfo');
  });

  it('lender app without a token closes the page (requireLogin close mode)', async () => {
    const bridge = fakeBridge(hostInfo('lender', ''));
    const { root, navigation } = createTestRoot({ bridge });
    await root.session.start('/bill');
    expect(bridge.calls.map((c) => c.method)).toContain('closePage');
    expect(navigation.visited).toEqual([]);
  });

  it('lender app: relogin opens the native login', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const { root } = createTestRoot({ bridge, transport: fakeTransport({ unread: ok([]) }) });
    await root.session.start('/');
    root.events.emit('relogin', undefined);
    expect(bridge.calls.map((c) => c.method)).toContain('showLogin');
  });

  it('FastPay: a failed wallet login goes to /deny/fastpaylogin{code} after 500 ms', async () => {
    const transport = fakeTransport({
      fastpayLogin: { code: 9000016, message: 'Wallet refused', data: null },
    });
    const { root, navigation, clock } = createTestRoot({
      transport,
      bridge: fakeBridge(hostInfo('fastpay', 'wallet-token')),
    });
    await root.session.start('/');
    expect(transport.calls[0]).toMatchObject({
      name: 'fastpayLogin',
      data: { tokenValue: 'wallet-token' },
    });
    clock.advance(499);
    expect(navigation.visited).toEqual([]);
    clock.advance(1);
    expect(navigation.visited).toEqual(['/deny/fastpaylogin9000016']);
  });

  it('FastPay: a wallet login stores the user', async () => {
    const transport = fakeTransport({
      fastpayLogin: ok({ ...user, paymentAccountId: 'p1', paymentAccount: 'acc' }),
      userInfo: ok(user),
      unread: ok([]),
    });
    const { root } = createTestRoot({ transport, bridge: fakeBridge(hostInfo('fastpay')) });
    await root.session.start('/');
    expect(root.user.tokenValue).toBe('server-token');
    expect(root.user.fastpayAccount).toEqual({ paymentAccountId: 'p1', paymentAccount: 'acc' });
  });

  it('routes host events: kycSuccess, loanSuccess, pageResume', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root, navigation } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.session.refreshUser(); // the startup reload has finished before the page resumes
    const resumed: number[] = [];
    root.events.on('resume', () => resumed.push(1));
    bridge.fire('kycSuccess');
    bridge.fire('loanSuccess');
    const before = transport.calls.length;
    bridge.fire('pageResume');
    expect(navigation.visited).toEqual(['/kyc/review', '/loan/review/?success=1']);
    expect(resumed).toEqual([1]);
    expect(transport.calls.length).toBeGreaterThan(before);
  });
  it('loanSuccess: the kept loan figures and Home frame go, so none of them can be pressed', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    root.user.setLoanInfo({
      lastAmount: 15000,
      creditAmount: 20000,
      monthlyInterest: 3.5,
      state: 0,
      type: 0,
      loanAmount: 0,
      dueAmount: 0,
      dueDay: 0,
      dueTime: 0,
    });
    root.user.keepHomeFrame({
      caption: 'Available amount',
      amount: '₱15,000',
      button: { label: 'Apply Now', disabled: false },
    });
    bridge.fire('loanSuccess');
    expect(root.user.loanInfo).toBeNull();
    expect(root.user.homeFrame).toBeNull();
    expect(root.user.isLoggedIn).toBe(true);
  });

  it('kycSuccess: the KYC review asks the user info again instead of the one kept', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.session.refreshUser();
    const asked = () => transport.calls.filter((c) => c.name === 'userInfo').length;
    const before = asked();
    await root.session.refreshUser(KEPT_FRESH_MS);
    expect(asked()).toBe(before);
    bridge.fire('kycSuccess');
    await root.session.refreshUser(KEPT_FRESH_MS);
    expect(asked()).toBe(before + 1);
  });
});

describe('logout and login path', () => {
  it('logout 200 clears user and KYC form and goes to /', async () => {
    const { root, navigation, localBackend } = createTestRoot({
      transport: fakeTransport({ logout: ok(null) }),
    });
    root.user.setUser(user);
    const kyc = root.feature(kycFeature);
    kyc.setValue('firstName', 'Maria');
    expect(localBackend.getItem(StorageKey.kycForm)).not.toBeNull();
    expect(await root.session.logout()).toBe(true);
    expect(root.user.isLoggedIn).toBe(false);
    // The session's KYC store went with it; the next one starts from an empty draft.
    expect(root.feature(kycFeature)).not.toBe(kyc);
    expect(root.feature(kycFeature).values).toEqual({});
    expect(localBackend.getItem(StorageKey.kycForm)).toBeNull();
    expect(navigation.visited).toEqual(['/']);
  });

  it("logout keeps the device's secure channel: the next login shakes no hands", async () => {
    const transport = fakeTransport({ logout: ok(null) });
    let resets = 0;
    transport.resetSessions = () => {
      resets += 1;
    };
    const { root } = createTestRoot({ transport });
    root.user.setUser(user);
    expect(await root.session.logout()).toBe(true);
    expect(resets).toBe(0);
  });

  it('a login asked right after logout leads to /, not to the page logged out on', async () => {
    const { root, navigation } = createTestRoot({
      transport: fakeTransport({ logout: ok(null) }),
      start: '/profile',
    });
    root.user.setUser(user);
    // The router leaves /profile only after the shell rendered (view transitions, lazy routes).
    const asked: string[] = [];
    navigation.go = (to) => void asked.push(to);
    await root.session.logout();
    root.session.relogin();
    expect(asked).toEqual(['/', '/login']);
  });

  it('a session ending drops the saved KYC draft even when the KYC pages never loaded', () => {
    const backend = memoryStorage();
    backend.setItem(
      StorageKey.kycForm,
      JSON.stringify({ step: 3, values: { firstName: 'Maria' } }),
    );
    const { root } = createTestRoot({ local: backend });
    root.user.setUser(user);
    root.session.onSessionExpired(false);
    expect(backend.getItem(StorageKey.kycForm)).toBeNull();
  });

  it.each([
    ['/', '/login'],
    ['', '/login'],
    ['/login?from=x', '/login'],
    ['/bill', '/login?redirect=%2Fbill'],
  ])('loginPath(%j) → %s', (back, path) => {
    expect(loginPath(back)).toBe(path);
  });
});

describe('one session ending, one host call (PRODUCT.md §4, §8)', () => {
  const expired = { code: 9000004, message: 'Logged in on another device', data: null };
  const methods = (bridge: ReturnType<typeof fakeBridge>) => bridge.calls.map((c) => c.method);

  it('lender: a session code kicks out once; the shell asking for a login again adds nothing', async () => {
    const bridge = fakeBridge(hostInfo('lender'));
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]), loanInfo: expired });
    const { root, navigation } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.api.call('loanInfo', {});
    root.session.relogin(); // what the shell does on a private page without a user
    root.session.relogin();
    expect(methods(bridge).filter((m) => m !== 'getBaseInfo')).toEqual(['kickOut']);
    expect(navigation.visited).toEqual([]);
    expect(root.session.ending).toBe('kicked');
  });

  it('lender without a token: closePage only, never showLogin on top', async () => {
    const bridge = fakeBridge(hostInfo('lender', ''));
    const { root } = createTestRoot({ bridge });
    await root.session.start('/bill');
    root.session.relogin();
    expect(methods(bridge).filter((m) => m !== 'getBaseInfo')).toEqual(['closePage']);
  });

  it('lender: after the native login the host resumes the page and the new token is the session', async () => {
    let token = 'host-token';
    const bridge = fakeBridge({
      getBaseInfo: () => ({
        resultCode: 0,
        data: {
          deviceId: 'dev',
          system: 'android',
          tokenValue: token,
          version: '2.9.0',
          appName: 'lender',
        },
      }),
    });
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]), loanInfo: expired });
    const { root } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.api.call('loanInfo', {});
    expect(root.user.isLoggedIn).toBe(false);
    token = 'new-host-token';
    const before = transport.calls.length;
    bridge.fire('pageResume');
    // The host is asked again: its new token, not the page's first answer, is the session.
    await vi.waitFor(() => expect(root.user.tokenValue).toBe('new-host-token'));
    expect(root.session.ending).toBeNull();
    expect(transport.calls.slice(before).map((c) => c.name)).toContain('userInfo');
    expect(methods(bridge).filter((m) => m === 'showLogin')).toEqual([]);
  });

  it('FastPay: a session code kicks out and never routes to the SMS login', async () => {
    const bridge = fakeBridge(hostInfo('fastpay', 'wallet-token'));
    const transport = fakeTransport({
      fastpayLogin: ok({ ...user, paymentAccountId: 'p1', paymentAccount: 'acc' }),
      userInfo: ok(user),
      unread: ok([]),
      loanInfo: expired,
    });
    const { root, navigation } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.api.call('loanInfo', {});
    root.session.relogin();
    expect(navigation.visited).toEqual([]);
    expect(methods(bridge)).toContain('kickOut');
    expect(methods(bridge)).not.toContain('showLogin');
  });

  it('FastPay: user info failing logs in with the wallet token again, not at /login', async () => {
    const bridge = fakeBridge(hostInfo('fastpay', 'wallet-token'));
    const transport = fakeTransport({
      fastpayLogin: ok({ ...user, paymentAccountId: 'p1', paymentAccount: 'acc' }),
      userInfo: { code: 500, message: 'down', data: null },
      unread: ok([]),
    });
    const { root, navigation } = createTestRoot({ bridge, transport });
    await root.session.start('/');
    await root.session.refreshUser();
    // One wallet login again; its user info failing too hands over to the wallet (kickOut).
    await vi.waitFor(() => expect(methods(bridge)).toContain('kickOut'));
    expect(transport.calls.filter((c) => c.name === 'fastpayLogin')).toHaveLength(2);
    expect(navigation.visited).toEqual([]);
    expect(methods(bridge)).not.toContain('showLogin');
  });

  it('FastPay: a failed wallet login shows nothing but Loading until the deny page', async () => {
    const transport = fakeTransport({
      fastpayLogin: { code: 9000016, message: 'Wallet refused', data: null },
    });
    const { root, navigation, clock } = createTestRoot({
      transport,
      bridge: fakeBridge(hostInfo('fastpay', 'wallet-token')),
    });
    await root.session.start('/');
    root.session.relogin(); // the shell on a private page without a user
    expect(root.session.ending).toBe('denied');
    expect(navigation.visited).toEqual([]);
    clock.advance(500);
    expect(navigation.visited).toEqual(['/deny/fastpaylogin9000016']);
  });

  it('production web: a session code stays on the page and the shell does not route to /login', async () => {
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]), loanInfo: expired });
    const { root, navigation } = createTestRoot({ transport, config: { env: 'production' } });
    root.user.setUser(user);
    await root.session.start('/');
    await root.api.call('loanInfo', {});
    root.session.relogin();
    expect(navigation.visited).toEqual([]);
    expect(root.session.ending).toBe('kicked');
    // A new login is a new session.
    root.user.setUser(user);
    expect(root.session.ending).toBeNull();
  });
});

describe('user info: one call per need', () => {
  it('a screen shown again reuses user info loaded within its window; 0 always asks', async () => {
    const transport = fakeTransport({ userInfo: ok(user), unread: ok([]) });
    const { root, clock } = createTestRoot({ transport });
    root.user.setUser(user);
    await root.session.refreshUser();
    await root.session.refreshUser(60_000);
    expect(transport.calls.filter((c) => c.name === 'userInfo')).toHaveLength(1);
    clock.advance(60_000);
    await root.session.refreshUser(60_000);
    await root.session.refreshUser();
    expect(transport.calls.filter((c) => c.name === 'userInfo')).toHaveLength(3);
  });
});
