import { describe, expect, it } from 'vitest';
import { couponBadgeOf, couponStateOf } from './voucherRules';

describe('voucher state query', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['3', 3],
    [null, 1],
    ['9', 1],
  ] as const)('?state=%s → %s', (query, state) => {
    expect(couponStateOf(query)).toBe(state);
  });
  it.each([
    [1, null],
    [2, 'Used'],
    [3, 'Expired'],
  ] as const)('state %s badge %s', (state, badge) => {
    expect(couponBadgeOf(state)).toBe(badge);
  });
});
