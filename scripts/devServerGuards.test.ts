import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { isFileLoadingAllowed, resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_FILE } from '../mock-server/crypto/serverIdentity';
import { type DevWeb, startDevWeb } from './dev-web';
import { devServerGuards, framingHeaders } from './devServerGuards';

const root = path.resolve(import.meta.dirname, '..');

describe('the dev server guards, read by Vite itself', () => {
  it('serve the sources and dependencies, never data dirs, identities, keys or .git', async () => {
    const dataDir = path.join(root, 'node_modules/.cache/direct-loan-mock');
    const config = await resolveConfig(
      {
        configFile: false,
        root: path.join(root, 'src/renderer'),
        logLevel: 'silent',
        server: devServerGuards({ root, port: 5173, dataDir }),
      },
      'serve',
    );
    const allowed = (file: string) => isFileLoadingAllowed(config, path.join(root, file));
    expect(allowed('src/renderer/harness.html')).toBe(true);
    expect(allowed('src/shared/appPath.ts')).toBe(true);
    expect(allowed('src/host/HostCore.ts')).toBe(true);
    expect(allowed('node_modules/react/index.js')).toBe(true);
    expect(allowed(`node_modules/.cache/direct-loan-mock/${IDENTITY_FILE}`)).toBe(false);
    expect(allowed(`.mock-data/${IDENTITY_FILE}`)).toBe(false);
    expect(allowed('.mock-data/worlds/default.json')).toBe(false);
    expect(allowed(`src/renderer/${IDENTITY_FILE}`)).toBe(false);
    expect(allowed('src/renderer/.env.local')).toBe(false);
    expect(allowed('src/renderer/tls.key')).toBe(false);
    expect(allowed('.git/config')).toBe(false);
    expect(allowed('package.json')).toBe(false);
    expect(allowed('mock-server/app.ts')).toBe(false);
    expect(allowed('fixtures/scenarios/repaying.json')).toBe(false);
  });
});

/** A raw request, so that `Host` and `Origin` say what an attacker's page would send. */
function send(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('who may frame a page of the dev server', () => {
  it('lets a phone be framed by its own harness only, and everything else by itself', () => {
    expect(framingHeaders('w-abc-lender.localhost:5173')).toEqual({
      'Content-Security-Policy':
        "frame-ancestors 'self' http://127.0.0.1:5173 http://localhost:5173",
    });
    expect(framingHeaders('w-abc-web.harness.localhost:5173')).toEqual({
      'Content-Security-Policy': "frame-ancestors 'self' http://harness.localhost:5173",
    });
    for (const host of ['127.0.0.1:5173', 'harness.localhost:5173', 'evil.localhost:5173', '']) {
      expect(framingHeaders(host), host).toEqual({
        'Content-Security-Policy': "frame-ancestors 'self'",
        'X-Frame-Options': 'SAMEORIGIN',
      });
    }
    expect(framingHeaders(undefined)['X-Frame-Options']).toBe('SAMEORIGIN');
  });
});

describe('npm run dev:web against a page on another local port', () => {
  const dataDir = path.join(root, '.mock-data', `dev-web-guards-${process.pid}`);
  let dev: DevWeb;

  beforeAll(async () => {
    await mkdir(dataDir, { recursive: true });
    // A stand-in bundle: these tests are about the guards, not the app.
    await writeFile(path.join(dataDir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dataDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    dev = await startDevWeb({
      port: 0,
      mockPort: 0,
      dataDir,
      quiet: true,
      phoneApp: { kind: 'built', dir: dataDir },
    });
  }, 60_000);

  afterAll(async () => {
    await dev?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never serves the mock server’s identity file', async () => {
    const identity = path.join(dataDir, IDENTITY_FILE);
    expect(existsSync(identity)).toBe(true);
    const secret = await readFile(identity, 'utf8');
    const answer = await send(new URL(`/@fs${identity}`, dev.appUrl).href, 'GET');
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(secret.slice(0, 40));
    const outside = await send(
      new URL(`/@fs${path.join(root, 'package.json')}`, dev.appUrl).href,
      'GET',
    );
    expect(outside.status).toBe(403);
    // What the harness needs is still served.
    expect((await send(new URL('harness.html', dev.appUrl).href, 'GET')).status).toBe(200);
  });

  it('answers CORS for its own origin only', async () => {
    const own = new URL(dev.appUrl).origin;
    const preflight = (origin: string) =>
      send(new URL('src/main.tsx', dev.appUrl).href, 'OPTIONS', {
        origin,
        'access-control-request-method': 'GET',
      });
    const foreign = await preflight('http://localhost:9');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const ownAnswer = await preflight(own);
    expect(ownAnswer.headers['access-control-allow-origin']).toBe(own);
    const phone = `http://w-abc123def456-web.localhost:${new URL(own).port}`;
    expect((await preflight(phone)).headers['access-control-allow-origin']).toBe(phone);
    const near = `http://evil.localhost:${new URL(own).port}`;
    expect((await preflight(near)).headers['access-control-allow-origin']).toBeUndefined();
    // The same middleware answers every path: here a file of the served bundle, sent as it is.
    const read = (origin: string) =>
      send(new URL('favicon.svg', dev.appUrl).href, 'GET', { origin });
    const foreignRead = await read('http://127.0.0.1:9');
    expect(foreignRead.status).toBe(200);
    expect(foreignRead.headers['access-control-allow-origin']).toBeUndefined();
    expect((await read(own)).headers['access-control-allow-origin']).toBe(own);
  });

  it('lets no page on another port frame the harness, the phone relay or the app', async () => {
    const port = new URL(dev.appUrl).port;
    // harness.html holds the admin token: framed by itself only (the matrix's cells).
    for (const host of [`127.0.0.1:${port}`, `harness.localhost:${port}`]) {
      const harness = await send(new URL('harness.html', dev.appUrl).href, 'GET', { host });
      expect(harness.status).toBe(200);
      expect(harness.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(harness.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    }
    // A phone's relay and app: by that phone's harness, on this port, nobody else.
    for (const page of ['phone.html', '', 'bill']) {
      const crossSite = await send(new URL(page, dev.appUrl).href, 'GET', {
        host: `w-abc123-lender.localhost:${port}`,
      });
      expect(crossSite.status, page).toBe(200);
      expect(crossSite.headers['content-security-policy']).toBe(
        `frame-ancestors 'self' http://127.0.0.1:${port} http://localhost:${port}`,
      );
      const sameSite = await send(new URL(page, dev.appUrl).href, 'GET', {
        host: `w-abc123-lender.harness.localhost:${port}`,
      });
      expect(sameSite.headers['content-security-policy']).toBe(
        `frame-ancestors 'self' http://harness.localhost:${port}`,
      );
    }
  });

  it('refuses a Host that is not a loopback name', async () => {
    const answer = await send(new URL('harness.html', dev.appUrl).href, 'GET', {
      host: 'evil.example',
    });
    expect(answer.status).toBe(403);
  });
});
