/**
 * Worlds in the data dir (DESIGN.md §5: "a restart loses only Signal sessions"): one file per
 * world, `<dataDir>/worlds/<id>.json`, holding the world's snapshot without its traffic log
 * (src/shared/workbench.ts `worldSnapshotSchema`: scenario, users, tokens, loans, orders, draws,
 * faults, clock) and when it was last used. Files are written whole, to a temporary file that is
 * flushed to disk and then renamed over the old one, so a crash at any moment leaves either the
 * old file or the new one, never half of one. Readable by the owner only: they hold tokens.
 */
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isWorldId } from '@shared/simWorld';
import { MAX_INSTANT_MS, SNAPSHOT_BODY_LIMIT, type WorldSnapshot } from '@shared/workbench';
import { z } from '@shared/zod';
import { limitBytes } from '../http/bodyLimits';
import { parseSnapshot } from '../workbench/snapshot';
import type { WorldUse } from '../worlds';

/** The folder of the world files inside a data dir. */
const WORLDS_FOLDER = 'worlds';
/** Largest world file written or read: what a snapshot upload may be. */
export const MAX_WORLD_FILE_BYTES = limitBytes(SNAPSHOT_BODY_LIMIT);

const FORMAT = 'direct-loan-mock-world';

const fileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  savedAt: z.number(),
  lastUsed: z.number(),
  adminUsed: z.boolean(),
  snapshot: z.unknown(),
});

/** A world as its file holds it. */
export interface WorldFile extends WorldUse {
  snapshot: WorldSnapshot;
}

export const worldsDirOf = (dataDir: string) => path.join(dataDir, WORLDS_FOLDER);

/** The file of world `id` (world ids are file-name safe: 1–64 of `A–Z a–z 0–9 _ -`). */
export const worldFileOf = (dir: string, id: string) => path.join(dir, `${id}.json`);

/** The world id a file name stands for, or undefined for anything else in the folder. */
export function worldIdOfFile(name: string): string | undefined {
  const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
  return isWorldId(id) ? id : undefined;
}

/** Where a file that could not be restored is set aside (one per world, the latest kept). */
export const setAsideFileOf = (dir: string, id: string) => path.join(dir, `${id}.unreadable`);

export function encodeWorldFile(file: WorldFile, savedAt: number): string {
  return JSON.stringify({
    format: FORMAT,
    version: 1,
    savedAt,
    lastUsed: file.lastUsed,
    adminUsed: file.adminUsed,
    snapshot: file.snapshot,
  });
}

/**
 * A running clock stops at MAX_INSTANT_MS (workbench/worldClock.ts); a file written before it
 * did may show a moment past it, which the snapshot schema refuses: such a clock has stopped.
 */
function clockStoppedAtLimit(snapshot: unknown): unknown {
  if (typeof snapshot !== 'object' || snapshot === null) return snapshot;
  const { clock } = snapshot as { clock?: { now?: unknown; running?: unknown } };
  if (clock?.running !== true || typeof clock.now !== 'number' || clock.now <= MAX_INSTANT_MS) {
    return snapshot;
  }
  return { ...snapshot, clock: { ...clock, now: MAX_INSTANT_MS } };
}

/** The world a file's text holds, checked with the snapshot schemas; else why it is not one. */
export function decodeWorldFile(
  id: string,
  text: string,
): { ok: true; file: WorldFile } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})` };
  }
  const outer = fileSchema.safeParse(raw);
  if (!outer.success) return { ok: false, error: 'not a world file of this mock server' };
  const inner = parseSnapshot(clockStoppedAtLimit(outer.data.snapshot));
  if (!inner.ok) return { ok: false, error: inner.error };
  if (inner.snapshot.world !== id) {
    return { ok: false, error: `it holds world "${inner.snapshot.world}", not "${id}"` };
  }
  const { lastUsed, adminUsed } = outer.data;
  return { ok: true, file: { snapshot: inner.snapshot, lastUsed, adminUsed } };
}

let written = 0;
const tempOf = (file: string) => `${file}.${process.pid}.${++written}.tmp`;

/** Writes `text` to `file` atomically and durably (temp file, fsync, rename), without blocking. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = tempOf(file);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
