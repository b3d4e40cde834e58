/**
 * Slow and idle connections against real sockets on port 0 (DESIGN.md §6): more slow sockets than
 * the connection cap do not lock an honest client out, and slow headers and bodies are dropped
 * in about a second, not after Node's 300 s (or its 30 s checking interval).
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../app';
import { startServer } from '@tests/support/mock-server/testHarness';

const CAP = 24;
let server: MockServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer({
    headersTimeoutMs: 600,
    connectionLimits: { maxConnections: CAP, slowBodyGraceMs: 400, checkEveryMs: 100 },
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.close();
});

/** A connection (from local address `from`) that has sent `text` and then stalls. */
function stall(text: string, port = server.port, from?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(text);
      resolve(socket);
    });
    socket.on('error', () => {});
    // Read what comes (a 408, the end), so a close by the server is seen here.
    socket.resume();
    socket.once('error', reject);
    sockets.push(socket);
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) resolve();
    else socket.once('close', () => resolve());
  });
}

/** Resolves once `condition` holds (checked every 10 ms; the test's timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const partialHeaders = `GET /app-config.json HTTP/1.1\r\nHost: 127.0.0.1:1\r\nX-Slow: `;
const slowBody = (port: number) =>
  `POST /main/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  'Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"v":';

describe('connections', () => {
  it('more slow sockets than the cap still let every honest request through', async () => {
    const slow = await Promise.all(
      Array.from({ length: CAP * 2 }, (_, i) =>
        stall(i % 2 ? partialHeaders : slowBody(server.port)),
      ),
    );
    for (let i = 0; i < 5; i += 1) {
      // A fresh connection each time, as a new phone would open.
      const res = await fetch(`${server.url}/app-config.json`, {
        headers: { connection: 'close' },
      });
      expect(res.status).toBe(200);
    }
    expect(server.connections.count).toBeLessThanOrEqual(CAP);
    expect(server.connections.evicted).toBeGreaterThan(0);
    await Promise.all(slow.map(closed));
  });

  it("keeps an honest client's idle keep-alive connection while slow ones come", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(`${server.url}/app-config.json`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect((await get()).status).toBe(200);
      const evictedBefore = server.connections.evicted;
      const slow = await Promise.all(Array.from({ length: CAP + 4 }, () => stall(partialHeaders)));
      // Wait until the server has taken every slow socket in (it had to evict for the last ones).
      await until(() => server.connections.evicted >= evictedBefore + 4);
      expect(await get()).toEqual({ status: 200, reused: true });
      for (const socket of slow) socket.destroy();
    } finally {
      agent.destroy();
    }
  });

  it('keeps an honest client with two connections against slow sockets from many addresses', async () => {
    // 600 slow sockets from 600 loopback addresses made the honest client, with two
    // connections, "the busiest address": its idle keep-alive sockets went first.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(`${server.url}/app-config.json`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      // Two connections at once, then both idle and kept alive.
      expect((await Promise.all([get(), get()])).map((r) => r.status)).toEqual([200, 200]);
      const evictedBefore = server.connections.evicted;
      const slow = await Promise.all(
        Array.from({ length: CAP + 4 }, (_, i) =>
          stall(partialHeaders, server.port, `127.0.1.${i + 1}`),
        ),
      );
      await until(() => server.connections.evicted >= evictedBefore + 4);
      expect(await Promise.all([get(), get()])).toEqual([
        { status: 200, reused: true },
        { status: 200, reused: true },
      ]);
      for (const socket of slow) socket.destroy();
    } finally {
      agent.destroy();
    }
  });

  it('drops idle headers and slow bodies within about a second', async () => {
    const headers = await stall(partialHeaders);
    const body = await stall(slowBody(server.port));
    const started = Date.now();
    await Promise.all([closed(headers), closed(body)]);
    // headersTimeout 600 ms, slow bodies cut after 400 ms; Node checks every second.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps a body that arrives at an honest pace', async () => {
    const answer = await fetch(`${server.url}/main/no/such/path`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: 'x'.repeat(30_000), userBaseInfo: {} }),
    });
    expect(answer.status).toBe(200);
  });
});

describe('connections at the default limits', () => {
  it('540 slow sockets (past the 512 cap) do not keep an honest client out', async () => {
    const defaults = await startServer();
    try {
      const slow = await Promise.all(
        Array.from({ length: 540 }, (_, i) =>
          stall(i % 2 ? partialHeaders : slowBody(defaults.port), defaults.port),
        ),
      );
      const started = Date.now();
      const res = await fetch(`${defaults.url}/app-config.json`, {
        headers: { connection: 'close' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(defaults.connections.count).toBeLessThanOrEqual(512);
      for (const socket of slow) socket.destroy();
    } finally {
      await defaults.close();
    }
  });
});
