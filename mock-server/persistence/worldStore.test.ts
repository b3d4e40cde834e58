/** How often and what the world store writes: never per request, only what changed, atomically. */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMockDomain } from '../domain/index';
import { WorldTable } from '../worlds';
import { worldFileOf } from './worldFiles';
import { WorldStore } from './worldStore';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const FLUSH_MS = 250;

async function setup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'world-store-'));
  dirs.push(dataDir);
  const store = new WorldStore({ dataDir, flushMs: FLUSH_MS });
  const table = new WorldTable(
    {
      createDomain: (now) => createMockDomain({ scenario: 'can-borrow', now }),
      onChange: (world) => store.changed(world),
      onDrop: (id) => store.dropped(id),
    },
    'default',
  );
  await store.restore(table, { idleMs: 60_000, cap: 10 });
  return { store, table, file: (id: string) => worldFileOf(store.dir, id) };
}

/** Lets the armed timers fire and the writes they began finish. */
async function flush(store: WorldStore) {
  await vi.advanceTimersByTimeAsync(FLUSH_MS);
  await store.settled();
}

describe('WorldStore', () => {
  it('writes a world once per flush interval however many requests changed it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, table, file } = await setup();
    const world = table.get('w-busy', 'phone');
    for (let i = 0; i < 100; i++) {
      world.domain.issueSessionToken();
      table.changed(world);
    }
    expect(store.writes).toBe(0);
    await flush(store);
    expect(store.writes).toBe(1);
    const kept = JSON.parse(await readFile(file('w-busy'), 'utf8'));
    expect(kept.snapshot.state.sessions).toHaveLength(20);
    expect(kept.snapshot.log).toEqual([]);
  });

  it('does not write a world that a request left as it was', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, table } = await setup();
    const world = table.get('w-reads', 'phone');
    world.domain.issueSessionToken();
    table.changed(world);
    await flush(store);
    expect(store.writes).toBe(1);
    for (let i = 0; i < 3; i++) {
      await world.domain.handle({
        host: 'main',
        path: 'config/getEventDates',
        data: {},
        userBaseInfo: { deviceId: 'd-h5', system: 'H5', tokenValue: '', version: '1.0.0' },
        token: undefined,
        deviceId: 'd-h5',
      });
      table.changed(world);
      await flush(store);
    }
    expect(store.writes).toBe(1);
    world.domain.selectScenario('overdue');
    table.changed(world);
    await flush(store);
    expect(store.writes).toBe(2);
  });

  it('leaves no temporary file behind, keeps files private and drops them with the world', async () => {
    const { store, table, file } = await setup();
    const world = table.get('w-gone', 'admin');
    table.changed(world);
    await store.close();
    expect((await stat(file('w-gone'))).mode & 0o777).toBe(0o600);
    expect(await readdir(store.dir)).toEqual([path.basename(file('w-gone'))]);
    table.delete('w-gone');
    await store.settled();
    expect(await readdir(store.dir)).toEqual([]);
  });
});
