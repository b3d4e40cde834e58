/** What `npm run mock -- --web DIR` sends with the app: security headers and cache policy. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../app';
import { startServer } from '@tests/support/mock-server/testHarness';
import { IMMUTABLE, REVALIDATE, SHORT_CACHE } from './webApp';

const INLINE = 'window.__base = "/";';
let server: MockServer;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-headers-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script></head><body></body></html>`,
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'icon-192.png'), 'not really a png');
  server = await startServer({ webDir: dir });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A raw GET (node:http): fetch would turn a request with If-None-Match into a `no-store` one and
 * add `Cache-Control: no-cache`, which no server may answer with 304.
 */
function get(route: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.get(`${server.url}${route}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      });
      req.on('error', reject);
    },
  );
}

describe('--web headers', () => {
  it.each(['/', '/index.html', '/bill/detail'])(
    '%s: CSP with the inline hashes, nosniff, frame policy',
    async (route) => {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const hash = createHash('sha256').update(INLINE).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each([
    ['/', 'the page'],
    ['/index.html', 'the page'],
    ['/bill/detail', 'a history-fallback route'],
    ['/app-config.json', 'the config'],
  ])('%s (%s): no-cache with a validator, and 304 when unchanged', async (route) => {
    const first = await get(route);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(REVALIDATE);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(route, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(REVALIDATE);
    if (route !== '/app-config.json') {
      // The page's Last-Modified is index.html's; the config is made per server (ETag only).
      const modified = first.headers['last-modified'] as string;
      expect(modified).toBeTruthy();
      expect((await get(route, { 'if-modified-since': modified })).status).toBe(304);
    }
  });

  it('hashed assets: immutable for a year, gzipped or not, each variant with its own ETag', async () => {
    const etags = new Set<string>();
    for (const encoding of ['gzip', 'identity']) {
      const route = '/assets/index-abc123.js';
      const res = await get(route, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      etags.add(etag);
      const again = await get(route, { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    expect(etags.size).toBe(2);
  });

  it.each([
    ['/favicon.svg', 'gzip'],
    ['/favicon.svg', 'identity'],
    ['/icon-192.png', 'gzip'],
  ])('unhashed %s (%s): a short cache, then 304 when unchanged', async (route, encoding) => {
    const res = await get(route, { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(SHORT_CACHE);
    expect(res.headers['last-modified']).toBeTruthy();
    const etag = res.headers.etag as string;
    const again = await get(route, { 'accept-encoding': encoding, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe(SHORT_CACHE);
    const since = res.headers['last-modified'] as string;
    expect(
      (await get(route, { 'accept-encoding': encoding, 'if-modified-since': since })).status,
    ).toBe(304);
  });

  it('a missing asset is a 404 nobody keeps', async () => {
    const res = await get('/assets/index-gone999.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age/);
  });
});

describe('--web framing on a phone origin', () => {
  it('lets only the harness on this loopback port frame a phone origin’s pages', async () => {
    const port = new URL(server.url).port;
    for (const route of ['/', '/bill/detail', '/favicon.svg']) {
      const phone = await get(route, { Host: `w-abc-lender.localhost:${port}` });
      expect(phone.status).toBe(200);
      expect(phone.headers['x-frame-options']).toBeUndefined();
      expect(phone.headers['content-security-policy']).toContain(
        `frame-ancestors 'self' http://127.0.0.1:${port} http://localhost:${port}`,
      );
      // Any other host (the app's own origin, another *.localhost name): only itself.
      const other = await get(route, { Host: `evil.localhost:${port}` });
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(other.headers['content-security-policy'] ?? '').not.toContain('127.0.0.1');
      // A same-site phone (under harness.localhost): only the harness on that name.
      const sameSite = await get(route, { Host: `w-abc-lender.harness.localhost:${port}` });
      expect(sameSite.headers['content-security-policy']).toContain(
        `frame-ancestors 'self' http://harness.localhost:${port}`,
      );
      expect(sameSite.headers['content-security-policy']).not.toContain('127.0.0.1');
    }
  });
});

describe('--web app config on a phone origin', () => {
  it('points a phone at its own origin, and anything else at the server’s', async () => {
    const port = new URL(server.url).port;
    const phone = await get('/app-config.json', { Host: `w-abc-web.localhost:${port}` });
    expect(JSON.parse(phone.body).apiBase.main).toBe(`http://w-abc-web.localhost:${port}/main/`);
    for (const host of [`evil.localhost:${port}`, `w-abc-web.localhost:1`, 'example.com']) {
      const other = await get('/app-config.json', { Host: host });
      if (other.status !== 200) continue; // The Host gate refused it: nothing to point anywhere.
      expect(JSON.parse(other.body).apiBase.main).toBe(`${server.url}/main/`);
    }
  });
});
