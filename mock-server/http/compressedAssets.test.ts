import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedAssets } from './compressedAssets';

let dir: string;
let server: http.Server;
let origin: string;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;

beforeAll(async () => {
  const parent = await mkdtemp(path.join(tmpdir(), 'dl-gzip-'));
  dir = path.join(parent, 'web');
  await mkdir(dir);
  await writeFile(path.join(dir, 'app.js'), script);
  await writeFile(path.join(dir, 'logo.png'), 'not really a png');
  await writeFile(path.join(parent, 'secret.js'), 'secret');
  const app = express();
  app.use(compressedAssets(dir));
  app.use((_req, res) => void res.status(404).send('fell through'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(path.dirname(dir), { recursive: true, force: true });
});

/** Raw GET (no automatic decompression), so the test sees the bytes on the wire. */
function get(route: string, encoding?: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.get(
        `${origin}${route}`,
        { headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

describe('compressedAssets', () => {
  it('sends scripts as brotli to browsers that accept it, smaller than gzip', async () => {
    const res = await get('/app.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers.etag).toMatch(/^"br-/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.byteLength).toBeLessThanOrEqual((await get('/app.js', 'gzip')).body.byteLength);
    // A client that refuses brotli gets gzip.
    expect((await get('/app.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends scripts gzipped to browsers that accept gzip only, with the right type', async () => {
    const res = await get('/app.js', 'gzip, deflate');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.body.byteLength).toBeLessThan(script.length / 10);
    expect(gunzipSync(res.body).toString()).toBe(script);
    // Served again from memory: same bytes.
    expect((await get('/app.js', 'gzip')).body).toEqual(res.body);
  });

  it('answers a conditional request for an unchanged file with 304 and no body', async () => {
    const first = await get('/app.js', 'gzip');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"gzip-/);
    const again = await get('/app.js', 'gzip', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    const since = first.headers['last-modified'] as string;
    expect((await get('/app.js', 'gzip', { 'if-modified-since': since })).status).toBe(304);
    expect((await get('/app.js', 'gzip', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('leaves other requests to the next handler', async () => {
    expect((await get('/app.js')).body.toString()).toBe('fell through');
    expect((await get('/logo.png', 'gzip')).body.toString()).toBe('fell through');
    expect((await get('/missing.js', 'gzip')).body.toString()).toBe('fell through');
  });

  it('never serves a file outside its root', async () => {
    const res = await get('/%2e%2e/secret.js', 'gzip');
    expect(res.body.toString()).toBe('fell through');
  });
});
