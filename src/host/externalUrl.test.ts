import { describe, expect, it } from 'vitest';
import { externalSurfaceOf, showExternalUrl } from './externalUrl';

describe('externalSurfaceOf: the one mapping of links that leave the app', () => {
  it.each([
    ['tel:%2B63917', 'dialPhone', 'Calling +63917'],
    ['TEL:0917', 'dialPhone', 'Calling 0917'],
    ['sms:0917?body=hi', 'sendSms', 'To 0917'],
    ['mailto:help@example.com?subject=Hi', 'composeEmail', 'To help@example.com'],
    ['https://example.com/terms', 'openBrowser', 'https://example.com/terms'],
    ['http://example.com/x', 'openBrowser', 'http://example.com/x'],
    // Escapes that do not decode are shown as written, never a thrown URIError.
    ['tel:%E0%A4%A', 'dialPhone', 'Calling %E0%A4%A'],
    ['sms:%ZZ', 'sendSms', 'To %ZZ'],
    ['mailto:%', 'composeEmail', 'To %'],
    // What a surface shows is one line: decoded controls and separators are spaces.
    ['tel:%0A%0D%2B63%E2%80%A8917', 'dialPhone', 'Calling +63 917'],
    ['sms:?body=hi', 'sendSms', 'To (no address)'],
    // The browser shows the parser's URL: tabs and newlines inside the raw text are gone.
    ['https://exa\tmple.com/\nterms', 'openBrowser', 'https://example.com/terms'],
    ['  https://example.com/  ', 'openBrowser', 'https://example.com/'],
  ])('%j opens the %s surface: %j', (url, method, detail) => {
    expect(externalSurfaceOf(url)).toMatchObject({ method, detail });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://example.com/0b1c',
    'vbscript:msgbox(1)',
    'intent://scan/#Intent;scheme=zxing;end',
    'about:blank',
    'chrome://settings',
    'ftp://example.com/',
    'app://simulator/bill',
    '//evil.example/',
    'not a url',
    '',
  ])('%j opens no surface', (url) => {
    expect(externalSurfaceOf(url)).toBeNull();
  });

  it('keeps a long address to one short line', () => {
    const surface = externalSurfaceOf(`tel:${'9'.repeat(5000)}`);
    expect(surface?.detail.length).toBeLessThanOrEqual(300);
    expect(surface?.detail.endsWith('…')).toBe(true);
  });

  it('shows the surface on the host, and nothing for a link no surface opens', () => {
    const shown: string[][] = [];
    const host = { showSurface: (...args: string[]) => void shown.push(args) };
    expect(showExternalUrl(host, 'tel:%E0%A4%A')).toBe(true);
    expect(showExternalUrl(host, 'javascript:alert(1)')).toBe(false);
    expect(shown).toEqual([['dialPhone', 'Dialer', 'Calling %E0%A4%A']]);
  });
});
