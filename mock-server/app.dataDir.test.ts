/**
 * One data dir, one server (DESIGN.md §5, §6): a second server on it refuses and says which
 * process holds it; a lock left by a process that is gone is taken over; and world files are
 * named so that no two world ids share one on any file system (older data dirs are migrated).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, login, startServer, worldClient } from '@tests/support/mock-server/testHarness';
import { DataDirLockedError, LOCK_FILE } from './persistence/dataDirLock';
import { worldFileOf, worldsDirOf } from './persistence/worldFiles';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mock-data-dir-'));
  dirs.push(dir);
  return dir;
}

/** The id of a process that has exited (its lock is stale). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

const lockOf = (pid: number, host = hostname()) =>
  JSON.stringify({ pid, hostname: host, startedAt: '2026-11-20T00:00:00.000Z', nonce: 'n-1' });

describe('the data dir lock', () => {
  it('refuses a second server on the same data dir, naming the one that holds it', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    try {
      const second = startServer({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        new RegExp(`in use by another mock server: process ${process.pid} on .*\\(${first.url}\\)`),
      );
      // The first one's worlds are untouched and it still serves.
      expect((await admin(first, 'GET', 'worlds')).status).toBe(200);
    } finally {
      await first.close();
    }
    // Closed, it gives the data dir back.
    const third = await startServer({ dataDir: dir });
    await third.close();
  });

  it('takes over the lock of a process that is gone (a crash), not of a running one', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, LOCK_FILE), lockOf(await deadPid()));
    const server = await startServer({ dataDir: dir });
    await server.close();
    // A lock of another host cannot be judged from here: refused.
    await writeFile(path.join(dir, LOCK_FILE), lockOf(process.pid, 'another-host'));
    await expect(startServer({ dataDir: dir })).rejects.toThrow(/process \d+ on another-host/);
  });
});

describe('world files on any file system', () => {
  it('keeps WA and wa, CON and con apart across a restart', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    const worlds = { WA: 'overdue', wa: 'taiwan', CON: 'repaying', con: 'kyc-review' };
    for (const [world, scenario] of Object.entries(worlds)) {
      await admin(first, 'PUT', 'scenario', { name: scenario }, world);
    }
    await first.close();
    const names = await readdir(worldsDirOf(dir));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);

    const second = await startServer({ dataDir: dir });
    try {
      for (const [world, scenario] of Object.entries(worlds)) {
        expect(second.worlds.peek(world)?.domain.currentScenario(), world).toBe(scenario);
      }
    } finally {
      await second.close();
    }
  });

  it('migrates a data dir whose files older versions named <id>.json', async () => {
    const dir = await dataDir();
    const first = await startServer({ dataDir: dir });
    await admin(first, 'PUT', 'scenario', { name: 'overdue' });
    await admin(first, 'PUT', 'scenario', { name: 'can-borrow' }, 'QA-Ana');
    const phone = worldClient(first, 'QA-Ana');
    const token = await login(phone);
    await first.close();
    const folder = worldsDirOf(dir);
    // As an older version left it.
    await rename(worldFileOf(folder, 'QA-Ana'), path.join(folder, 'QA-Ana.json'));
    await rename(worldFileOf(folder, 'default'), path.join(folder, 'default.json'));

    const second = await startServer({ dataDir: dir, port: first.port });
    try {
      expect(second.keptWorlds?.report.restored.sort()).toEqual(['QA-Ana', 'default']);
      expect((await readdir(folder)).sort()).toEqual(
        [worldFileOf(folder, 'QA-Ana'), worldFileOf(folder, 'default')]
          .map((f) => path.basename(f))
          .sort(),
      );
      const info = await phone.client.call('userInfo', {});
      expect(info).toMatchObject({ code: 200, data: { tokenValue: token } });
      const kept = JSON.parse(await readFile(worldFileOf(folder, 'QA-Ana'), 'utf8'));
      expect(kept.snapshot.world).toBe('QA-Ana');
    } finally {
      await second.close();
    }
  });
});
