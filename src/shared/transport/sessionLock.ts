/**
 * Fix for the library's SessionLock (lib/session-lock.js): it pushes every job's promise into
 * `SessionLock._promises` and every failure into `SessionLock.errors`, forever, so each bad input
 * (a tampered message, a replay) leaks memory. We replace `queueJobForNumber` with a per-address
 * queue that forgets a job once it settles. Runs in the browser and in Node.
 */

/** The static side of the library's SessionLock class. */
export interface SessionLockClass {
  errors: unknown[];
  _promises: Promise<unknown>[];
  queueJobForNumber<T>(id: string, runJob: () => Promise<T>): Promise<T>;
  clearQueue(): Promise<void>;
}

const queues = new Map<string, Promise<void>>();
const patched = new WeakSet<object>();
const noop = () => {};

/** Serializes jobs per address like the original, keeping nothing after a job settles. */
function queueJobForNumber<T>(id: string, runJob: () => Promise<T>): Promise<T> {
  const previous = queues.get(id) ?? Promise.resolve();
  const current = previous.then(() => runJob());
  // The tail never rejects: callers see failures on `current`; the queue only orders jobs.
  const tail = current.then(noop, noop);
  queues.set(id, tail);
  void tail.then(() => {
    if (queues.get(id) === tail) queues.delete(id);
  });
  return current;
}

/** Installs the fix once (idempotent) and drops whatever the original had accumulated. */
export function patchSessionLock(lock: SessionLockClass): void {
  if (patched.has(lock)) return;
  patched.add(lock);
  lock.queueJobForNumber = queueJobForNumber;
  lock.clearQueue = async () => {
    await Promise.all(queues.values());
  };
  lock.errors.length = 0;
  lock._promises.length = 0;
}

/** Addresses with a job queued or running (tests: must drop to zero once traffic settles). */
export function pendingSessionLocks(): number {
  return queues.size;
}
