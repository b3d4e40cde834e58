import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../app';
import { MEDIA_DIR, mediaOriginFor, withMediaOrigin } from './media';
import { admin } from '@tests/support/mock-server/testHarness';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');

/** Every picture URL the fixtures name (ads, banners, channel icons and logos). */
function pictureUrls(): string[] {
  const files = [
    path.join(fixtures, 'reference/repay-channels.json'),
    ...readdirSync(path.join(fixtures, 'scenarios')).map((f) =>
      path.join(fixtures, 'scenarios', f),
    ),
  ];
  const urls = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /"(?:picUrl|icon|logo)":\s*"([^"]+)"/g,
    )) {
      urls.add(match[1] as string);
    }
  }
  return [...urls];
}

describe('fixture pictures', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await createMockServer();
  });
  afterAll(() => server.close());

  it('every picture a fixture names is a /media/ file the server has, as SVG', async () => {
    const urls = pictureUrls();
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      expect(url, 'no fixture points at an unreachable CDN').toMatch(/^\/media\//);
      const answer = await fetch(`${server.url}${url}`);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      // Opened on its own, a picture runs nothing and is never sniffed as a page.
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(await answer.text()).toContain('<svg');
    }
  });

  it('a missing picture is a 404 and nothing outside the folder is served', async () => {
    expect((await fetch(`${server.url}/media/ads/none.svg`)).status).toBe(404);
    const traversal = await fetch(`${server.url}/media/..%2f..%2fpackage.json`);
    expect([403, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('"name"');
  });

  it('answers name the pictures on the origin the server was given (the Electron phone’s)', async () => {
    const onApp = await createMockServer({ mediaOrigin: 'app://simulator' });
    try {
      await admin(onApp, 'PUT', 'scenario', { name: 'unread-all' });
      const res = await admin(onApp, 'POST', 'call', {
        path: 'advertisement/loadAdvertisement',
        data: {},
      });
      const pictures = JSON.stringify(await res.json()).match(/"picUrl":"[^"]*"/g) ?? [];
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures)
        expect(picture).toMatch(/"picUrl":"app:\/\/simulator\/media\//);
    } finally {
      await onApp.close();
    }
  });

  it('folder is the fixtures folder', () => {
    expect(MEDIA_DIR).toBe(path.join(fixtures, 'assets'));
  });
});

describe('withMediaOrigin', () => {
  it('makes origin-relative media URLs absolute and leaves everything else', () => {
    const answer = {
      list: [{ picUrl: '/media/ads/a.svg', link: '/event/x' }],
      icon: '/media/channels/bdo-icon.svg',
      n: 3,
      none: null,
    };
    expect(withMediaOrigin(answer, 'http://127.0.0.1:4010')).toEqual({
      list: [{ picUrl: 'http://127.0.0.1:4010/media/ads/a.svg', link: '/event/x' }],
      icon: 'http://127.0.0.1:4010/media/channels/bdo-icon.svg',
      n: 3,
      none: null,
    });
  });
});

describe('mediaOriginFor', () => {
  const own = 'http://127.0.0.1:4010';
  const served = new Set([own, 'http://localhost:4010', 'http://127.0.0.1:5173']);

  it('names pictures on the page’s own origin when it is a served one or a harness phone', () => {
    expect(mediaOriginFor('127.0.0.1:4010', own, served)).toBe(own);
    // A dev server proxying to this one, and a harness phone on its port.
    expect(mediaOriginFor('127.0.0.1:5173', own, served)).toBe('http://127.0.0.1:5173');
    expect(mediaOriginFor('w-abc-lender.localhost:5173', own, served)).toBe(
      'http://w-abc-lender.localhost:5173',
    );
    expect(mediaOriginFor('w-abc-web.harness.localhost:4010', own, served)).toBe(
      'http://w-abc-web.harness.localhost:4010',
    );
  });

  it('falls back to the server’s own origin for any other name', () => {
    for (const host of ['evil.localhost:4010', 'w-abc-lender.localhost:9', '[::1]:4010', '']) {
      expect(mediaOriginFor(host, own, served), host).toBe(own);
    }
    expect(mediaOriginFor(undefined, own, served)).toBe(own);
  });
});
