/**
 * One mock server per data dir (DESIGN.md §5, §6): two servers on one data dir overwrote each
 * other's world files (the file kept only the second server's tokens) without a word. A server
 * takes `<dataDir>/server.lock` before it reads anything there and gives it back when it closes.
 * Modelled on PostgreSQL's `postmaster.pid` (CreateLockFile, src/backend/utils/init/miscinit.c):
 * the file is created exclusively and names its holder (process id, host, start, URL); a second
 * server refuses with that name; a lock whose process is gone (a crash, SIGKILL) is stale and
 * taken over. A lock of another host (a data dir on a network share) cannot be judged: refused.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import path from 'node:path';
import { z } from '@shared/zod';
import { writeFileAtomic } from './worldFiles';

/** The lock's file name inside the data dir. */
export const LOCK_FILE = 'server.lock';

/** A lock file this young that cannot be read may be being written: it is waited for. */
const YOUNG_LOCK_MS = 2_000;
const ATTEMPTS = 20;

const ownerSchema = z.object({
  pid: z.int(),
  hostname: z.string(),
  startedAt: z.string(),
  /** Tells this holder's lock from a later one of the same process id. */
  nonce: z.string(),
  url: z.optional(z.string()),
});
/** Who holds a data dir. */
export type LockOwner = z.infer<typeof ownerSchema>;

/** The data dir is another running server's; the message says whose and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const file = path.join(dataDir, LOCK_FILE);
    const who = owner
      ? `process ${owner.pid} on ${owner.hostname}${owner.url ? ` (${owner.url})` : ''}, since ${owner.startedAt}`
      : 'a server that is starting';
    super(
      `The data dir ${dataDir} is in use by another mock server: ${who} (if no such server ` +
        `runs, delete ${file}). Stop it, or give this one a data dir of its own`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Adds the URL the holder serves to the lock (what a refused second server is told). */
  describe(url: string): Promise<void>;
  /** Gives the data dir back (only while the lock is still this one). */
  release(): Promise<void>;
}

export interface LockOptions {
  pid?: number;
  hostname?: string;
  /** Whether a process of this host runs (default: signal 0, as `kill -0`). */
  isAlive?: (pid: number) => boolean;
}

/** `kill -0`: ESRCH = no such process; EPERM = it runs, as another user. */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Found =
  | { kind: 'missing' }
  | { kind: 'owner'; owner: LockOwner; text: string }
  | { kind: 'unreadable'; text: string; ageMs: number };

async function readLock(file: string): Promise<Found> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const owner = ownerSchema.parse(JSON.parse(text));
    return { kind: 'owner', owner, text };
  } catch {
    const ageMs = await stat(file).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    return { kind: 'unreadable', text, ageMs };
  }
}

/**
 * Moves a stale lock out of the way, unless it changed since it was judged (another server took
 * it over meanwhile: that one is put back).
 */
async function takeOver(file: string, staleText: string, nonce: string): Promise<void> {
  const aside = `${file}.stale-${nonce}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== staleText) await link(aside, file).catch(() => undefined);
  await rm(aside, { force: true });
}

/** Takes the data dir for this process; DataDirLockedError when another server holds it. */
export async function lockDataDir(
  dataDir: string,
  options: LockOptions = {},
): Promise<DataDirLock> {
  const isAlive = options.isAlive ?? processRuns;
  const me: LockOwner = {
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? osHostname(),
    startedAt: new Date().toISOString(),
    nonce: randomUUID(),
  };
  const file = path.join(dataDir, LOCK_FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let holder: LockOwner | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      return heldLock(file, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = await readLock(file);
    if (found.kind === 'missing') continue;
    if (found.kind === 'unreadable') {
      // Being written by a server starting this instant, or left half-written by a crash.
      if (found.ageMs < YOUNG_LOCK_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      await takeOver(file, found.text, me.nonce);
      continue;
    }
    holder = found.owner;
    if (holder.hostname !== me.hostname || isAlive(holder.pid)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    await takeOver(file, found.text, me.nonce);
  }
  throw new DataDirLockedError(dataDir, holder);
}

function heldLock(file: string, me: LockOwner): DataDirLock {
  let released = false;
  const stillMine = async () => {
    const found = await readLock(file);
    return found.kind === 'owner' && found.owner.nonce === me.nonce;
  };
  return {
    file,
    async describe(url) {
      if (released || !(await stillMine().catch(() => false))) return;
      me.url = url;
      // Best effort: the lock holds without its URL.
      await writeFileAtomic(file, JSON.stringify(me)).catch(() => undefined);
    },
    async release() {
      if (released) return;
      released = true;
      if (await stillMine()) await rm(file, { force: true });
    },
  };
}
