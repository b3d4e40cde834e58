/**
 * A page as main sees it (docs/api/web-contents.md; electron/electron
 * lib/browser/api/web-contents.ts, shell/browser/api/electron_api_web_contents.cc,
 * shell/browser/electron_navigation_throttle.cc). What main relies on:
 * - `loadURL` resolves on `did-finish-load` and rejects on `did-fail-load` with
 *   "<ERR_NAME> (<code>) loading '<url>'" (`_awaitNextLoad`); a newer navigation aborts it
 *   (ERR_ABORTED, -3). A load refused with a network error shows no page of Electron's own;
 * - a page-initiated navigation emits `will-frame-navigate` (every frame) and then, for the main
 *   frame, `will-navigate`; `preventDefault()` on either stops it. `loadURL` emits neither;
 * - `window.open` and target=_blank ask `setWindowOpenHandler`'s handler; a handler that throws
 *   denies the window and is an uncaught exception (`_callWindowOpenHandler` in `-new-window`);
 * - listeners run as Electron emits them (nativeEmitter.ts: a throw is uncaught);
 * - calling into a destroyed webContents throws "Object has been destroyed"; closing takes the
 *   debugger's session with it before the contents report themselves destroyed (the order the
 *   docs leave open, taken as the one main must survive).
 */
import { FakeDebugger } from './debugger';
import type { FakeIpcMain } from './ipcMain';
import { cancellable, destroyedError, NativeEmitter, raiseUncaught } from './nativeEmitter';
import { type FakeSession, NET_ERRORS, type NetError } from './session';
import { FakeWebFrameMain } from './webFrameMain';

/** What the last committed document of the page is. */
export type CommittedPage =
  | { url: string; status: number; headers: Headers; body: Uint8Array }
  /** A load that failed: Electron commits an empty error page at the URL. */
  | { url: string; error: NetError };

/** The part of the fake Electron a page needs: its main process's ipcMain. */
interface PageOwner {
  readonly ipcMain: FakeIpcMain;
}

let nextContentsId = 1;

export class FakeWebContents extends NativeEmitter {
  readonly id = nextContentsId++;
  readonly debugger = new FakeDebugger();
  readonly mainFrame = new FakeWebFrameMain();
  /** Every URL main asked to load, in order. */
  readonly loads: string[] = [];
  readonly sent: [string, unknown][] = [];
  page: CommittedPage | null = null;
  windowOpenHandler: ((details: Record<string, unknown>) => unknown) | null = null;
  /** The page's localStorage, as `executeJavaScript` of main's storage reader sees it. */
  localStorage: Record<string, string> = {};
  private devTools = false;
  private destroyedNow = false;
  private navigation = 0;
  /** Ends the load in progress with the error a newer navigation or the page's end gives it. */
  private abortLoad: ((error: NetError) => void) | null = null;

  constructor(
    readonly session: FakeSession,
    private readonly owner: PageOwner,
  ) {
    super();
  }

  isDestroyed(): boolean {
    return this.destroyedNow;
  }

  getURL(): string {
    this.check();
    return this.page?.url ?? '';
  }

  send(channel: string, message: unknown): void {
    this.check();
    this.sent.push([channel, message]);
  }

  setWindowOpenHandler(handler: (details: Record<string, unknown>) => unknown): void {
    this.windowOpenHandler = handler;
  }

  async executeJavaScript(): Promise<unknown> {
    this.check();
    return JSON.stringify(this.localStorage);
  }

  loadURL(url: string): Promise<void> {
    this.check();
    this.loads.push(url);
    return new Promise<void>((resolve, reject) => {
      this.navigate(url, (error) => {
        if (!error) return resolve();
        reject(
          Object.assign(new Error(`${error.description} (${error.code}) loading '${url}'`), {
            errno: error.code,
            code: error.description,
            url,
          }),
        );
      });
    });
  }

  /**
   * The page navigates itself (a link, `location.href`): answers whether main stopped it. A
   * navigation main lets through loads like any other.
   */
  navigateFromPage(url: string): boolean {
    this.check();
    const frameEvent = cancellable({ url, isSameDocument: false, isMainFrame: true });
    this.emitNative('will-frame-navigate', frameEvent, url, false, true, 1, 1);
    if (frameEvent.defaultPrevented) return true;
    const event = cancellable({ url, isSameDocument: false, isMainFrame: true });
    this.emitNative('will-navigate', event, url, false, true, 1, 1);
    if (event.defaultPrevented) return true;
    this.navigate(url, () => undefined);
    return false;
  }

  /** An iframe inside the page navigates: answers whether main stopped it. */
  navigateFrameFromPage(url: string): boolean {
    this.check();
    const details = cancellable({ url, isSameDocument: false, isMainFrame: false });
    this.emitNative('will-frame-navigate', details, url, false, false, 1, 2);
    return details.defaultPrevented;
  }

  /** The page calls `window.open(url)`: answers whether a window would open. */
  openWindowFromPage(url: string): boolean {
    this.check();
    const event = cancellable({});
    const details = {
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
    };
    const handler = this.windowOpenHandler;
    if (!handler) return true;
    try {
      const answer = handler(details) as { action?: string } | null;
      if (typeof answer !== 'object' || answer === null || answer.action === 'deny') {
        event.preventDefault();
      }
    } catch (error) {
      // `-new-window`: the handler's exception denies the window and is rethrown, uncaught.
      event.preventDefault();
      raiseUncaught(error);
    }
    return !event.defaultPrevented;
  }

  /**
   * The current document's IPC: `ipcRenderer.invoke` and `sendSync` sent from it. Kept after a
   * navigation it speaks for the old document, as a page being unloaded may.
   */
  pageIpc(): PageIpc {
    this.check();
    const renderFrame = this.mainFrame.currentRenderFrame;
    const event = (): Record<string, unknown> => {
      const frame = this.mainFrame;
      return {
        type: 'frame',
        sender: this,
        processId: 1,
        frameId: 1,
        get senderFrame() {
          return frame.senderFrameOf(renderFrame);
        },
      };
    };
    return {
      invoke: (channel, ...args) => this.owner.ipcMain.invokeFrom(event(), channel, args),
      sendSync: (channel, ...args) => this.owner.ipcMain.sendSyncFrom(event(), channel, args),
    };
  }

  openDevTools(): void {
    this.check();
    if (this.devTools) return;
    this.devTools = true;
    // The DevTools front end loads, then the event (InspectableWebContents::LoadCompleted).
    setImmediate(() => this.emitNative('devtools-opened'));
  }

  closeDevTools(): void {
    this.check();
    if (!this.devTools) return;
    this.devTools = false;
    setImmediate(() => this.emitNative('devtools-closed'));
  }

  isDevToolsOpened(): boolean {
    this.check();
    return this.devTools;
  }

  /** The page logs a console message (the details object of current Electron). */
  logToConsole(level: 'info' | 'warning' | 'error' | 'debug', message: string): void {
    this.emitNative('console-message', { level, message, lineNumber: 1, sourceId: '' });
  }

  /** The renderer process dies. */
  crash(reason = 'crashed'): void {
    this.emitNative('render-process-gone', {}, { reason, exitCode: 1 });
  }

  /** The window closes: the debugger's session ends, then the contents are destroyed. */
  destroy(): void {
    if (this.destroyedNow) return;
    // `_awaitNextLoad` ends on `destroyed` without a failure of its own: ERR_FAILED.
    this.abortLoad?.(NET_ERRORS.FAILED);
    if (this.debugger.isAttached()) this.debugger.agentHostClosed();
    this.destroyedNow = true;
    this.mainFrame.dispose();
    this.emitNative('destroyed');
  }

  private navigate(url: string, done: (error: NetError | null) => void): void {
    this.abortLoad?.(NET_ERRORS.ABORTED);
    const navigation = ++this.navigation;
    let settled = false;
    const settle = (error: NetError | null) => {
      if (settled) return;
      settled = true;
      if (this.abortLoad === abort) this.abortLoad = null;
      done(error);
    };
    const abort = (error: NetError) => settle(error);
    this.abortLoad = abort;
    this.emitNative('did-start-navigation', { url, isMainFrame: true }, url, false, true);
    void (async () => {
      const offline = this.debugger.overrides.offline === true;
      const outcome = await this.session.request(new Request(url), offline);
      const body =
        'response' in outcome ? new Uint8Array(await outcome.response.arrayBuffer()) : null;
      if (settled || navigation !== this.navigation || this.destroyedNow) return;
      this.mainFrame.commit(url);
      if ('error' in outcome) {
        this.page = { url, error: outcome.error };
        this.emitNative(
          'did-fail-load',
          {},
          outcome.error.code,
          outcome.error.description,
          url,
          true,
        );
        settle(outcome.error);
        return;
      }
      const { response } = outcome;
      this.page = { url, status: response.status, headers: response.headers, body: body! };
      this.emitNative('did-finish-load');
      settle(null);
    })();
  }

  private check(): void {
    if (this.destroyedNow) throw destroyedError();
  }
}

/** The IPC of one document of the page (its preload's `ipcRenderer`). */
export interface PageIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  sendSync(channel: string, ...args: unknown[]): unknown;
}
