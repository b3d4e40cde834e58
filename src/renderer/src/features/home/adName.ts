/**
 * What an ad is called for a screen reader: the name of its button. The ad data (PRODUCT.md §3:
 * id, type, link, picUrl) carries no words besides those painted in its picture, and markup from
 * data is never put in the page, so an ad is named by where it leads: the event's title for an
 * event page, the site for a web page; "Advertisement" when its link says nothing more (another
 * app page, or no usable link at all).
 */
import { safeLink } from '@shared/links';
import { hasOwn } from '@shared/portable';
import { EVENT_TITLES } from '@renderer/lib/eventTitles';

export const AD_FALLBACK_NAME = 'Advertisement';

export function adNameOf(link: string): string {
  const safe = safeLink(link, { allowHttp: true });
  if (safe?.kind === 'web') return new URL(safe.href).hostname.replace(/^www\./, '');
  if (safe?.kind !== 'route') return AD_FALLBACK_NAME;
  const [, section, file = ''] = safe.href.split(/[/?#]/);
  if (section === 'event' && hasOwn(EVENT_TITLES, file)) return EVENT_TITLES[file];
  return AD_FALLBACK_NAME;
}
