/**
 * A recording stand-in for the `electron` module, one module per Electron class (app.ts,
 * browserWindow.ts, webContents.ts, webFrameMain.ts, debugger.ts, session.ts, ipcMain.ts,
 * dialog.ts, menu.ts), each behaviour citing the Electron doc page or source it copies, for
 * running main where no Electron binary exists: its sources under Vitest (`vi.mock('electron',
 * () => fake.module)`), or the built `out/main` under Node's own ESM loader (builtMain/).
 * This file: the module object and the small classes (protocol, session, screen, shell, net).
 */
import { FakeApp } from './app';
import { FakeBrowserWindow, type WindowOptions } from './browserWindow';
import { FakeDialog } from './dialog';
import { FakeIpcMain } from './ipcMain';
import { FakeMenu } from './menu';
import { FakeSession } from './session';

export class FakeElectron {
  /** Ordered record of what main did when (`ready` marks the app becoming ready). */
  readonly log: string[] = [];
  readonly windows: FakeBrowserWindow[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly privilegedSchemes: { scheme: string; privileges: Record<string, unknown> }[] = [];
  readonly app: FakeApp;
  readonly ipcMain = new FakeIpcMain();
  readonly dialog = new FakeDialog();
  readonly menu = new FakeMenu();
  readonly externalUrls: string[] = [];
  /** `net.fetch` of the default session: the phone must never go through it. */
  readonly netFetches: string[] = [];
  workArea = { width: 1440, height: 900 };

  constructor(userData: string) {
    this.app = new FakeApp(userData, this.windows, this.log);
  }

  /** Electron has started. */
  becomeReady(): void {
    this.app.becomeReady();
  }

  /**
   * `session.defaultSession` (partition '') and `session.fromPartition` (docs/api/session.md):
   * before ready they throw "Session can only be received when app is ready"
   * (shell/browser/api/electron_api_session.cc).
   */
  sessionOf(partition: string): FakeSession {
    if (!this.app.isReady()) throw new TypeError('Session can only be received when app is ready');
    let ses = this.sessions.get(partition);
    if (!ses) {
      ses = new FakeSession(partition);
      this.sessions.set(partition, ses);
      this.log.push(`session ${partition || 'default'}`);
    }
    return ses;
  }

  /** The window of a role its preload got (`app` or `panel`) that is not destroyed. */
  live(role: 'app' | 'panel'): FakeBrowserWindow | undefined {
    return this.windows.find((w) => !w.isDestroyed() && w.role === role);
  }

  /** `ipcRenderer.invoke` from a window's current document. */
  invoke(channel: string, from: FakeBrowserWindow, ...args: unknown[]): Promise<unknown> {
    return from.webContents.pageIpc().invoke(channel, ...args);
  }

  /** `ipcRenderer.sendSync` from a window's current document. */
  sendSync(channel: string, from: FakeBrowserWindow, ...args: unknown[]): unknown {
    return from.webContents.pageIpc().sendSync(channel, ...args);
  }

  /** The object `vi.mock('electron', () => fake.module)` answers, and the built main imports. */
  get module(): Record<string, unknown> {
    const owner = this;
    class BrowserWindow extends FakeBrowserWindow {
      constructor(options: WindowOptions) {
        super(options, owner);
      }
      static getAllWindows() {
        return owner.windows.filter((w) => !w.isDestroyed());
      }
      static getFocusedWindow() {
        return owner.windows.find((w) => !w.isDestroyed() && w.focused) ?? null;
      }
    }
    return {
      app: this.app,
      BrowserWindow,
      protocol: {
        // shell/browser/api/electron_api_protocol.cc: "protocol.registerSchemesAsPrivileged
        // should be called before app is ready".
        registerSchemesAsPrivileged: (schemes: FakeElectron['privilegedSchemes']) => {
          if (owner.app.isReady()) {
            throw new Error(
              'protocol.registerSchemesAsPrivileged should be called before app is ready',
            );
          }
          owner.log.push('protocol.registerSchemesAsPrivileged');
          owner.privilegedSchemes.push(...schemes);
        },
      },
      session: {
        get defaultSession() {
          return owner.sessionOf('');
        },
        fromPartition: (partition: string) => owner.sessionOf(partition),
      },
      net: {
        fetch: (input: string | Request, init?: RequestInit) => {
          owner.netFetches.push(typeof input === 'string' ? input : input.url);
          return owner.sessionOf('').fetch(input, init);
        },
      },
      ipcMain: this.ipcMain,
      Menu: this.menu.module,
      dialog: this.dialog.module,
      // docs/api/shell.md: openExternal answers a promise.
      shell: {
        openExternal: async (url: string) => {
          owner.externalUrls.push(url);
        },
      },
      // shell/browser/api/electron_api_screen.cc: not before the app is ready.
      screen: {
        getPrimaryDisplay: () => {
          if (!owner.app.isReady()) {
            throw new Error("The 'screen' module can't be used before the app 'ready' event");
          }
          return { workAreaSize: owner.workArea };
        },
      },
    };
  }
}

/**
 * What Electron does with main's uncaught exceptions (lib/browser/init.ts): unless main has a
 * handler of its own, an error box "A JavaScript error occurred in the main process", and the
 * app goes on. For the built main under Node, where nothing else would.
 */
export function installElectronUncaughtHandler(fake: FakeElectron): () => void {
  const handler = (error: unknown) => {
    if (process.listenerCount('uncaughtException') > 1) return;
    const stack =
      error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    (fake.module.dialog as { showErrorBox(t: string, c: string): void }).showErrorBox(
      'A JavaScript error occurred in the main process',
      `Uncaught Exception:\n${stack}`,
    );
  };
  process.on('uncaughtException', handler);
  return () => process.off('uncaughtException', handler);
}

export { FakeBrowserWindow };
