/**
 * The library's curve25519 module (emscripten) registers process-wide `uncaughtException` and
 * `unhandledRejection` handlers when it loads in Node; the latter calls emscripten's `abort`, which
 * kills the whole mock server on any stray rejection. We remove exactly those two handlers.
 */

type Listener = (...args: unknown[]) => void;

function isEmscriptenExceptionHandler(listener: Listener): boolean {
  return listener.toString().includes('ExitStatus');
}

function isEmscriptenAbort(listener: Listener): boolean {
  return listener.name === 'abort' && /ABORT|RuntimeError/.test(listener.toString());
}

/** Removes the curve module's handlers (idempotent); returns how many were removed. */
export function removeCurveProcessHandlers(): number {
  let removed = 0;
  for (const listener of process.listeners('uncaughtException') as Listener[]) {
    if (isEmscriptenExceptionHandler(listener)) {
      process.removeListener('uncaughtException', listener);
      removed++;
    }
  }
  for (const listener of process.listeners('unhandledRejection') as Listener[]) {
    if (isEmscriptenAbort(listener)) {
      process.removeListener('unhandledRejection', listener);
      removed++;
    }
  }
  return removed;
}
