import { describe, expect, it } from 'vitest';
import { formatPeso } from '@shared/money';
import reference from '@fixtures/reference/repay-channels.json';
import {
  amountFromQuery,
  channelPath,
  checkAmount,
  exceedsLimit,
  feeOf,
  isInvalidAmountQuery,
  limitOf,
  MAYA_ACCOUNT_REQUIRED,
  MAYA_ACCOUNT_RULE,
  marketOf,
  paymentModeOf,
  totalWithFee,
  validateMayaAccount,
} from './repayRules';

const labelled = (key: string, repayLimit: number | null = 50_000) => ({
  key,
  label: key,
  repayLimit,
});

describe('channel limits and fees (PRODUCT.md §9)', () => {
  it.each([
    ['SEVEN_ELEVEN', 10_000],
    ['LBC', 25_000],
    ['GCASH_LINK_TO_PAY', 50_000],
    ['GCASH', 50_000],
    ['M_LHUILLIER', 50_000],
    ['RD_PAWNSHOP', 50_000],
    ['TRUE_MONEY', 50_000],
    ['PAYMAYA', 50_000],
    ['CEBUANA', 50_000],
    ['UNION_BANK', 50_000],
    ['BDO', 50_000],
    ['USSC', 50_000],
    ['SHOPEE', 50_000],
    ['PALAWAN', 50_000],
    ['BPI', 50_000],
    ['QRPH', 50_000],
    ['MAYA_WEBPAY', null],
  ])('%s is limited to %s', (key, limit) => {
    // A server list claiming 99999 cannot widen a product limit.
    expect(limitOf({ key, repayLimit: 99_999 })).toBe(limit);
  });

  it('an unknown channel keeps the limit the server sends', () => {
    expect(limitOf({ key: 'NEW_WALLET', repayLimit: 1234 })).toBe(1234);
  });

  it.each([
    ['SHOPEE', 30],
    ['GCASH', 0],
    ['SEVEN_ELEVEN', 0],
    ['FASTPAY', 0],
  ])('%s costs a fee of %s', (key, fee) => {
    expect(feeOf({ key, fee: 5 })).toBe(fee);
  });

  it('the reference channel data agrees with the constants', () => {
    for (const channel of [...reference.ph, ...reference.tw]) {
      expect(channel.repayLimit, channel.key).toBe(limitOf(channel));
      expect('fee' in channel ? channel.fee : 0, channel.key).toBe(feeOf(channel));
    }
    expect(reference.ph.map((c) => c.label)).toEqual(
      expect.arrayContaining(['7-ELEVEN', 'LBC Express', 'Shopee', 'Palawan', 'Maya WebPay']),
    );
    expect(reference.tw.map((c) => c.key)).toEqual(['FASTPAY']);
  });

  it('adds the fee to the total', () => {
    expect(totalWithFee({ key: 'SHOPEE' }, 4280)).toBe(4310);
    expect(totalWithFee({ key: 'BDO' }, 4280.5)).toBe(4280.5);
  });
});

describe('amount against a channel limit', () => {
  it.each([
    ['SEVEN_ELEVEN', 10_000, true],
    ['SEVEN_ELEVEN', 10_000.01, false],
    ['LBC', 25_000, true],
    ['LBC', 25_001, false],
    ['BDO', 50_000, true],
    ['BDO', 50_000.5, false],
    ['MAYA_WEBPAY', 1_000_000, true],
    ['BDO', 0, false],
    ['BDO', Number.NaN, false],
  ])('%s with %s → allowed %s', (key, amount, allowed) => {
    expect(checkAmount(labelled(key), amount).ok).toBe(allowed);
  });

  it('says which limit was passed', () => {
    const result = checkAmount(
      { key: 'SEVEN_ELEVEN', label: '7-ELEVEN', repayLimit: 10_000 },
      12_000,
    );
    expect(result).toEqual({
      ok: false,
      message:
        'The amount ₱12,000.00 exceeds the 7-ELEVEN limit of ₱10,000.00. Please choose another channel or fewer bills.',
    });
  });
});

describe('Maya account rule (08/09, 11 digits)', () => {
  it.each([
    ['09171234567', true, ''],
    ['08171234567', true, ''],
    ['0917 123 4567', true, ''],
    ['0917-123-4567', true, ''],
    ['07171234567', false, MAYA_ACCOUNT_RULE],
    ['9171234567', false, MAYA_ACCOUNT_RULE],
    ['091712345678', false, MAYA_ACCOUNT_RULE],
    ['0917123456a', false, MAYA_ACCOUNT_RULE],
    ['', false, MAYA_ACCOUNT_REQUIRED],
  ])('%j → valid %s', (input, valid, message) => {
    const result = validateMayaAccount(input);
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.message).toBe(message);
    else expect(result.account).toMatch(/^0[89]\d{9}$/);
  });
});

describe('markets, payment modes and paths', () => {
  it.each([
    ['886', 'tw'],
    ['63', 'ph'],
    ['852', 'ph'],
    [undefined, 'ph'],
  ] as const)('area code %s repays in market %s', (code, market) => {
    expect(marketOf(code)).toBe(market);
  });

  it.each([
    ['GCASH', 'lender', 'gcashPayment'],
    ['GCASH_LINK_TO_PAY', 'lender', 'gcashPayment'],
    ['GCASH', 'web', 'show'],
    ['FASTPAY', 'fastpay', 'fastPayPayment'],
    ['FASTPAY', 'lender', 'fastPayPayment'],
    ['FASTPAY', 'web', 'show'],
    ['SEVEN_ELEVEN', 'lender', 'show'],
    ['MAYA_WEBPAY', 'lender', 'show'],
  ] as const)('%s in the %s profile pays by %s', (key, profile, mode) => {
    expect(paymentModeOf(key, profile)).toBe(mode);
  });

  it('Maya WebPay opens its own page; the rest the detail page', () => {
    expect(channelPath('MAYA_WEBPAY', 4280)).toBe('/repay/ph/mayaChannel?amount=4280');
    expect(channelPath('LBC', 4280.5)).toBe('/repay/ph/detail?amount=4280.5&key=LBC');
  });

  it.each([
    ['4280', 4280],
    ['4280.5', 4280.5],
    ['8350.05', 8350.05],
    ['0', 0],
    [' 120 ', 120],
    // Not a sum of centavos: refused, never rounded into one.
    ['4280.555', Number.NaN],
    ['12.345', Number.NaN],
    ['-5', Number.NaN],
    ['+5', Number.NaN],
    ['1e9', Number.NaN],
    ['1000000000', Number.NaN],
    ['NaN', Number.NaN],
    ['Infinity', Number.NaN],
    ['0x10', Number.NaN],
    ['5.', Number.NaN],
    ['.5', Number.NaN],
    ['', Number.NaN],
    [null, Number.NaN],
    ['abc', Number.NaN],
  ])('amount query %j reads as %s', (query, amount) => {
    expect(amountFromQuery(query)).toBe(amount);
  });

  it.each([
    ['12.345', true],
    ['-5', true],
    ['1e9', true],
    ['12.35', false],
    ['0', false],
    ['', false],
    [null, false],
  ])('amount query %j is invalid: %s', (query, invalid) => {
    expect(isInvalidAmountQuery(query)).toBe(invalid);
  });

  it.each([
    [0, '₱0'],
    [4280, '₱4,280.00'],
    [1841.67, '₱1,841.67'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatPeso(amount)).toBe(text);
  });
});

describe('exceedsLimit', () => {
  const seven = { key: 'SEVEN_ELEVEN' as const, repayLimit: 10000 };
  const maya = { key: 'MAYA_WEBPAY' as const, repayLimit: null };
  it('is only a known amount above a limit: no amount (0, NaN) is above nothing', () => {
    expect(exceedsLimit(seven, 12000)).toBe(true);
    expect(exceedsLimit(seven, 10000)).toBe(false);
    expect(exceedsLimit(seven, 0)).toBe(false);
    expect(exceedsLimit(seven, Number.NaN)).toBe(false);
    expect(exceedsLimit(maya, 999999)).toBe(false);
  });
});
