import { describe, expect, it } from 'vitest';
import type { UnreadItem } from '@shared/api/entities';
import { profileTabHasDot, redDotList } from './redDot';

describe('red-dot list (PRODUCT.md §4)', () => {
  it.each<[UnreadItem[], boolean, UnreadItem[], boolean]>([
    [[], false, [], false],
    [['KYC'], true, [], false],
    [['Coupon'], false, [], false],
    [['Coupon'], true, ['Coupon'], true],
    [['Message'], false, ['Message'], true],
    [['KYC', 'Coupon', 'Message'], false, ['Message'], true],
    [['KYC', 'Coupon', 'Message'], true, ['Coupon', 'Message'], true],
  ])('%j voucherReaded=%s → %j (Profile dot %s)', (unread, readed, list, dot) => {
    expect(redDotList(unread, readed)).toEqual(list);
    expect(profileTabHasDot(unread, readed)).toBe(dot);
  });
});
