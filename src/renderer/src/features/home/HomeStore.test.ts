import { describe, expect, it } from 'vitest';
import type { Advertisement, LoanInfo, User } from '@shared/api/entities';
import { APP_STORE_LINKS } from '@shared/constants';
import type { NativeHost } from '@renderer/native';
import { fakeBridge, fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { loanInfoFeature } from '@renderer/stores/LoanInfoStore';
import { HomeStore } from './HomeStore';
import { KYC_EXPIRED_NOTICE } from '@renderer/rules/homeButton';

const user = (state: User['state'], areaCode: User['areaCode'] = '63'): User => ({
  msisdn: '9171234567',
  areaCode,
  userId: 'U1',
  token: 't',
  tokenValue: 't',
  state,
  gender: 'Female',
  lastName: 'Santos',
});

const loan = (state: number, lastAmount: number): LoanInfo => ({
  lastAmount,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state,
  type: 0,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
});

const popup = (id: number): Advertisement => ({ id, type: 2, link: `/event/${id}`, picUrl: 'p' });

function homeOf(
  options: { user?: User; loan?: LoanInfo; ads?: Advertisement[]; native?: boolean } = {},
) {
  const resets: number[] = [];
  const bridge = options.native ? fakeBridge() : undefined;
  const transport = fakeTransport({
    userInfo: ok(options.user ?? user(5)),
    unread: ok([]),
    loanInfo: ok(options.loan ?? loan(0, 15000)),
    loadAdvertisement: ok(options.ads ?? []),
    loadBanner: ok(null),
  });
  const test = createTestRoot({ bridge, transport });
  const { root } = test;
  root.user.setToken('t');
  if (options.user) root.user.setUser(options.user);
  const opened: string[] = [];
  // Keeps the real host's methods (its prototype) and records openBrowser.
  const native: NativeHost = Object.create(root.services.native);
  native.openBrowser = async (url: string) => {
    opened.push(url);
    return { resultCode: 0 };
  };
  const home = new HomeStore({
    api: root.api,
    clock: test.clock,
    user: root.user,
    config: root.config,
    navigation: test.navigation,
    ui: test.ui,
    native,
    loanInfo: root.feature(loanInfoFeature),
    refreshUser: () => root.session.refreshUser(),
    resetLoanForm: () => void resets.push(1),
  });
  return { ...test, transport, home, resets, opened };
}

describe('HomeStore.refresh', () => {
  it('loads user info, unread list, loan info and ads', async () => {
    const { home, root, transport } = homeOf({ loan: loan(4, 5000) });
    await home.refresh();
    const names = transport.calls.map((c) => c.name).sort();
    expect(names).toEqual(['loadAdvertisement', 'loadBanner', 'loanInfo', 'unread', 'userInfo']);
    expect(root.user.loanInfo?.lastAmount).toBe(5000);
    expect(home.buttonView(false)).toEqual({ label: 'Apply Now', hidden: false, disabled: false });
  });

  it('loads nothing for a visitor without a token', async () => {
    const { home, root, transport } = homeOf();
    root.user.clear();
    await home.refresh();
    expect(transport.calls).toEqual([]);
  });
});

describe('popup ads: once per ad id, remembered in adddsViewed', () => {
  it('shows 1 then 2, then none after another refresh', async () => {
    const { home, root } = homeOf({ ads: [popup(1), popup(2)] });
    await home.refresh();
    expect(home.popup?.id).toBe(1);
    home.closePopup();
    expect(home.popup?.id).toBe(2);
    home.closePopup();
    expect(home.popup).toBeNull();
    await home.refresh();
    expect(home.popup).toBeNull();
    expect(root.config.adddsViewed).toEqual([1, 2]);
  });

  it('opening a popup follows its in-app link', async () => {
    const { home, navigation } = homeOf({ ads: [popup(1)] });
    await home.refresh();
    home.openPopup();
    expect(navigation.visited).toEqual(['/event/1']);
    expect(home.popup).toBeNull();
  });
});

describe('main button', () => {
  it('resets the loan form, then goes to the target of the states', async () => {
    const { home, navigation, resets } = homeOf({ user: user(5), loan: loan(2, 0) });
    await home.refresh();
    home.pressMainButton();
    expect(resets).toEqual([1]);
    expect(navigation.visited).toEqual(['/loan/review']);
  });

  it.each([
    ['63', APP_STORE_LINKS.hk],
    ['852', APP_STORE_LINKS.hk],
    ['886', APP_STORE_LINKS.tw],
  ] as const)('KYC 7 (area %s) shows the Notice and Update opens %s', async (areaCode, link) => {
    const { home, ui, opened, navigation } = homeOf({ user: user(7, areaCode) });
    await home.refresh();
    home.pressMainButton();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ui.shown).toContain(KYC_EXPIRED_NOTICE.content);
    expect(opened).toEqual([link]);
    expect(navigation.visited).toEqual([]);
  });

  it('the KYC-expired Notice closed without Update (mask, Escape, a page change) opens no store', async () => {
    const { home, ui, opened } = homeOf({ user: user(7, '63') });
    ui.confirmAlerts = false;
    await home.refresh();
    home.pressMainButton();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ui.shown).toContain(KYC_EXPIRED_NOTICE.content);
    expect(opened).toEqual([]);
  });
});

describe('HomeStore: loan info that does not come', () => {
  const timeout = () => Object.assign(new Error('10 s'), { kind: 'timeout' });

  it('a failing loan/loanInfo with nothing kept is missing data with a retry, not ₱0', async () => {
    const { home, transport, root } = homeOf();
    transport.answers.loanInfo = timeout();
    await home.refresh();
    expect(home.loanInfoMissing).toBe(true);
    expect(root.user.loanInfo).toBeNull();
    transport.answers.loanInfo = ok(loan(0, 15000));
    await home.retryLoanInfo();
    expect(home.loanInfoMissing).toBe(false);
    expect(home.loanInfoStatus).toBe('fresh');
    expect(root.user.loanInfo?.lastAmount).toBe(15000);
  });

  it('a silent refusal keeps the figures of the last visit, marked as not updated', async () => {
    const { home, transport } = homeOf();
    await home.refresh();
    transport.answers.loanInfo = { code: 9000017, message: 'busy', data: null };
    await home.refresh();
    expect(home.loanInfoMissing).toBe(false);
    expect(home.loanInfoStale).toBe(true);
  });

  it('the main button pressed while loan info loads acts on the fresh answer', async () => {
    const { home, transport, navigation } = homeOf({ user: user(5), loan: loan(2, 0) });
    let release: () => void = () => {};
    transport.answers.loanInfo = () => ok(loan(2, 0));
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = transport.call.bind(transport);
    transport.call = (async (name: string, data: unknown, options?: object) => {
      if (name === 'loanInfo') await gate;
      return slow(name as never, data as never, options as never);
    }) as typeof transport.call;
    const refreshed = home.refresh();
    home.pressMainButton();
    expect(navigation.visited).toEqual([]);
    release();
    await refreshed;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigation.visited).toEqual(['/loan/review']);
  });
});
