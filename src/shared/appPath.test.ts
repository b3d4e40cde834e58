import { describe, expect, it } from 'vitest';
import { appPathOf, appPathUrl, parseAppPath } from './appPath';

const BASE = 'http://127.0.0.1:4010/';

describe('parseAppPath', () => {
  it.each([
    ['/', '/'],
    ['/bill', '/bill'],
    ['/repay/ph/studyPage?x=1#y', '/repay/ph/studyPage?x=1#y'],
    [
      '/login?redirect=/bill&url=https://x.example/',
      '/login?redirect=/bill&url=https://x.example/',
    ],
    ['/a/../b', '/b'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/a/%2e%2e/b', '/b'],
    ['/?q=1', '/?q=1'],
    ['/#/hash-route', '/#/hash-route'],
    ['/event/x#javascript:alert(1)', '/event/x#javascript:alert(1)'],
  ])('%j is the app path %j', (raw, path) => {
    expect(parseAppPath(raw)).toBe(path);
  });

  it.each([
    // A scheme once the leading slash is stripped: a script in the harness's origin.
    '/javascript:parent.sessionStorage',
    '/JaVaScRiPt:alert(1)',
    '/javascript:alert(1)//',
    '/data:text/html,<script>alert(1)</script>',
    '/vbscript:msgbox(1)',
    '/blob:http://127.0.0.1/x',
    '/about:blank',
    '/java%0ascript:alert(1)',
    '/javascript%3Aalert(1)',
    // Another host in the phone.
    '/http://other.example/',
    '/https:other.example',
    '//evil.example/path',
    '///evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '/a/..//evil.example',
    '/./..//evil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%2e%2e%2f%2e%2e%2fetc',
    // Control characters and whitespace.
    '/\u0000/x',
    '/ja\tvascript:alert(1)',
    '/a\nb',
    '/a b',
    '/a\u2028b',
    '/%00',
    '/%1f',
    // Not a path at all.
    'javascript:alert(1)',
    'bill',
    ' /bill',
    '',
    `/${'a'.repeat(2048)}`,
  ])('%j is refused', (raw) => {
    expect(parseAppPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(parseAppPath(undefined)).toBeNull();
    expect(parseAppPath({ toString: () => '/bill' })).toBeNull();
  });
});

describe('appPathUrl', () => {
  it.each([
    ['/', BASE],
    ['/bill?x=1#y', `${BASE}bill?x=1#y`],
    ['/?q=1', `${BASE}?q=1`],
    ['/#h', `${BASE}#h`],
  ])('opens %j at %j', (path, url) => {
    expect(appPathUrl(path, BASE)).toBe(url);
  });

  it('stays under a base path and under app://simulator/', () => {
    expect(appPathUrl('/../bill', 'http://h/app/')).toBe('http://h/app/bill');
    expect(appPathUrl('/bill', 'app://simulator/')).toBe('app://simulator/bill');
  });

  it.each([
    '/javascript:parent.x=1',
    '/http://other.example/',
    '/\\evil.example',
    '//evil.example',
    '/a/..//evil.example',
  ])('opens the app start for %j', (path) => {
    expect(appPathUrl(path, BASE)).toBe(BASE);
    expect(appPathUrl(path, 'app://simulator/')).toBe('app://simulator/');
  });
});

describe('appPathOf', () => {
  it('reads the app path of a phone URL, and nothing else', () => {
    expect(appPathOf(`${BASE}bill?x=1`, BASE)).toBe('/bill?x=1');
    expect(appPathOf(BASE, BASE)).toBe('/');
    expect(appPathOf(`${BASE}javascript:alert(1)`, BASE)).toBeNull();
    expect(appPathOf('http://other.example/bill', BASE)).toBeNull();
    expect(appPathOf('about:blank', BASE)).toBeNull();
  });
});
