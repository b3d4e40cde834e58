/**
 * Keeps the worlds of a mock server in its data dir (DESIGN.md §5, §6), so a restart — graceful
 * or a crash — loses only the Signal sessions: a phone gets 4011, shakes hands once and finds its
 * token, loans, orders and clock where they were.
 *
 * - Writing never holds a request up: a change (`changed`) only arms a timer; at most once per
 *   `flushMs` per world the world is serialised (in memory, fast) and written in the background,
 *   one write at a time per world, and only when its content differs from what the file holds
 *   (a read changes nothing) or its last use is a minute newer than the file says (so a world
 *   used only for reads does not look expired after a restart).
 * - `close` writes what is still pending and waits for every write.
 * - `restore` brings worlds back at start, each all or nothing; a file that cannot be restored is
 *   set aside (`<name>.unreadable`) with one log line and the others load; files of expired worlds
 *   and beyond the world cap (the least recently used) are removed; files named as older versions
 *   named them (`<id>.json`, which two ids could share on macOS or Windows) take their new name
 *   (worldFiles.ts `fileStemOf`).
 * - A dropped world's file goes with it (`dropped`): expired, deleted, evicted.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_INSTANT_MS } from '@shared/workbench';
import { takeSnapshot, restoreSnapshot } from '../workbench/snapshot';
import type { World, WorldTable } from '../worlds';
import {
  decodeWorldFile,
  encodeWorldFile,
  MAX_WORLD_FILE_BYTES,
  setAsideFileOf,
  type WorldFile,
  worldFileOf,
  worldIdsOfFile,
  worldsDirOf,
  writeFileAtomic,
} from './worldFiles';

export interface WorldStoreOptions {
  dataDir: string;
  /** Least time between two writes of one world (default 250 ms). */
  flushMs?: number;
  /** Epoch ms, the clock of `lastUsed` (default Date.now). */
  now?: () => number;
  /** Where problems with the files are told (default console.warn). */
  warn?: (line: string) => void;
}

export interface RestoreOptions {
  /** Worlds unused this long are not restored; their files are removed. */
  idleMs: number;
  /** Most worlds restored (the world cap): the most recently used. */
  cap: number;
  /**
   * The scenario the server was explicitly started with: a kept default world on another
   * scenario is not restored (starting on a scenario selects it, DESIGN.md §6).
   */
  startingScenario?: string;
}

/** What `restore` did, for the start-up log. */
export interface RestoreReport {
  /** The folder the worlds are kept in. */
  dir: string;
  restored: string[];
  /** Files that could not be restored, set aside. */
  setAside: string[];
  /** Files removed: worlds that expired while the server was down, or beyond the cap. */
  removed: string[];
}

/** A world used only for reads gets its file's last use refreshed this often. */
const LAST_USE_REFRESH_MS = 60_000;
/** Temporary files older than this are left from a crash (younger ones may be another writer's). */
const STALE_TEMP_MS = 60_000;

export class WorldStore {
  readonly dir: string;
  private readonly flushMs: number;
  private readonly now: () => number;
  private readonly warn: (line: string) => void;
  /** Worlds with a write armed. */
  private readonly pending = new Map<string, { world: World; timer: NodeJS.Timeout }>();
  /** What each file holds: a digest of its content and the last use it records. */
  private readonly written = new Map<string, { digest: string; lastUsed: number }>();
  /** The file operations of each world, one after the other. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Worlds whose file could not be written or was too big, told once each. */
  private readonly told = new Set<string>();
  private closed = false;
  private writeCount = 0;

  constructor(options: WorldStoreOptions) {
    this.dir = worldsDirOf(options.dataDir);
    this.flushMs = options.flushMs ?? 250;
    this.now = options.now ?? Date.now;
    this.warn = options.warn ?? ((line) => console.warn(line));
  }

  /** World files written so far (the bench and tests read it). */
  get writes(): number {
    return this.writeCount;
  }

  /** A request may have changed `world`: write it within `flushMs`. */
  changed(world: World): void {
    if (this.closed) return;
    const armed = this.pending.get(world.id);
    if (armed) {
      armed.world = world;
      return;
    }
    const timer = setTimeout(() => this.flush(world.id), this.flushMs);
    timer.unref();
    this.pending.set(world.id, { world, timer });
  }

  /** World `id` is gone: so is its file. */
  dropped(id: string): void {
    const armed = this.pending.get(id);
    if (armed) clearTimeout(armed.timer);
    this.pending.delete(id);
    this.written.delete(id);
    this.told.delete(id);
    this.enqueue(id, () => rm(worldFileOf(this.dir, id), { force: true }));
  }

  /** Writes what is pending, then waits for every write; later changes are not written. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [id, armed] of this.pending) {
      clearTimeout(armed.timer);
      this.write(id, armed.world);
    }
    this.pending.clear();
    await Promise.all(this.queues.values());
  }

  /** Resolves once every write begun so far is done (tests and the bench wait on it). */
  async settled(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  /** Brings back the kept worlds into `table` (see the module comment). */
  async restore(table: WorldTable, options: RestoreOptions): Promise<RestoreReport> {
    const report: RestoreReport = { dir: this.dir, restored: [], setAside: [], removed: [] };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const kept = new Map<string, { file: WorldFile; name: string }>();
    const legacy: { id: string; name: string }[] = [];
    for (const name of await readdir(this.dir)) {
      if (name.endsWith('.tmp')) {
        await this.removeStaleTemp(name);
        continue;
      }
      const ids = worldIdsOfFile(name);
      if (!ids) continue;
      const read = await this.read(name, ids);
      if (!read.ok) {
        await this.setAside(name, ids.current ?? ids.legacy ?? name, read.error, report);
        continue;
      }
      const isLegacy = read.id !== ids.current;
      // A file named as this version names it wins over one left by an older version.
      if (isLegacy && kept.has(read.id)) {
        await rm(path.join(this.dir, name), { force: true });
        continue;
      }
      if (isLegacy) legacy.push({ id: read.id, name });
      kept.set(read.id, { file: read.file, name });
    }
    // Data dirs of older versions named files `<id>.json`: each takes its new name.
    for (const { id, name } of legacy) {
      if (kept.get(id)?.name !== name) {
        await rm(path.join(this.dir, name), { force: true });
        continue;
      }
      await rename(path.join(this.dir, name), worldFileOf(this.dir, id));
    }
    const now = this.now();
    const defaultFirst = (a: { id: string }) => (a.id === table.defaultId ? 1 : 0);
    const ordered = [...kept].map(([id, { file }]) => ({ id, file }));
    ordered.sort((a, b) => defaultFirst(b) - defaultFirst(a) || b.file.lastUsed - a.file.lastUsed);
    for (const [index, { id, file }] of ordered.entries()) {
      const reason =
        id !== table.defaultId && now - file.lastUsed > options.idleMs
          ? 'it expired while the server was down'
          : index >= options.cap
            ? 'beyond the world cap'
            : id === table.defaultId &&
                options.startingScenario !== undefined &&
                file.snapshot.scenario !== options.startingScenario
              ? `the server was started on ${options.startingScenario}, not ${file.snapshot.scenario}`
              : undefined;
      if (reason) {
        await rm(worldFileOf(this.dir, id), { force: true });
        report.removed.push(id);
        if (id === table.defaultId) this.warn(`[mock] Kept default world not restored: ${reason}`);
        continue;
      }
      try {
        table.restore(id, file, (world) => restoreSnapshot(world, file.snapshot));
      } catch (error) {
        const name = path.basename(worldFileOf(this.dir, id));
        await this.setAside(name, id, String((error as Error).message ?? error), report);
        continue;
      }
      // The file holds this world: the first change writes it again, a read only refreshes it.
      this.written.set(id, { digest: '', lastUsed: file.lastUsed });
      report.restored.push(id);
    }
    return report;
  }

  private async read(
    name: string,
    ids: { current?: string; legacy?: string },
  ): Promise<ReturnType<typeof decodeWorldFile>> {
    const file = path.join(this.dir, name);
    const candidates = [ids.current, ids.legacy].filter((id) => id !== undefined);
    try {
      const { size } = await stat(file);
      if (size > MAX_WORLD_FILE_BYTES) {
        return { ok: false, error: `${size} bytes, more than ${MAX_WORLD_FILE_BYTES}` };
      }
      return decodeWorldFile(candidates, await readFile(file, 'utf8'));
    } catch (error) {
      return { ok: false, error: `unreadable (${(error as NodeJS.ErrnoException).code ?? error})` };
    }
  }

  private async setAside(
    name: string,
    id: string,
    reason: string,
    report: RestoreReport,
  ): Promise<void> {
    const from = path.join(this.dir, name);
    const to = setAsideFileOf(from);
    await rename(from, to).catch(() => rm(from, { force: true }));
    report.setAside.push(id);
    this.warn(
      `[mock] World "${id}" could not be restored from ${from} (${reason}): set aside as ${path.basename(to)}; the world starts afresh`,
    );
  }

  private async removeStaleTemp(name: string): Promise<void> {
    const file = path.join(this.dir, name);
    const age = await stat(file).then(
      (s) => this.now() - s.mtimeMs,
      () => 0,
    );
    if (age > STALE_TEMP_MS) await rm(file, { force: true });
  }

  private flush(id: string): void {
    const armed = this.pending.get(id);
    if (!armed) return;
    this.pending.delete(id);
    this.write(id, armed.world);
  }

  /** Serialises the world now and writes it in the background, when the file differs. */
  private write(id: string, world: World): void {
    const snapshot = takeSnapshot(world, false);
    const { clock } = snapshot;
    // A running clock is kept as its offset (its `now` moves on its own), to the second; one
    // stopped at the limit by its time (it moves no more, while its offset shrinks).
    const clockKey =
      clock.running && clock.now < MAX_INSTANT_MS
        ? Math.round(clock.offsetMs / 1000)
        : `at ${clock.now}`;
    const digest = createHash('sha1')
      .update(
        JSON.stringify([
          snapshot.scenario,
          snapshot.state,
          snapshot.faults,
          clockKey,
          world.adminUsed,
        ]),
      )
      .digest('base64');
    const last = this.written.get(id);
    if (last?.digest === digest && world.lastUsed - last.lastUsed < LAST_USE_REFRESH_MS) return;
    const text = encodeWorldFile(
      { snapshot, lastUsed: world.lastUsed, adminUsed: world.adminUsed },
      this.now(),
    );
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_WORLD_FILE_BYTES) {
      this.tellOnce(id, `is ${bytes} bytes, more than ${MAX_WORLD_FILE_BYTES}: not kept`);
      return;
    }
    this.written.set(id, { digest, lastUsed: world.lastUsed });
    const file = worldFileOf(this.dir, id);
    this.enqueue(id, async () => {
      try {
        await writeFileAtomic(file, text);
        this.writeCount += 1;
      } catch (error) {
        // Written again at the next change.
        if (this.written.get(id)?.digest === digest) this.written.delete(id);
        this.tellOnce(
          id,
          `could not be written (${(error as NodeJS.ErrnoException).code ?? error})`,
        );
      }
    });
  }

  private tellOnce(id: string, problem: string): void {
    if (this.told.has(id)) return;
    this.told.add(id);
    this.warn(`[mock] World "${id}" ${problem}; a restart would lose its latest changes`);
  }

  private enqueue(id: string, task: () => Promise<unknown>): void {
    const next = (this.queues.get(id) ?? Promise.resolve())
      .then(task)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (this.queues.get(id) === next) this.queues.delete(id);
      });
    this.queues.set(id, next);
  }
}
