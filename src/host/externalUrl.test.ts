import { describe, expect, it } from 'vitest';
import { showExternalUrl } from './externalUrl';

describe('showExternalUrl', () => {
  it('opens the dialer, SMS, mail and browser surfaces, and nothing for other schemes', () => {
    const shown: string[][] = [];
    const host = { showSurface: (...args: string[]) => void shown.push(args) };
    expect(showExternalUrl(host, 'tel:%2B63917')).toBe(true);
    expect(showExternalUrl(host, 'sms:0917?body=hi')).toBe(true);
    expect(showExternalUrl(host, 'mailto:help@example.com')).toBe(true);
    expect(showExternalUrl(host, 'https://example.com/terms')).toBe(true);
    expect(showExternalUrl(host, 'javascript:alert(1)')).toBe(false);
    expect(showExternalUrl(host, 'tel:%E0%A4%A')).toBe(true);
    expect(shown).toEqual([
      ['dialPhone', 'Dialer', 'Calling +63917'],
      ['sendSms', 'SMS composer', 'To 0917'],
      ['composeEmail', 'Email composer', 'To help@example.com'],
      ['openBrowser', 'Opened in the browser', 'https://example.com/terms'],
      ['dialPhone', 'Dialer', 'Calling %E0%A4%A'],
    ]);
  });
});
