import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/appConfig';
import { APP_ORIGIN, createAppHandler, routeAppUrl } from './appProtocol';

const root = resolve('/srv/renderer');
const mock = 'http://127.0.0.1:4567';

describe('app:// routing', () => {
  it.each([
    ['app://simulator/', join(root, 'index.html')],
    ['app://simulator/bill/detail?id=1', join(root, 'index.html')],
    ['app://simulator/assets/index-abc.js', join(root, 'assets/index-abc.js')],
    ['app://simulator/harness.html?runtime=electron', join(root, 'harness.html')],
  ])('%s serves %s', (url, path) => {
    expect(routeAppUrl(url, root, mock)).toMatchObject({ kind: 'file', path });
  });

  it('refuses paths escaping the renderer folder and other hosts', () => {
    expect(routeAppUrl('app://simulator/..%2F..%2Fetc%2Fpasswd.txt', root, mock).kind).toBe(
      'not-found',
    );
    expect(routeAppUrl('app://evil/index.html', root, mock).kind).toBe('not-found');
    expect(routeAppUrl('app://simulator/api/admin/x', root, mock).kind).toBe('not-found');
  });

  it('forwards API paths still encoded, so an encoded ../ never reaches the admin API', () => {
    const route = routeAppUrl('app://simulator/api/main/..%2f__admin%2fscenarios', root, mock);
    expect(route).toEqual({ kind: 'api', target: `${mock}/main/..%2f__admin%2fscenarios` });
    // What the mock server then sees is one unknown path segment under /main/, not /__admin.
    expect(new URL((route as { target: string }).target).pathname).toBe(
      '/main/..%2f__admin%2fscenarios',
    );
  });

  it('answers a malformed escape with 400 instead of throwing', async () => {
    expect(routeAppUrl('app://simulator/%E0%A4%A', root, mock).kind).toBe('bad-request');
    const handler = createAppHandler({
      root,
      mockUrl: mock,
      csp: () => '',
      readFile: async () => new Uint8Array(),
      fetch: async () => new Response('{}'),
    });
    expect((await handler(new Request('app://simulator/%E0%A4%A'))).status).toBe(400);
  });

  it('proxies the three API hosts to the mock server', () => {
    expect(routeAppUrl('app://simulator/api/channel/app/x?hk', root, mock)).toEqual({
      kind: 'api',
      target: `${mock}/channel/app/x?hk`,
    });
  });
});

describe('app:// handler', () => {
  const page =
    '<html><script>var a = 1;</script><button onclick="go(&quot;x&quot;)">b</button></html>';
  const files: Record<string, string> = { [join(root, 'index.html')]: page };
  const forwarded: { url: string; init: RequestInit }[] = [];
  let offline = false;
  const handler = createAppHandler({
    root,
    mockUrl: mock,
    csp: (hashes) => `default-src 'self'; script-src 'self' ${hashes.join(' ')}`,
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error('ENOENT');
      return new TextEncoder().encode(text);
    },
    fetch: async (url, init) => {
      forwarded.push({ url, init });
      return Response.json({ code: 200 });
    },
    isOffline: () => offline,
  });

  it('serves HTML with a CSP allowing exactly its inline code, 404 for a missing file', async () => {
    const answer = await handler(new Request('app://simulator/repay'));
    expect(await answer.text()).toBe(page);
    const { createHash } = await import('node:crypto');
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(answer.headers.get('content-security-policy')).toBe(
      `default-src 'self'; script-src 'self' 'unsafe-hashes' ${hash('var a = 1;')} ${hash('go("x")')}`,
    );
    expect((await handler(new Request('app://simulator/missing.js'))).status).toBe(404);
  });

  it('answers app-config.json pointing at its own origin', async () => {
    const config = appConfigSchema.parse(
      await (await handler(new Request('app://simulator/app-config.json'))).json(),
    );
    expect(config.apiBase.main).toBe(`${APP_ORIGIN}/api/main/`);
  });

  it('forwards API calls with their token headers and body, and fails them offline', async () => {
    const request = new Request('app://simulator/api/main/user/userInfo', {
      method: 'POST',
      headers: { token: 'T', deviceId: 'D-h5', 'Content-Type': 'application/json', cookie: 'x' },
      body: '{"v":1}',
    });
    const answer = await handler(request);
    expect(await answer.json()).toEqual({ code: 200 });
    const sent = forwarded.at(-1)!;
    expect(sent.url).toBe(`${mock}/main/user/userInfo`);
    const headers = sent.init.headers as Headers;
    expect(headers.get('token')).toBe('T');
    expect(headers.get('deviceid')).toBe('D-h5');
    expect(headers.get('cookie')).toBeNull();
    expect(new TextDecoder().decode(sent.init.body as ArrayBuffer)).toBe('{"v":1}');
    offline = true;
    const dropped = await handler(new Request('app://simulator/api/main/x', { method: 'POST' }));
    expect(dropped.type).toBe('error');
    offline = false;
  });

  it('offline: a page is the webview’s "Webpage not available", everything else a network error', async () => {
    offline = true;
    try {
      const sent = forwarded.length;
      for (const url of ['app://simulator/', 'app://simulator/bill/detail?id=1']) {
        const answer = await handler(new Request(url));
        expect(answer.status).toBe(200);
        const text = await answer.text();
        expect(text).toContain('<title>Webpage not available</title>');
        expect(text).toContain(url.replace('&', '&amp;'));
        expect(text).toContain('net::ERR_INTERNET_DISCONNECTED');
        expect(text).not.toContain('<script');
      }
      for (const url of [
        'app://simulator/app-config.json',
        'app://simulator/assets/index-abc.js',
        'app://simulator/media/ads/a.svg',
      ]) {
        expect((await handler(new Request(url))).type, url).toBe('error');
      }
      expect(forwarded).toHaveLength(sent);
    } finally {
      offline = false;
    }
    expect(await (await handler(new Request('app://simulator/'))).text()).toBe(page);
  });

  it('proxies the fixture pictures, with their type and sandbox but not the server’s encoding', async () => {
    const pictures = createAppHandler({
      root,
      mockUrl: mock,
      readFile: async () => new Uint8Array(),
      fetch: async (url, init) => {
        forwarded.push({ url, init });
        return new Response('<svg/>', {
          headers: {
            'Content-Type': 'image/svg+xml',
            'Content-Encoding': 'gzip',
            'Content-Length': '999',
            'Content-Security-Policy': "default-src 'none'; sandbox",
          },
        });
      },
    });
    const answer = await pictures(new Request('app://simulator/media/ads/a.svg'));
    expect(forwarded.at(-1)?.url).toBe(`${mock}/media/ads/a.svg`);
    expect(await answer.text()).toBe('<svg/>');
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(
      (await pictures(new Request('app://simulator/media/a.svg', { method: 'POST', body: 'x' })))
        .status,
    ).toBe(405);
  });

  it('serves a bundle that carries its own policy as it was built: no header, same bytes', async () => {
    const built = new TextEncoder().encode(page);
    const phone = createAppHandler({
      root,
      mockUrl: mock,
      readFile: async () => built,
      fetch: async () => new Response('{}'),
    });
    const answer = await phone(new Request('app://simulator/'));
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(built);
  });
});
