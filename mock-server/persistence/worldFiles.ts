/**
 * Worlds in the data dir (DESIGN.md §5: "a restart loses only Signal sessions"): one file per
 * world, `<dataDir>/worlds/<name>.json` (fileStemOf: a name no other world id shares on any file
 * system), holding the world's snapshot without its traffic log
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

const STEM_PREFIX = 'w-';

/**
 * The file name (without extension) of world `id`, one that no other id shares on any file
 * system. Ids are case-sensitive (`WA` and `wa` are two worlds) and may be `CON`, `NUL` or `COM1`,
 * while macOS and Windows fold case (`WA.json` and `wa.json` were one file there, both worlds
 * lost at restart) and Windows takes `CON.json` for a device. So: lower-case letters, digits and
 * `-` stay; an upper-case letter becomes `_` and the letter in lower case; `_` becomes `__`; and a
 * `w-` prefix keeps every name off Windows' device names (`WA` → `w-_w_a`, `wa` → `w-wa`,
 * `CON` → `w-_c_o_n`, `my_qa` → `w-my__qa`).
 */
export function fileStemOf(id: string): string {
  return STEM_PREFIX + id.replace(/[A-Z_]/g, (c) => (c === '_' ? '__' : `_${c.toLowerCase()}`));
}

/** The world id a file stem stands for (fileStemOf reversed), or undefined. */
export function worldIdOfStem(stem: string): string | undefined {
  if (!stem.startsWith(STEM_PREFIX)) return undefined;
  const body = stem.slice(STEM_PREFIX.length);
  let id = '';
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] as string;
    if (c !== '_') {
      if (!/^[a-z0-9-]$/.test(c)) return undefined;
      id += c;
      continue;
    }
    i += 1;
    const next = body[i];
    if (next === '_') id += '_';
    else if (next !== undefined && /^[a-z]$/.test(next)) id += next.toUpperCase();
    else return undefined;
  }
  return isWorldId(id) ? id : undefined;
}

/** The file of world `id`. */
export const worldFileOf = (dir: string, id: string) => path.join(dir, `${fileStemOf(id)}.json`);

/**
 * The worlds a world file's name may stand for: `current` as this version names them, `legacy`
 * as versions before names were made case- and device-safe did (`<id>.json`). A name may be both
 * (`w-abc.json`: world `abc` now, world `w-abc` before): the world the file holds decides.
 */
export function worldIdsOfFile(name: string): { current?: string; legacy?: string } | undefined {
  if (!name.endsWith('.json')) return undefined;
  const stem = name.slice(0, -'.json'.length);
  const current = worldIdOfStem(stem);
  const legacy = isWorldId(stem) ? stem : undefined;
  if (current === undefined && legacy === undefined) return undefined;
  return {
    ...(current !== undefined ? { current } : {}),
    ...(legacy !== undefined ? { legacy } : {}),
  };
}

/** Where a file that could not be restored is set aside (one per name, the latest kept). */
export const setAsideFileOf = (file: string) => file.replace(/\.json$/, '.unreadable');

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

/**
 * The world a file's text holds, checked with the snapshot schemas, when it is one of `ids` (the
 * worlds its name may stand for); else why it is not one.
 */
export function decodeWorldFile(
  ids: readonly string[],
  text: string,
): { ok: true; id: string; file: WorldFile } | { ok: false; error: string } {
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
  const id = inner.snapshot.world;
  if (!ids.includes(id)) {
    return { ok: false, error: `it holds world "${id}", not "${ids.join('" or "')}"` };
  }
  const { lastUsed, adminUsed } = outer.data;
  return { ok: true, id, file: { snapshot: inner.snapshot, lastUsed, adminUsed } };
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
