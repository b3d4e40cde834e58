/**
 * A BrowserWindow (docs/api/browser-window.md; electron/electron
 * shell/browser/api/electron_api_browser_window.cc):
 * - constructing one before the app is ready throws "Cannot create BrowserWindow before app is
 *   ready";
 * - `close()` is the user's close button: `close` (cancellable), then the window is destroyed;
 *   `destroy()` skips `close` but always emits `closed`; the last window closing makes the app
 *   emit `window-all-closed`;
 * - a method of a destroyed window throws "Object has been destroyed";
 * - `loadURL` is its webContents' (webContents.ts).
 */
import type { FakeApp } from './app';
import { cancellable, destroyedError, NativeEmitter } from './nativeEmitter';
import type { FakeSession } from './session';
import { FakeWebContents } from './webContents';
import type { FakeIpcMain } from './ipcMain';

export interface WindowOptions {
  width?: number;
  height?: number;
  webPreferences?: { partition?: string; additionalArguments?: string[] };
}

/** What a window needs of the fake Electron that made it. */
export interface WindowOwner {
  readonly app: FakeApp;
  readonly ipcMain: FakeIpcMain;
  readonly windows: FakeBrowserWindow[];
  sessionOf(partition: string): FakeSession;
}

let nextWindowId = 1;

export class FakeBrowserWindow extends NativeEmitter {
  readonly id = nextWindowId++;
  readonly webContents: FakeWebContents;
  private contentSize: [number, number];
  private visible = true;
  focused = false;
  private minimized = false;
  private destroyedNow = false;

  constructor(
    readonly options: WindowOptions,
    private readonly owner: WindowOwner,
  ) {
    super();
    if (!owner.app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    const partition = options.webPreferences?.partition ?? '';
    this.webContents = new FakeWebContents(owner.sessionOf(partition), owner);
    this.contentSize = [options.width ?? 800, options.height ?? 600];
    owner.windows.push(this);
    owner.app.emitNative('web-contents-created', cancellable({}), this.webContents);
  }

  /** The role main gave the window's preload (`app` or `panel`). */
  get role(): string | undefined {
    const arg = this.options.webPreferences?.additionalArguments?.find((a) =>
      a.startsWith('--dl-role='),
    );
    return arg?.slice('--dl-role='.length);
  }

  loadURL(url: string): Promise<void> {
    this.check();
    return this.webContents.loadURL(url);
  }

  isDestroyed(): boolean {
    return this.destroyedNow;
  }

  /** The user closes the window. */
  close(): void {
    if (this.destroyedNow) return;
    const event = cancellable({});
    this.emitNative('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  destroy(): void {
    if (this.destroyedNow) return;
    this.webContents.destroy();
    this.destroyedNow = true;
    this.emitNative('closed');
    if (!this.owner.app.quitting && this.owner.windows.every((w) => w.isDestroyed())) {
      this.owner.app.emitNative('window-all-closed');
    }
  }

  show(): void {
    this.check();
    this.visible = true;
  }
  hide(): void {
    this.check();
    this.visible = false;
  }
  isVisible(): boolean {
    this.check();
    return this.visible;
  }
  focus(): void {
    this.check();
    for (const other of this.owner.windows) other.focused = false;
    this.focused = true;
  }
  isFocused(): boolean {
    this.check();
    return this.focused;
  }
  minimize(): void {
    this.check();
    this.minimized = true;
  }
  isMinimized(): boolean {
    this.check();
    return this.minimized;
  }
  restore(): void {
    this.check();
    this.minimized = false;
  }
  setContentSize(width: number, height: number): void {
    this.check();
    this.contentSize = [width, height];
  }
  getContentSize(): [number, number] {
    this.check();
    return this.contentSize;
  }

  private check(): void {
    if (this.destroyedNow) throw destroyedError();
  }
}
