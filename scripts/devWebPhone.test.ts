import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@shared/simWorld';
import { type DevWeb, startDevWeb } from './dev-web';

/** A raw GET with the `Host` a phone's frame would send; the body as bytes. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run dev:web serves the phone the bundle as built', () => {
  let dir: string;
  let dev: DevWeb;
  let port: string;
  /** Bytes a transform would touch: an inline script, a CSP meta, a module, non-UTF-8 bytes. */
  const page =
    '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="x">' +
    '<script>window.early = 1</script></head><body><script type="module" src="./assets/a.b.js">' +
    '</script></body></html>';
  const script = Buffer.from([0x2f, 0x2f, 0xff, 0xfe, 0x0a, 0x69, 0x6d, 0x70, 0x6f, 0x72, 0x74]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dev-web-phone-'));
    await mkdir(path.join(dir, 'bundle/assets'), { recursive: true });
    await writeFile(path.join(dir, 'bundle/index.html'), page);
    await writeFile(path.join(dir, 'bundle/assets/a.b.js'), script);
    dev = await startDevWeb({
      port: 0,
      dataDir: path.join(dir, 'data'),
      quiet: true,
      phoneApp: { kind: 'built', dir: path.join(dir, 'bundle') },
    });
    port = new URL(dev.appUrl).port;
  }, 60_000);

  afterAll(async () => {
    await dev?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the app’s page and its routes with index.html’s bytes, untouched', async () => {
    for (const route of ['/', '/index.html', '/bill', '/repay/confirm?x=1']) {
      const answer = await get(new URL(route, dev.appUrl).href, {
        host: `w-abc-lender.localhost:${port}`,
      });
      expect(answer.status, route).toBe(200);
      expect(answer.body.equals(Buffer.from(page)), route).toBe(true);
    }
  });

  it('answers the bundle’s files byte for byte, and a missing one with 404', async () => {
    const answer = await get(new URL('/assets/a.b.js', dev.appUrl).href);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(script)).toBe(true);
    expect((await get(new URL('/assets/missing.js', dev.appUrl).href)).status).toBe(404);
  });

  it('gives each page the API on its own origin, which the bundle’s CSP allows', async () => {
    const config = async (host: string) =>
      JSON.parse(
        (await get(new URL('/app-config.json', dev.appUrl).href, { host })).body.toString(),
      ) as { apiBase: { main: string; channel: string; hk: string } };
    const phone = `w-abc-web.harness.localhost:${port}`;
    expect((await config(phone)).apiBase).toEqual({
      main: `http://${phone}/main/`,
      channel: `http://${phone}/channel/`,
      hk: `http://${phone}/hk/`,
    });
    expect((await config(`127.0.0.1:${port}`)).apiBase.main).toBe(`http://127.0.0.1:${port}/main/`);
    // …which reaches the mock server through the dev server.
    const scenarios = await get(new URL('/__admin/scenarios', dev.appUrl).href, {
      [ADMIN_TOKEN_HEADER]: dev.mock.adminToken,
    });
    expect(scenarios.status).toBe(200);
    expect(JSON.parse(scenarios.body.toString()).scenarios.length).toBeGreaterThan(0);
  });

  it('says on harness.html where the phone’s app comes from', async () => {
    const harness = (await get(new URL('/harness.html', dev.appUrl).href)).body.toString();
    expect(harness).toContain('<meta name="direct-loan-phone-bundle" content="shipped" />');
    // The harness itself stays Vite's dev page (HMR for the panel).
    expect(harness).toContain('/@vite/client');
  });

  it('keeps the bundle out of harness-only paths', async () => {
    const relay = await get(new URL('/phone.html', dev.appUrl).href, {
      host: `w-abc-lender.localhost:${port}`,
    });
    expect(relay.body.toString()).toContain('phoneRelay/main.ts');
    const worker = await get(new URL('/phone-sw.js', dev.appUrl).href);
    expect(worker.status).toBe(200);
    expect(String(worker.headers['content-type'])).toContain('javascript');
  });
});

describe('npm run dev:web -- --phone=hmr', () => {
  let dir: string;
  let dev: DevWeb;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dev-web-dev-phone-'));
    dev = await startDevWeb({
      port: 0,
      dataDir: dir,
      quiet: true,
      phoneApp: { kind: 'dev-server' },
    });
  }, 60_000);

  afterAll(async () => {
    await dev?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the phone Vite’s dev page, and harness.html says so', async () => {
    const port = new URL(dev.appUrl).port;
    expect(dev.phoneBundleDir).toBeNull();
    const app = (
      await get(new URL('/bill', dev.appUrl).href, { host: `w-abc-lender.localhost:${port}` })
    ).body.toString();
    expect(app).toContain('/@vite/client');
    expect(app).toContain('src/main.tsx');
    const harness = (await get(new URL('/harness.html', dev.appUrl).href)).body.toString();
    expect(harness).toContain('<meta name="direct-loan-phone-bundle" content="dev-server" />');
  });
});
