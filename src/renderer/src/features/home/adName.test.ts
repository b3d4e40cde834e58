import { describe, expect, it } from 'vitest';
import { AD_FALLBACK_NAME, adNameOf } from './adName';

describe('an ad is named by where it leads, never by markup from its data', () => {
  it.each([
    ['/event/benefits_newuser', 'New User Benefits'],
    ['/event/long_weekend_promo?from=popup', 'Long Weekend Promo'],
    ['/event/christmas_lucky_draw/prize', 'Christmas Lucky Draw'],
    ['https://www.example.com/promo', 'example.com'],
    ['http://promo.example.ph/x', 'promo.example.ph'],
    ['/event/no_such_event', AD_FALLBACK_NAME],
    ['/repay/ph/studyPage', AD_FALLBACK_NAME],
    ['javascript:alert(1)', AD_FALLBACK_NAME],
    ['<b>Win</b>', AD_FALLBACK_NAME],
    ['', AD_FALLBACK_NAME],
  ])('%s → %s', (link, name) => {
    expect(adNameOf(link)).toBe(name);
  });
});
