/**
 * `app` (docs/api/app.md; electron/electron shell/browser/api/electron_api_app.cc):
 * - `whenReady()` resolves and `ready` is emitted once Electron has started (`becomeReady`);
 * - `enableSandbox()` after ready throws "app.enableSandbox() can only be called before app is
 *   ready"; `setPath` to a directory that does not exist throws;
 * - `requestSingleInstanceLock()` is per user-data directory: the second process gets false and
 *   the first hears `second-instance` (after its `ready`);
 * - `quit()` emits `before-quit`, closes every window, then `will-quit` (cancellable) and
 *   `quit`; `exit()` closes the windows without those events.
 */
import { existsSync } from 'node:fs';
import { cancellable, NativeEmitter } from './nativeEmitter';

/** What the app does with its windows when it quits or exits (browserWindow.ts). */
interface AppWindow {
  close(): void;
  destroy(): void;
  isDestroyed(): boolean;
}

/** Which app holds the lock of a user-data directory (one per operating system user). */
const singleInstanceLocks = new Map<string, FakeApp>();

export class FakeApp extends NativeEmitter {
  private readyNow = false;
  private readonly readyWaiters: (() => void)[] = [];
  readonly paths: Record<string, string>;
  /** Ordered record of what main did to the app, beside the owner's log. */
  quitCalls = 0;
  quitted = false;
  /** Between `quit()`'s `before-quit` and its end: windows close without `window-all-closed`. */
  quitting = false;
  exitCode: number | null = null;

  constructor(
    userData: string,
    private readonly windows: readonly AppWindow[],
    private readonly log: string[],
  ) {
    super();
    this.paths = { userData, downloads: `${userData}/downloads` };
  }

  isReady(): boolean {
    return this.readyNow;
  }

  whenReady(): Promise<void> {
    return this.readyNow
      ? Promise.resolve()
      : new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Electron has started: `ready`, then `whenReady()` callers. */
  becomeReady(): void {
    this.readyNow = true;
    this.log.push('ready');
    this.emitNative('ready', cancellable({}), {});
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  enableSandbox(): void {
    if (this.readyNow)
      throw new Error('app.enableSandbox() can only be called before app is ready');
    this.log.push('app.enableSandbox');
  }

  setPath(name: string, path: string): void {
    if (!existsSync(path)) throw new Error(`Failed to set path: ${name}`);
    this.paths[name] = path;
  }

  getPath(name: string): string {
    return this.paths[name] ?? `${this.paths.userData}/${name}`;
  }

  requestSingleInstanceLock(): boolean {
    this.log.push('app.requestSingleInstanceLock');
    const key = this.getPath('userData');
    const holder = singleInstanceLocks.get(key);
    if (!holder || holder === this || holder.quitted) {
      singleInstanceLocks.set(key, this);
      return true;
    }
    void holder.whenReady().then(() => {
      holder.emitNative('second-instance', cancellable({}), [], process.cwd(), {});
    });
    return false;
  }

  quit(): void {
    this.quitCalls += 1;
    this.log.push('app.quit');
    setImmediate(() => this.runQuit());
  }

  exit(code = 0): void {
    this.exitCode = code;
    this.log.push(`app.exit ${code}`);
    for (const window of [...this.windows]) window.destroy();
    this.release();
  }

  focus(): void {}

  private runQuit(): void {
    if (this.quitted) return;
    const before = cancellable({});
    this.emitNative('before-quit', before);
    if (before.defaultPrevented) return;
    // "in this case the window-all-closed event would not be emitted" (app.md).
    this.quitting = true;
    for (const window of [...this.windows]) window.close();
    this.quitting = false;
    if (this.windows.some((w) => !w.isDestroyed())) return;
    const willQuit = cancellable({});
    this.emitNative('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.quitted = true;
    this.emitNative('quit', cancellable({}), 0);
    this.release();
  }

  private release(): void {
    const key = this.getPath('userData');
    if (singleInstanceLocks.get(key) === this) singleInstanceLocks.delete(key);
  }
}
