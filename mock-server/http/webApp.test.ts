/** What `npm run mock -- --web DIR` sends with the app: security headers and cache policy. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../app';
import { startServer } from './testHarness';

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
  server = await startServer({ webDir: dir });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

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

  it('hashed assets are immutable for a year, gzipped or not', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const res = await fetch(`${server.url}/assets/index-abc123.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('app-config.json and unhashed files revalidate', async () => {
    expect((await fetch(`${server.url}/app-config.json`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await fetch(`${server.url}/favicon.svg`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
  });
});
