/**
 * The child process that runs the built Electron main (`out/main/index.js`) under Node's own ESM
 * loader, with the recording fake as `electron` (electronLoaderHook.mjs) and Electron's handling
 * of main's uncaught exceptions. It loads main as Electron loads a `"type": "module"` app
 * (lib/browser/init.ts: `cascadedLoader.import(main)`, a failure going to `uncaughtException`),
 * then answers the test's calls (protocol.ts) until the app quits.
 * Bundled for plain Node by builtMainProcess.ts; env: DL_BUILT_MAIN (the main file),
 * DL_ELECTRON_HOOK (the hook file), DL_USER_DATA (the user-data directory, as main reads it).
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FakeBrowserWindow } from '@tests/support/electron/browserWindow';
import type { PageIpc } from '@tests/support/electron/webContents';
import { FakeElectron, installElectronUncaughtHandler } from '@tests/support/electron/fakeElectron';
import type { Answer, Call, FakeState, PageResponse, WindowState } from './protocol';

const mainFile = process.env.DL_BUILT_MAIN ?? '';
const hookFile = process.env.DL_ELECTRON_HOOK ?? '';
const userData = process.env.DL_USER_DATA ?? '';

const fakes = new Map<string, FakeElectron>();
(globalThis as Record<symbol, unknown>)[Symbol.for('dl.fakeElectron')] = fakes;
const fake = new FakeElectron(userData);
fakes.set('1', fake);
installElectronUncaughtHandler(fake);
register(pathToFileURL(hookFile), {
  data: { exportNames: Object.keys(fake.module) },
});

const send = (message: unknown) => process.send?.(message);

/** A window by the role its preload was given. */
function windowOf(role: 'app' | 'panel'): FakeBrowserWindow {
  const window = fake.live(role);
  if (!window) throw new Error(`No open ${role} window`);
  return window;
}

const headersOf = (headers: Headers) => Object.fromEntries(headers);

function windowState(window: FakeBrowserWindow): WindowState {
  const contents = window.webContents;
  const page = contents.page;
  const { overrides } = contents.debugger;
  const destroyed = window.isDestroyed();
  return {
    id: window.id,
    role: window.role,
    destroyed,
    partition: contents.session.partition,
    visible: destroyed ? false : window.isVisible(),
    focused: destroyed ? false : window.isFocused(),
    minimized: destroyed ? false : window.isMinimized(),
    contentSize: destroyed ? [0, 0] : window.getContentSize(),
    devTools: destroyed ? false : contents.isDevToolsOpened(),
    loads: [...contents.loads],
    documents: contents.mainFrame.currentRenderFrame,
    page: !page
      ? null
      : 'error' in page
        ? { url: page.url, error: page.error.description }
        : {
            url: page.url,
            status: page.status,
            headers: headersOf(page.headers),
            text: new TextDecoder().decode(page.body),
          },
    debugger: {
      attached: contents.debugger.isAttached(),
      overrides: { ...overrides, scripts: [...overrides.scripts.values()] },
      commands: contents.debugger.commands,
      evaluated: contents.debugger.evaluated,
    },
  };
}

function state(): FakeState {
  const roleOf = (window: FakeBrowserWindow | null) => window?.role ?? null;
  return {
    log: fake.log,
    privilegedSchemes: fake.privilegedSchemes,
    windows: fake.windows.map(windowState),
    sessions: [...fake.sessions.values()].map((ses) => ({
      partition: ses.partition,
      schemes: [...ses.handlers.keys()],
      worldHeaderUrls: ses.beforeSendHeaders?.urls ?? null,
      permissionCheck: ses.permissionCheck?.(null, 'media', 'app://simulator', {}),
      fetches: ses.fetches,
    })),
    dialogs: fake.dialog.shown.map((d) => ({
      kind: d.kind,
      parentRole: roleOf(d.parent),
      options: d.options,
    })),
    externalUrls: fake.externalUrls,
    netFetches: fake.netFetches,
    quitCalls: fake.app.quitCalls,
    quitted: fake.app.quitted,
    exitCode: fake.app.exitCode,
    workArea: fake.workArea,
  };
}

/** A request of the page in `role`'s window, through its session, as Chromium would make it. */
async function pageRequest(
  role: 'app' | 'panel',
  url: string,
  init: RequestInit = {},
): Promise<PageResponse> {
  const contents = windowOf(role).webContents;
  const offline = contents.debugger.overrides.offline === true;
  const outcome = await contents.session.request(new Request(url, init), offline);
  if ('error' in outcome) return { error: outcome.error.description, code: outcome.error.code };
  const { response } = outcome;
  return {
    status: response.status,
    headers: headersOf(response.headers),
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Loads main as Electron does: an import failure is main's uncaught exception. */
async function importMain(query = ''): Promise<void> {
  try {
    await import(`${pathToFileURL(mainFile).href}${query}`);
  } catch (error) {
    (process.emit as (event: string, ...args: unknown[]) => boolean)(
      'uncaughtException',
      error,
      'uncaughtException',
    );
  }
}

type Op = (...args: never[]) => unknown;

/** Documents a test kept hold of, to speak for them after they were replaced. */
const rememberedPages = new Map<string, PageIpc>();

const ops: Record<string, Op> = {
  importMain: () => importMain(),
  ready: () => fake.becomeReady(),
  state,
  invoke: (role: 'app' | 'panel', channel: string, ...args: unknown[]) =>
    fake.invoke(channel, windowOf(role), ...args),
  sendSync: (role: 'app' | 'panel', channel: string, ...args: unknown[]) =>
    fake.sendSync(channel, windowOf(role), ...args),
  clickMenu: (path: string[]) => fake.menu.click(path),
  /** Keeps the IPC of the current document of `role`'s window under `name`. */
  rememberPage: (role: 'app' | 'panel', name: string) => {
    rememberedPages.set(name, windowOf(role).webContents.pageIpc());
  },
  /** `invoke` or `sendSync` from a remembered document, even one since replaced. */
  fromRemembered: (
    name: string,
    kind: 'invoke' | 'sendSync',
    channel: string,
    ...args: unknown[]
  ) => {
    const page = rememberedPages.get(name);
    if (!page) throw new Error(`No remembered page ${name}`);
    return page[kind](channel, ...args);
  },
  request: pageRequest,
  sessionFetch: async (role: 'app' | 'panel', url: string) => {
    const answer = await windowOf(role).webContents.session.fetch(url);
    return { status: answer.status, type: answer.headers.get('content-type') };
  },
  /** What the user or the page does to a window. */
  window: (role: 'app' | 'panel', action: string, arg?: string) => {
    const window = windowOf(role);
    const contents = window.webContents;
    switch (action) {
      case 'close':
        return window.close();
      case 'focus':
        return window.focus();
      case 'blur':
        window.focused = false;
        return;
      case 'minimize':
        return window.minimize();
      case 'openDevTools':
        return contents.openDevTools();
      case 'closeDevTools':
        return contents.closeDevTools();
      case 'detachDebugger':
        return contents.debugger.detach();
      case 'navigate':
        return contents.navigateFromPage(arg ?? '');
      case 'navigateFrame':
        return contents.navigateFrameFromPage(arg ?? '');
      case 'windowOpen':
        return contents.openWindowFromPage(arg ?? '');
      case 'consoleError':
        return contents.logToConsole('error', arg ?? '');
      case 'crash':
        return contents.crash(arg);
      default:
        throw new Error(`Unknown window action ${action}`);
    }
  },
  /** The operating system asks the app something (`activate`: the dock icon). */
  appEvent: (name: string) => fake.app.emitNative(name, {}),
  setWorkArea: (area: { width: number; height: number }) => {
    fake.workArea = area;
  },
  answerDialog: (kind: 'save' | 'open', answer: never) => {
    (fake.dialog.answers[kind] as unknown[]).push(answer);
  },
  /** A second launch on the same user-data directory: what that process did. */
  secondInstance: async () => {
    const second = new FakeElectron(userData);
    fakes.set('2', second);
    await importMain('?instance=2');
    // Electron quits a process that asked for it once the quit has run.
    await new Promise((resolve) => setImmediate(resolve));
    return { quitCalls: second.app.quitCalls, windows: second.windows.length };
  },
  /** The user quits: answers once the app has quit (main waits for its mock server). */
  quit: async () => {
    if (!fake.app.quitted) {
      const quit = new Promise((resolve) => fake.app.once('quit', resolve));
      fake.app.quit();
      await quit;
    }
    return state();
  },
};

process.on('message', (raw: unknown) => {
  const call = raw as Call;
  void (async () => {
    let answer: Answer;
    try {
      const op = ops[call.op];
      if (!op) throw new Error(`Unknown op ${call.op}`);
      answer = {
        id: call.id,
        ok: true,
        value: await (op as (...a: unknown[]) => unknown)(...call.args),
      };
    } catch (error) {
      answer = {
        id: call.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    }
    send(answer);
  })();
});

send({ ready: true });
