import { describe, expect, it } from 'vitest';
import {
  cutAtHead,
  noConnectionRest,
  prepareScript,
  prepareScriptTag,
  prepareScriptUrl,
} from './phonePage';
import { NO_CONNECTION_MARK, PREPARE_HOOK } from './protocol';

const page =
  '<!doctype html>\n<html lang="en">\n  <head><base href="/" />\n    <meta charset="UTF-8" />\n  </head>\n  <body></body>\n</html>';

describe('cutAtHead', () => {
  it('cuts right after the <head> start tag, so the prepare script comes first in it', () => {
    const { head, rest } = cutAtHead(page);
    expect(head).toBe('<!doctype html>\n<html lang="en">\n  <head>');
    expect(rest.startsWith('<base href="/" />')).toBe(true);
    expect(head + rest).toBe(page);
  });

  it('keeps the attributes of <head> and does not take <header> for it', () => {
    const html = '<html><HEAD data-x="1"><title>t</title></HEAD><body><header>h</header>';
    expect(cutAtHead(html).head).toBe('<html><HEAD data-x="1">');
    expect(cutAtHead('<body><header>h</header></body>').head).toBe('<!doctype html><html><head>');
  });

  it('gives a page without a head (or no page) a standard one: no quirks mode', () => {
    expect(cutAtHead('')).toEqual({ head: '<!doctype html><html><head>', rest: '' });
  });
});

describe('the prepare script', () => {
  it('is a same-origin script under the worker scope, named by the client id', () => {
    expect(prepareScriptUrl('http://127.0.0.1:5173/', 'a b/c')).toBe(
      'http://127.0.0.1:5173/__sim-phone/prepare.js?client=a%20b%2Fc',
    );
    expect(prepareScriptTag('http://127.0.0.1:5173/app/', 'id-1')).toBe(
      '<script src="http://127.0.0.1:5173/app/__sim-phone/prepare.js?client=id-1"></script>',
    );
  });

  it('asks the parent to prepare the window, or tells the worker it is no phone', () => {
    const run = (parentHook: unknown, posted: unknown[]) => {
      const frame = {
        parent: { [PREPARE_HOOK]: parentHook },
        navigator: {
          serviceWorker: { controller: { postMessage: (m: unknown) => posted.push(m) } },
        },
      };
      new Function('window', 'navigator', prepareScript('c"1'))(frame, frame.navigator);
      return frame;
    };
    const prepared: unknown[] = [];
    const posted: unknown[] = [];
    const frame = run((w: unknown, id: string) => prepared.push([w, id]) > 0, posted);
    expect(prepared).toEqual([[frame, 'c"1']]);
    expect(posted).toEqual([]);

    const alone: unknown[] = [];
    run(undefined, alone);
    expect(alone).toEqual([{ type: 'sim-phone:none', clientId: 'c"1' }]);
  });
});

describe('noConnectionRest', () => {
  it('is the webview error page: marked, with the URL escaped and the error code, no script', () => {
    const rest = noConnectionRest('http://x/<b>?a=1&b=2', 'net::ERR_INTERNET_DISCONNECTED');
    expect(rest).toContain(`<meta name="${NO_CONNECTION_MARK}"`);
    expect(rest).toContain('Webpage not available');
    expect(rest).toContain('http://x/&lt;b&gt;?a=1&amp;b=2');
    expect(rest).toContain('net::ERR_INTERNET_DISCONNECTED');
    expect(rest).not.toMatch(/<script/i);
    expect(rest).toMatch(/<\/head>[\s\S]*<body>[\s\S]*<\/html>\s*$/);
  });
});
