/**
 * Answers that cannot go out, against real sockets on port 0 (DESIGN.md §6): sockets that pipeline
 * GETs of a static file and never read must not hold the server's memory or its connection slots.
 * One request per connection is handled at a time, a pipeline deeper than the limit is closed, an
 * answer that stops draining is cut, and an honest client gets through all along.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../app';
import { startServer } from '@tests/support/mock-server/testHarness';

/** Bigger than what the kernel's socket buffers take on loopback, so the server's side fills. */
const ASSET_BYTES = 8 * 1024 * 1024;
const ASSET = '/assets/entry-0a1b2c3d.js';
const CAP = 16;

let webDir: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'mock-pipeline-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(webDir, ASSET.slice(1)), 'x'.repeat(ASSET_BYTES));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

/** `count` pipelined GETs of the asset (no Accept-Encoding: the file is streamed). */
const pipelined = (count: number) =>
  `GET ${ASSET} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(count);

/** A socket that sends `text` and then never reads; resolves once it is sent. */
function neverReads(server: MockServer, text: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.pause();
      socket.write(text, () => resolve(socket));
    });
    socket.on('error', () => {});
    sockets.push(socket);
  });
}

/**
 * Whether the server has closed `socket`. A paused socket learns it only by writing: a blank line
 * (which HTTP/1.1 servers skip between requests) fails once the server's reset has come back.
 */
function closedByServer(socket: Socket): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    socket.write('\r\n', (error) => resolve(Boolean(error) || socket.destroyed));
  });
}

async function honestGet(server: MockServer): Promise<number> {
  const res = await fetch(`${server.url}/app-config.json`, {
    headers: { connection: 'close' },
    signal: AbortSignal.timeout(8_000),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('answers that do not go out', () => {
  it('closes a connection that pipelines more requests than the limit', async () => {
    const server = await startServer({ webDir, connectionLimits: { maxPipelined: 4 } });
    try {
      const greedy = await neverReads(server, pipelined(30));
      await expect.poll(() => closedByServer(greedy), { timeout: 10_000 }).toBe(true);
      expect(await honestGet(server)).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('still answers a short pipeline, in order, to a client that reads', async () => {
    const server = await startServer({ webDir });
    try {
      const socket = connect(server.port, '127.0.0.1');
      sockets.push(socket);
      const paths = ['/app-config.json', '/no-such-file.png', '/app-config.json'];
      socket.write(paths.map((p) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      await expect
        .poll(() => text.match(/HTTP\/1\.1 \d{3}/g)?.join(' '), { timeout: 10_000 })
        .toBe('HTTP/1.1 200 HTTP/1.1 404 HTTP/1.1 200');
    } finally {
      await server.close();
    }
  });

  it('cuts answers that stop draining and lets an honest client in past the cap', async () => {
    const server = await startServer({
      webDir,
      connectionLimits: {
        maxConnections: CAP,
        maxPipelined: 8,
        stuckAfterMs: 300,
        drainTimeoutMs: 1_500,
        checkEveryMs: 100,
      },
    });
    try {
      // Every slot taken by a reader that stopped reading, each with a pipeline behind it.
      const stuck = await Promise.all(
        Array.from({ length: CAP }, () => neverReads(server, pipelined(8))),
      );
      await expect.poll(() => server.connections.count, { timeout: 10_000 }).toBe(CAP);
      for (let i = 0; i < 3; i += 1) expect(await honestGet(server)).toBe(200);
      // One file stream at a time per connection: what waits behind it holds nothing.
      expect(server.connections.unsentBytes).toBeLessThan(CAP * 1024 * 1024);
      for (const socket of stuck) {
        await expect.poll(() => closedByServer(socket), { timeout: 10_000 }).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});
