/** Popup ads (PRODUCT.md §3, §5): type 2 is a popup, each shown once per ad id. Pure. */
import type { Advertisement } from '@shared/api/entities';

/** Advertisement type of a popup. */
const POPUP_AD_TYPE = 2;

/** The popups not seen yet, in the server's order. */
export function unseenPopups(
  ads: readonly Advertisement[],
  viewed: readonly number[],
): Advertisement[] {
  return ads.filter((ad) => ad.type === POPUP_AD_TYPE && !viewed.includes(ad.id));
}

/** Banners of the carousel: the ads that are not popups, then the location banner. */
export function bannersOf(
  ads: readonly Advertisement[],
  location: Advertisement | null,
): Advertisement[] {
  const banners = ads.filter((ad) => ad.type !== POPUP_AD_TYPE);
  if (location && !banners.some((ad) => ad.id === location.id)) banners.push(location);
  return banners;
}
