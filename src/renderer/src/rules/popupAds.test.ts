import { describe, expect, it } from 'vitest';
import type { Advertisement } from '@shared/api/entities';
import { bannersOf, unseenPopups } from './popupAds';

const ad = (id: number, type: number): Advertisement => ({
  id,
  type,
  link: `/event/${id}`,
  picUrl: `https://cdn/${id}.png`,
});

describe('popup ads are shown once per ad id', () => {
  it.each([
    [[], [1, 2]],
    [[1], [2]],
    [[2], [1]],
    [[1, 2], []],
    [[3], [1, 2]],
  ])('viewed %j → shows %j', (viewed, shown) => {
    const ads = [ad(1, 2), ad(2, 2), ad(7, 1)];
    expect(unseenPopups(ads, viewed).map((a) => a.id)).toEqual(shown);
  });
});

describe('banners', () => {
  it('are the non-popup ads then the location banner, without duplicates', () => {
    expect(bannersOf([ad(1, 2), ad(7, 1)], ad(101, 1)).map((a) => a.id)).toEqual([7, 101]);
    expect(bannersOf([ad(101, 1)], ad(101, 1)).map((a) => a.id)).toEqual([101]);
    expect(bannersOf([ad(1, 2)], null)).toEqual([]);
  });
});
