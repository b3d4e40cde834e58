import { describe, expect, it } from 'vitest';
import type { KycState } from '@shared/api/entities';
import {
  bellHasDot,
  displayMobileOf,
  greetingOf,
  profileEntriesOf,
  voucherHasDot,
} from './profileRules';

describe('greeting (PRODUCT.md §2): Ms./Mr. + last name only for KYC 5 or 7', () => {
  it.each([
    [5, 'Female', 'Santos', 'Hi, Ms. Santos'],
    [7, 'Female', 'Santos', 'Hi, Ms. Santos'],
    [5, 'Male', 'Chen', 'Hi, Mr. Chen'],
    [7, '', 'Chen', 'Hi, Mr. Chen'],
    [1, 'Female', 'Santos', 'Hi'],
    [2, 'Female', 'Santos', 'Hi'],
    [3, 'Male', 'Chen', 'Hi'],
    [4, 'Male', 'Chen', 'Hi'],
    [6, 'Male', 'Chen', 'Hi'],
    [undefined, 'Female', 'Santos', 'Hi'],
    [5, 'Female', '', 'Hi'],
  ] as const)('KYC %s, %s %s → %s', (state, gender, lastName, text) => {
    expect(greetingOf({ state, gender, lastName })).toBe(text);
  });
  it('no user: Hi', () => {
    expect(greetingOf(null)).toBe('Hi');
  });
});

describe('mobile with a leading 0', () => {
  it.each([
    ['9171234567', '09171234567'],
    ['912345678', '0912345678'],
    ['0912345678', '0912345678'],
    ['', ''],
  ])('%s → %s', (msisdn, shown) => {
    expect(displayMobileOf(msisdn)).toBe(shown);
  });
});

describe('red dots', () => {
  it.each([
    [['Coupon'], false, true],
    [['Coupon'], true, false],
    [['KYC', 'Message'], false, false],
    [[], false, false],
  ] as const)('voucher: unread %j, voucherReaded %s → %s', (unread, readed, dot) => {
    expect(voucherHasDot(unread, readed)).toBe(dot);
  });
  it.each([
    [['Message'], true],
    [['KYC', 'Coupon'], false],
    [[], false],
  ] as const)('bell: unread %j → %s', (unread, dot) => {
    expect(bellHasDot(unread)).toBe(dot);
  });
});

describe('profile list visibility', () => {
  const keys = (kycState: KycState | undefined, production: boolean, web = true) =>
    profileEntriesOf({ kycState, unread: [], voucherReaded: false, production, web }).map(
      (e) => e.key,
    );

  it.each([
    [5, false, ['kyc', 'voucher', 'app', 'privacy', 'help', 'about', 'logout']],
    [7, false, ['kyc', 'voucher', 'app', 'privacy', 'help', 'about', 'logout']],
    [5, true, ['kyc', 'voucher', 'app', 'privacy', 'help', 'about']],
    [1, false, ['voucher', 'app', 'privacy', 'help', 'about', 'logout']],
    [2, true, ['voucher', 'app', 'privacy', 'help', 'about']],
    [undefined, false, ['voucher', 'app', 'privacy', 'help', 'about', 'logout']],
  ] as const)('web, KYC %s, production %s → %j', (kyc, production, expected) => {
    expect(keys(kyc, production)).toEqual(expected);
  });

  it('no logout inside a native host, production or not', () => {
    expect(keys(5, false, false)).not.toContain('logout');
    expect(keys(5, true, false)).not.toContain('logout');
  });

  it('links the entries', () => {
    const entries = profileEntriesOf({
      kycState: 5,
      unread: ['Coupon'],
      voucherReaded: false,
      production: false,
      web: true,
    });
    const voucher = entries.find((e) => e.key === 'voucher');
    expect(voucher).toMatchObject({ to: '/user/voucher/?state=1', dot: true });
    expect(entries.find((e) => e.key === 'privacy')?.to).toBe('/doc/privacy_policy');
    expect(entries.find((e) => e.key === 'help')?.to).toBe('/doc/help_center');
    expect(entries.find((e) => e.key === 'about')?.to).toBe('/doc/about_us');
  });
});
