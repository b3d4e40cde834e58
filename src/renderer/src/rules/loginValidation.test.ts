import { describe, expect, it } from 'vitest';
import type { AreaCode } from '@shared/constants';
import {
  areaCodesFor,
  isValidPhone,
  normalizeCode,
  normalizePhone,
  phoneMaxLength,
} from './loginValidation';

describe('phone pattern per area code (PRODUCT.md §5)', () => {
  it.each<[AreaCode, string, boolean]>([
    ['886', '912345678', true],
    ['886', '0912345678', true],
    ['886', '91234567', false],
    ['886', '812345678', false],
    ['886', '00912345678', false],
    ['63', '9171234567', true],
    ['63', '09171234567', true],
    ['63', '917123456', false],
    ['63', '8171234567', false],
    ['852', '51234567', true],
    ['852', '5123456', false],
    ['852', '512345678', false],
    ['852', '5123456a', false],
  ])('%s %s → %s', (areaCode, phone, valid) => {
    expect(isValidPhone(areaCode, phone)).toBe(valid);
  });
});

describe('phone max length (PRODUCT.md §5)', () => {
  it.each<[AreaCode, string, number]>([
    ['886', '9', 9],
    ['886', '0', 10],
    ['886', '', 10],
    ['63', '9', 10],
    ['63', '0', 11],
    ['852', '9', 8],
    ['852', '0', 8],
  ])('%s starting %j → %i', (areaCode, phone, max) => {
    expect(phoneMaxLength(areaCode, phone)).toBe(max);
  });

  it.each<[AreaCode, string, string]>([
    ['886', '9123456789999', '912345678'],
    ['886', '09123456789', '0912345678'],
    ['63', '0917-123-4567 8', '09171234567'],
    ['852', '5123 4567 9', '51234567'],
  ])('normalizes %s %j to %j', (areaCode, input, expected) => {
    expect(normalizePhone(areaCode, input)).toBe(expected);
  });
});

describe('the SMS code as typed (PRODUCT.md §5)', () => {
  it.each([
    ['1234', '1234'],
    [' 12 34 ', '1234'],
    ['123456', '1234'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });
});

describe('area codes offered', () => {
  it.each([
    ['web', ['886', '63', '852']],
    ['lender', ['886']],
    ['fastpay', ['886']],
  ] as const)('%s → %j', (profile, codes) => {
    expect(areaCodesFor(profile)).toEqual(codes);
  });
});
