/**
 * A recording stand-in for the `electron` module, for running main (its sources or the built
 * `out/main/index.js`) where no Electron binary exists. It keeps what main asks for (schemes,
 * sessions and their handlers, windows, menus, dialogs, IPC) and behaves as Electron does where
 * main depends on it:
 * - windows need the app ready; `loadURL` goes through the session's `protocol.handle` handler
 *   and rejects on a network-error answer, as a failed navigation does;
 * - the DevTools protocol keeps each override in the debugger session: opening DevTools detaches
 *   the debugger (the Debugger docs' `detach`) and the page loses them all;
 * - offline emulation through that protocol does not reach `protocol.handle` loaders.
 * Use: `const fake = await vi.hoisted(async () => new (await import(…)).FakeElectron(dir))` and
 * `vi.mock('electron', () => fake.module)`.
 */

type Listener = (...args: unknown[]) => unknown;
type ProtocolHandler = (request: Request) => Promise<Response> | Response;

/** What a test scripts a dialog to answer, by kind. */
interface DialogAnswers {
  save: { canceled: boolean; filePath?: string }[];
  open: { canceled: boolean; filePaths: string[] }[];
}

/** A dialog main showed: its kind, the window it belongs to and its options. */
interface DialogRecord {
  kind: 'save' | 'open' | 'messageBox' | 'errorBox';
  parent: FakeBrowserWindow | null;
  options: Record<string, unknown>;
}

class Emitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(name, wrapped);
      return listener(...args);
    };
    return this.on(name, wrapped);
  }
  off(name: string, listener: Listener): this {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(name: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(...args);
  }
  listenerCount(name: string): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}

/** An event main may cancel. */
function cancellable<T extends object>(fields: T = {} as T) {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

class FakeSession {
  readonly handlers = new Map<string, ProtocolHandler>();
  readonly beforeSendHeaders: { urls: string[]; listener: Listener }[] = [];
  headersReceived: Listener | null = null;
  permissionRequest: Listener | null = null;
  permissionCheck: Listener | null = null;
  /** Every `ses.fetch` of this session: the phone's requests stay in its partition. */
  readonly fetches: string[] = [];
  readonly protocol = {
    handle: (scheme: string, handler: ProtocolHandler) => {
      if (!this.owner.ready) throw new Error('protocol.handle before the app is ready');
      this.handlers.set(scheme, handler);
    },
    isProtocolHandled: (scheme: string) => this.handlers.has(scheme),
  };
  readonly webRequest = {
    onBeforeSendHeaders: (filter: { urls: string[] }, listener: Listener) => {
      this.beforeSendHeaders.push({ urls: filter.urls, listener });
    },
    onHeadersReceived: (listener: Listener) => {
      this.headersReceived = listener;
    },
  };

  constructor(
    readonly partition: string,
    private readonly owner: FakeElectron,
  ) {}

  setPermissionRequestHandler(handler: Listener): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: Listener): void {
    this.permissionCheck = handler;
  }

  /**
   * `ses.fetch`: the session's own handlers unless bypassed, else the network (Node's fetch) with
   * the session's `onBeforeSendHeaders` hooks applied.
   */
  async fetch(
    input: string | Request,
    init: RequestInit & { bypassCustomProtocolHandlers?: boolean } = {},
  ): Promise<Response> {
    const { bypassCustomProtocolHandlers, ...rest } = init;
    const request = new Request(input, rest);
    this.fetches.push(request.url);
    const scheme = new URL(request.url).protocol.slice(0, -1);
    const handler = this.handlers.get(scheme);
    if (handler && !bypassCustomProtocolHandlers) return handler(request);
    let headers: Record<string, string> = Object.fromEntries(request.headers);
    for (const hook of this.beforeSendHeaders) {
      if (!hook.urls.some((pattern) => matches(pattern, request.url))) continue;
      hook.listener({ url: request.url, requestHeaders: headers }, (answer: unknown) => {
        headers = (answer as { requestHeaders?: Record<string, string> }).requestHeaders ?? headers;
      });
    }
    return fetch(new Request(request, { headers }));
  }
}

/** Electron's URL patterns as main uses them: `<origin>/*`. */
function matches(pattern: string, url: string): boolean {
  return pattern.endsWith('*') ? url.startsWith(pattern.slice(0, -1)) : url === pattern;
}

/** The DevTools-protocol session of a page: overrides live only while it is attached. */
class FakeDebugger extends Emitter {
  attached = false;
  readonly commands: [string, unknown][] = [];
  overrides: {
    metrics?: Record<string, unknown>;
    insets?: Record<string, number>;
    userAgent?: string;
    offline?: boolean;
    scripts: Map<string, string>;
  } = { scripts: new Map() };
  private nextScript = 0;

  isAttached(): boolean {
    return this.attached;
  }
  attach(): void {
    if (this.attached) throw new Error('Debugger is already attached to the target');
    this.attached = true;
  }
  /** The session ends (DevTools took it, the window closed): every override goes with it. */
  detach(reason = 'canceled_by_user'): void {
    if (!this.attached) return;
    this.attached = false;
    this.overrides = { scripts: new Map() };
    this.emit('detach', {}, reason);
  }
  async sendCommand(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    if (!this.attached) throw new Error('Debugger is not attached to the target');
    this.commands.push([method, params]);
    switch (method) {
      case 'Emulation.setDeviceMetricsOverride':
        this.overrides.metrics = params;
        return {};
      case 'Emulation.setSafeAreaInsetsOverride':
        this.overrides.insets = params.insets as Record<string, number>;
        return {};
      case 'Emulation.setUserAgentOverride':
        this.overrides.userAgent = params.userAgent as string;
        return {};
      case 'Network.emulateNetworkConditions':
        this.overrides.offline = params.offline as boolean;
        return {};
      case 'Page.addScriptToEvaluateOnNewDocument': {
        const identifier = String(++this.nextScript);
        this.overrides.scripts.set(identifier, params.source as string);
        return { identifier };
      }
      case 'Page.removeScriptToEvaluateOnNewDocument':
        this.overrides.scripts.delete(params.identifier as string);
        return {};
      default:
        return {};
    }
  }
}

/** A page as main sees it through webContents. */
class FakeWebContents extends Emitter {
  readonly debugger = new FakeDebugger();
  readonly mainFrame = { url: '' };
  readonly sent: [string, unknown][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  devToolsOpened = false;
  destroyed = false;
  /** The page's localStorage, as `executeJavaScript` of main's storage reader sees it. */
  localStorage: Record<string, string> = {};

  constructor(readonly session: FakeSession) {
    super();
  }

  send(channel: string, message: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push([channel, message]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  /** DevTools take the debugger when they open (the Debugger docs' `detach`). */
  openDevTools(): void {
    this.devToolsOpened = true;
    this.emit('devtools-opened');
    this.debugger.detach('replaced_with_devtools');
  }
  closeDevTools(): void {
    if (!this.devToolsOpened) return;
    this.devToolsOpened = false;
    this.emit('devtools-closed');
  }
  isDevToolsOpened(): boolean {
    return this.devToolsOpened;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  async executeJavaScript(): Promise<unknown> {
    return JSON.stringify(this.localStorage);
  }
  /** The page navigates itself (a link, `location.href`): answers whether main stopped it. */
  navigate(url: string): boolean {
    const event = cancellable({ url, isMainFrame: true });
    this.emit('will-navigate', event, url);
    this.emit('will-frame-navigate', event);
    return event.defaultPrevented;
  }
  /** An iframe inside the page navigates: answers whether main stopped it. */
  navigateFrame(url: string): boolean {
    const details = cancellable({ url, isMainFrame: false });
    this.emit('will-frame-navigate', details);
    return details.defaultPrevented;
  }
}

/** What the last successful load of a window answered. */
interface LoadedPage {
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

export class FakeBrowserWindow extends Emitter {
  private static nextId = 1;
  readonly id = FakeBrowserWindow.nextId++;
  readonly webContents: FakeWebContents;
  readonly loads: string[] = [];
  page: LoadedPage | null = null;
  contentSize: [number, number];
  visible = true;
  focused = false;
  minimized = false;
  destroyed = false;

  constructor(
    readonly options: {
      width?: number;
      height?: number;
      webPreferences?: { partition?: string; additionalArguments?: string[] };
    },
    private readonly owner: FakeElectron,
  ) {
    super();
    if (!owner.ready) throw new Error('Cannot create BrowserWindow before app is ready');
    const partition = options.webPreferences?.partition ?? '';
    this.webContents = new FakeWebContents(owner.sessionOf(partition));
    this.contentSize = [options.width ?? 800, options.height ?? 600];
    owner.windows.push(this);
    owner.app.emit('web-contents-created', cancellable(), this.webContents);
  }

  /** The role main gave the window's preload (`app` or `panel`). */
  get role(): string | undefined {
    const arg = this.options.webPreferences?.additionalArguments?.find((a) =>
      a.startsWith('--dl-role='),
    );
    return arg?.slice('--dl-role='.length);
  }

  /** Loads through the session's handler; a network-error answer fails the navigation. */
  async loadURL(url: string): Promise<void> {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.loads.push(url);
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.webContents.session.handlers.get(scheme);
    const answer = handler
      ? await handler(new Request(url))
      : await fetch(url).catch(() => Response.error());
    if (answer.type === 'error') {
      this.webContents.emit('did-fail-load', {}, -2, 'ERR_FAILED', url, true);
      throw new Error(`ERR_FAILED (-2) loading '${url}'`);
    }
    this.page = { url, status: answer.status, headers: answer.headers, body: await answer.text() };
    this.webContents.mainFrame.url = url;
    this.webContents.emit('did-finish-load');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The user closes the window. */
  close(): void {
    if (this.destroyed) return;
    const event = cancellable();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.debugger.detach('target closed');
    this.emit('closed');
    if (this.owner.windows.every((w) => w.destroyed)) this.owner.app.emit('window-all-closed');
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
    return this.visible;
  }
  focus(): void {
    this.check();
    for (const other of this.owner.windows) other.focused = false;
    this.focused = true;
  }
  isFocused(): boolean {
    return this.focused;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  minimize(): void {
    this.minimized = true;
  }
  restore(): void {
    this.minimized = false;
  }
  setContentSize(width: number, height: number): void {
    this.check();
    this.contentSize = [width, height];
  }
  getContentSize(): [number, number] {
    return this.contentSize;
  }
  private check(): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
  }
}

/** A menu as main built it: its template, with a click helper. */
interface MenuItemRecord {
  label?: string;
  role?: string;
  click?: (...args: unknown[]) => void;
  submenu?: MenuItemRecord[];
}

export class FakeElectron {
  ready = false;
  /** Ordered record of what main did when (`ready` marks the app becoming ready). */
  readonly log: string[] = [];
  readonly windows: FakeBrowserWindow[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly privilegedSchemes: { scheme: string; privileges: Record<string, unknown> }[] = [];
  readonly ipcHandlers = new Map<string, Listener>();
  readonly ipcListeners = new Map<string, Listener>();
  readonly dialogs: DialogRecord[] = [];
  readonly dialogAnswers: DialogAnswers = { save: [], open: [] };
  readonly externalUrls: string[] = [];
  /** `net.fetch` of the default session: the phone must never go through it. */
  readonly netFetches: string[] = [];
  menu: MenuItemRecord[] | null = null;
  workArea = { width: 1440, height: 900 };
  /** Another simulator holds the single-instance lock. */
  lockHeld = false;
  quitCalls = 0;
  exitCode: number | null = null;
  readonly paths: Record<string, string>;
  readonly app: Emitter & Record<string, unknown>;
  private readonly readyWaiters: (() => void)[] = [];

  constructor(userData: string) {
    this.paths = { userData, downloads: `${userData}/downloads` };
    const app = new Emitter() as Emitter & Record<string, unknown>;
    Object.assign(app, {
      enableSandbox: () => this.log.push('app.enableSandbox'),
      setPath: (name: string, path: string) => {
        this.paths[name] = path;
      },
      getPath: (name: string) => this.paths[name] ?? `${userData}/${name}`,
      whenReady: () =>
        this.ready ? Promise.resolve() : new Promise<void>((r) => this.readyWaiters.push(r)),
      isReady: () => this.ready,
      requestSingleInstanceLock: () => {
        this.log.push('app.requestSingleInstanceLock');
        if (!this.lockHeld) {
          this.lockHeld = true;
          return true;
        }
        // The first instance hears of the second (here: the same app object's listeners).
        this.app.emit('second-instance', cancellable(), [], process.cwd());
        return false;
      },
      quit: () => {
        this.quitCalls += 1;
        this.log.push('app.quit');
      },
      exit: (code = 0) => {
        this.exitCode = code;
      },
      focus: () => undefined,
    });
    this.app = app;
  }

  /** The app becomes ready (what Electron does once it has started). */
  becomeReady(): void {
    this.ready = true;
    this.log.push('ready');
    this.app.emit('ready');
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  sessionOf(partition: string): FakeSession {
    if (!this.ready) throw new Error('Session can only be received when app is ready');
    let ses = this.sessions.get(partition);
    if (!ses) {
      ses = new FakeSession(partition, this);
      this.sessions.set(partition, ses);
      this.log.push(`session ${partition || 'default'}`);
    }
    return ses;
  }

  /** Windows not destroyed, by the role their preload got. */
  live(role: 'app' | 'panel'): FakeBrowserWindow | undefined {
    return this.windows.find((w) => !w.destroyed && w.role === role);
  }

  /** Clicks a menu item by its path of labels (or roles). */
  clickMenu(path: readonly string[]): void {
    let items = this.menu ?? [];
    let item: MenuItemRecord | undefined;
    for (const name of path) {
      item = items.find((i) => i.label === name || i.role === name);
      if (!item) throw new Error(`No menu item ${path.join(' → ')}`);
      items = item.submenu ?? [];
    }
    if (!item?.click) throw new Error(`Menu item ${path.join(' → ')} does nothing`);
    item.click({}, undefined, {});
  }

  /** `ipcRenderer.invoke` from a window's main frame. */
  invoke(channel: string, from: FakeBrowserWindow, ...args: unknown[]): Promise<unknown> {
    const handler = this.ipcHandlers.get(channel);
    if (!handler) throw new Error(`No IPC handler for ${channel}`);
    return Promise.resolve(handler({ senderFrame: from.webContents.mainFrame }, ...args));
  }

  /** `ipcRenderer.sendSync` from a window's main frame. */
  sendSync(channel: string, from: FakeBrowserWindow, ...args: unknown[]): unknown {
    const listener = this.ipcListeners.get(channel);
    if (!listener) throw new Error(`No IPC listener for ${channel}`);
    const event = { senderFrame: from.webContents.mainFrame, returnValue: undefined as unknown };
    listener(event, ...args);
    return event.returnValue;
  }

  /** The object `vi.mock('electron', () => fake.module)` answers. */
  get module(): Record<string, unknown> {
    const owner = this;
    const dialogCall =
      (kind: 'save' | 'open' | 'messageBox') =>
      async (first: unknown, second?: unknown): Promise<unknown> => {
        const parent = first instanceof FakeBrowserWindow ? first : null;
        const options = (parent ? second : first) as Record<string, unknown>;
        owner.dialogs.push({ kind, parent, options });
        if (kind === 'save') return owner.dialogAnswers.save.shift() ?? { canceled: true };
        if (kind === 'open') {
          return owner.dialogAnswers.open.shift() ?? { canceled: true, filePaths: [] };
        }
        return { response: 0, checkboxChecked: false };
      };
    class BrowserWindow extends FakeBrowserWindow {
      constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
        super(options, owner);
      }
      static getAllWindows() {
        return owner.windows.filter((w) => !w.destroyed);
      }
      static getFocusedWindow() {
        return owner.windows.find((w) => !w.destroyed && w.focused) ?? null;
      }
    }
    return {
      app: this.app,
      BrowserWindow,
      protocol: {
        registerSchemesAsPrivileged: (schemes: FakeElectron['privilegedSchemes']) => {
          owner.log.push(`protocol.registerSchemesAsPrivileged${owner.ready ? ' (late)' : ''}`);
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
          return fetch(input, init);
        },
      },
      ipcMain: {
        handle: (channel: string, handler: Listener) => owner.ipcHandlers.set(channel, handler),
        on: (channel: string, listener: Listener) => owner.ipcListeners.set(channel, listener),
      },
      Menu: {
        buildFromTemplate: (template: MenuItemRecord[]) => template,
        setApplicationMenu: (menu: MenuItemRecord[] | null) => {
          owner.menu = menu;
        },
      },
      dialog: {
        showSaveDialog: dialogCall('save'),
        showOpenDialog: dialogCall('open'),
        showMessageBox: dialogCall('messageBox'),
        showErrorBox: (title: string, content: string) => {
          owner.dialogs.push({ kind: 'errorBox', parent: null, options: { title, content } });
        },
      },
      shell: {
        openExternal: async (url: string) => {
          owner.externalUrls.push(url);
        },
      },
      screen: {
        getPrimaryDisplay: () => ({ workAreaSize: owner.workArea }),
      },
    };
  }
}
