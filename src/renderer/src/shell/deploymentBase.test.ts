import { describe, expect, it } from 'vitest';
import html from '../../index.html?raw';

// index.html works out the deployment base inline, before any asset URL resolves; this runs
// that very script against a table of addresses.
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function baseFor(pathname: string): string {
  let href = '';
  const fakeDocument = {
    createElement: () => ({
      set href(value: string) {
        href = value;
      },
    }),
    head: { appendChild: () => {} },
  };
  new Function('location', 'document', script)({ pathname }, fakeDocument);
  return href;
}

describe('deployment base of index.html', () => {
  it.each([
    ['/', '/'],
    ['/bill', '/'],
    ['/profile/about_us', '/'],
    ['/login', '/'],
    ['/index.html', '/'],
    ['/no/such/page', '/'],
    ['/h5/', '/h5/'],
    ['/h5/bill', '/h5/'],
    ['/h5/index.html', '/h5/'],
    ['/a/b/repay/ph/detail', '/a/b/'],
    ['/h5/doc/privacy_policy', '/h5/'],
  ])('%s → %s', (pathname, base) => {
    expect(script).not.toBe('');
    expect(baseFor(pathname)).toBe(base);
  });
});
