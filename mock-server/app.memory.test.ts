/**
 * What a stranger can make the mock server keep (DESIGN.md §6 "Worlds and admin access"): the
 * traffic logs are bounded by bytes held, per world and across all worlds, and keep no parsed
 * copy of anything. `[{},{},…]` is the costliest JSON per byte: 64 kB of it parses to ≈ 1 MB.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD_HEADER } from '@shared/simWorld';
import type { MockServer } from './app';
import { createMockDomain } from './domain/index';
import { admin, adminLog, startServer } from '@tests/support/mock-server/testHarness';
import { bodyPreview, type LogEntry } from './http/trafficLog';
import { WorldTable } from './worlds';

/** `[{},{},…]` of about `bytes` characters, parsed: the shape that costs most heap per byte. */
function wideJunk(bytes: number): unknown[] {
  return JSON.parse(`[${Array.from({ length: Math.floor(bytes / 3) }, () => '{}').join(',')}]`);
}

function exchange(data: unknown): Omit<LogEntry, 'id'> {
  return {
    at: new Date().toISOString(),
    host: 'main',
    path: 'user/userInfo',
    encrypted: true,
    request: { headers: { token: 't'.repeat(16_000) }, data, userBaseInfo: null },
    response: { code: 200, message: 'ok', data },
    status: 200,
    ms: 1,
  };
}

function tableOf(logBudgetBytes: number): WorldTable {
  return new WorldTable(
    { createDomain: (now) => createMockDomain({ now }), logBudgetBytes, cap: 200 },
    'default',
  );
}

/** `gc()` of this process, without a command-line flag. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('what the traffic logs keep', () => {
  it('many worlds × many large junk exchanges stay under the shared budget', () => {
    const budget = 1024 * 1024;
    const worlds = tableOf(budget);
    const junk = wideJunk(40_000);
    const quiet = worlds.get('quiet', 'phone');
    for (let i = 0; i < 5; i += 1) quiet.log.add(exchange({ i }));
    for (let w = 0; w < 30; w += 1) {
      const world = worlds.get(`flood-${w}`, 'phone');
      for (let i = 0; i < 20; i += 1) {
        world.log.add(exchange(i % 2 ? junk : bodyPreview(junk)));
        expect(worlds.logBudget.heldBytes).toBeLessThanOrEqual(budget);
      }
    }
    const perLog = worlds.list().reduce((sum, w) => sum + w.logBytes, 0);
    expect(perLog).toBe(worlds.logBudget.heldBytes);
    // The flood evicted its own oldest entries, not the quiet world's.
    expect(quiet.log.size).toBe(5);
    expect(worlds.peek('flood-29')?.log.size).toBeGreaterThan(0);
    // A dropped world gives its bytes back.
    const before = worlds.logBudget.heldBytes;
    const dropped = worlds.peek('flood-29')?.log.heldBytes ?? 0;
    expect(dropped).toBeGreaterThan(0);
    worlds.delete('flood-29');
    expect(worlds.logBudget.heldBytes).toBe(before - dropped);
  });

  it('holds about its accounted bytes in heap, not parsed copies (heap after GC)', () => {
    const gc = collector();
    const budget = 4 * 1024 * 1024;
    const worlds = tableOf(budget);
    for (let w = 0; w < 10; w += 1) worlds.get(`heap-${w}`, 'phone');
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200; i += 1) {
      // A fresh parse per request, as express gives each one; 200 of them parse to ≈ 130 MB.
      worlds.get(`heap-${i % 10}`, 'phone').log.add(exchange(wideJunk(40_000)));
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(worlds.logBudget.heldBytes).toBeLessThanOrEqual(budget);
    expect(grown).toBeLessThan(4 * budget);
    expect(worlds.size).toBe(11);
  });
});

describe('what a request to a world costs the log', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('a junk body on an unknown path is kept as a short preview and its size', async () => {
    await admin(server, 'GET', 'scenarios', undefined, 'junk-target');
    // Under the route's limits (size and values), so it reaches the router and its log.
    const body = JSON.stringify({ data: Array.from({ length: 500 }, () => 'z'.repeat(100)) });
    const res = await fetch(`${server.url}/main/no/such/path`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WORLD_HEADER]: 'junk-target' },
      body,
    });
    expect(((await res.json()) as { code: number }).code).toBe(404);
    const [entry] = await adminLog(server, 1, 'junk-target');
    expect(entry?.request.data).toMatchObject({ truncated: true, chars: body.length });
    expect(JSON.stringify(entry).length).toBeLessThan(1500);
  });
});
