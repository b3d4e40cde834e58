import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { HostCore } from '@host/HostCore';
import { PANEL_IPC } from '@host/panelApi';
import { FakeAdminClient, FakeWorkbenchClient } from '@host/testing';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { consoleErrorOf, Simulator, showExternalUrl } from './simulator';

vi.mock('electron', () => ({}));

class FakeWindow {
  static all: FakeWindow[] = [];
  readonly sent: [string, unknown][] = [];
  readonly loaded: string[] = [];
  visible = true;
  destroyed = false;
  size: [number, number];
  devTools = 0;
  readonly protocolCommands: [string, unknown][] = [];
  localStorage: Record<string, string> = { 'dl.user': '{"token":"T"}' };
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly contentsHandlers = new Map<string, ((...args: unknown[]) => void)[]>();
  focused = false;
  minimized = false;
  readonly debuggerHandlers: ((...args: unknown[]) => void)[] = [];
  readonly webContents = {
    isDestroyed: () => this.destroyed,
    debugger: {
      attached: false,
      isAttached: () => this.webContents.debugger.attached,
      attach: () => {
        this.webContents.debugger.attached = true;
      },
      on: (name: string, handler: (...args: unknown[]) => void) => {
        if (name === 'detach') this.debuggerHandlers.push(handler);
      },
      /** What opening DevTools does: the session and every override in it end. */
      detach: (reason: string) => {
        this.webContents.debugger.attached = false;
        for (const handler of this.debuggerHandlers) handler({}, reason);
      },
      sendCommand: async (method: string, params?: unknown) => {
        this.protocolCommands.push([method, params]);
        if (method === 'Page.addScriptToEvaluateOnNewDocument') {
          return { identifier: `script-${this.protocolCommands.length}` };
        }
        return undefined;
      },
    },
    getURL: () => this.loaded.at(-1) ?? '',
    executeJavaScript: async () => JSON.stringify(this.localStorage),
    send: (channel: string, message: unknown) => {
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.sent.push([channel, message]);
    },
    on: (name: string, handler: (...args: unknown[]) => void) => {
      this.contentsHandlers.set(name, [...(this.contentsHandlers.get(name) ?? []), handler]);
    },
    setWindowOpenHandler: () => undefined,
    openDevTools: () => (this.devTools += 1),
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {
    this.size = [options.width ?? 0, options.height ?? 0];
    FakeWindow.all.push(this);
  }
  failNextLoad: Error | null = null;
  loadURL(url: string) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.loaded.push(url);
    const failure = this.failNextLoad;
    this.failNextLoad = null;
    return failure ? Promise.reject(failure) : Promise.resolve();
  }
  on(name: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  emit(name: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(name) ?? []) handler(...args);
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** What the user does with the window's close button. */
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  show() {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.visible = true;
  }
  hide() {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.visible = false;
  }
  destroy() {
    this.destroyed = true;
  }
  setContentSize(width: number, height: number) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.size = [width, height];
  }
  isFocused() {
    return this.focused;
  }
  focus() {
    this.focused = true;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
}

async function setup(workArea?: { width: number; height: number }) {
  FakeWindow.all = [];
  const host = new HostCore({ admin: new FakeAdminClient() });
  const workbenchClient = new FakeWorkbenchClient();
  const files = {
    saved: [] as [string, string][],
    toOpen: null as string | null,
    failSave: null as Error | null,
    parents: [] as unknown[],
  } as {
    saved: [string, string][];
    toOpen: string | null;
    failSave: Error | null;
    parents: unknown[];
    save(parent: unknown, name: string, text: string): Promise<boolean>;
    open(parent: unknown): Promise<string | null>;
  };
  files.save = async (parent, name, text) => {
    files.parents.push(parent);
    if (files.failSave) throw files.failSave;
    files.saved.push([name, text]);
    return true;
  };
  files.open = async (parent) => {
    files.parents.push(parent);
    return files.toOpen;
  };
  const errors: { parent: unknown; title: string; detail: string }[] = [];
  const opened: string[] = [];
  const menus: unknown[] = [];
  const simulator = new Simulator({
    BrowserWindow: FakeWindow as never,
    Menu: {
      buildFromTemplate: (t: unknown) => t as never,
      setApplicationMenu: (m: unknown) => menus.push(m),
    },
    partitionOf: (profile: string) => `persist:phone-${profile}`,
    host,
    preloadPath: '/out/preload/index.cjs',
    appUrl: 'app://simulator/',
    panelUrl: 'app://simulator/harness.html?runtime=electron',
    allowedOrigins: ['app://simulator'],
    workbenchClient,
    files: files as never,
    showError: (parent, title, detail) => errors.push({ parent, title, detail }),
    openExternal: (url) => opened.push(url),
    ...(workArea ? { workArea: () => workArea } : {}),
  });
  simulator.start();
  await Promise.resolve();
  const app = () => simulator.appWindow as unknown as FakeWindow;
  const panel = simulator.panelWindow as unknown as FakeWindow;
  return { host, simulator, app, panel, menus, workbenchClient, files, errors, opened };
}

/** The menu's template as the simulator last set it. */
type MenuItem = { label?: string; role?: string; click?: () => void; submenu?: MenuItem[] };
function menuItem(menus: unknown[], path: string[]): MenuItem {
  let items = menus.at(-1) as MenuItem[];
  let found: MenuItem | undefined;
  for (const label of path) {
    found = items.find((i) => i.label === label || i.role === label);
    if (!found) throw new Error(`No menu item ${label}`);
    items = found.submenu ?? [];
  }
  return found!;
}

const argsOf = (w: FakeWindow) => w.options.webPreferences?.additionalArguments;

describe('Simulator windows', () => {
  it('opens the app at the device size with the app preload role, and the panel', async () => {
    const { app, panel } = await setup();
    expect(app().size).toEqual([390, 844]);
    expect(argsOf(app())).toEqual(['--dl-role=app', '--dl-profile=lender']);
    expect(app().loaded).toEqual(['app://simulator/']);
    expect(argsOf(panel)).toEqual(['--dl-role=panel']);
    expect(panel.loaded).toEqual(['app://simulator/harness.html?runtime=electron']);
  });

  it('recreates the app window on a profile switch (the web profile has no bridge)', async () => {
    const { host, app } = await setup();
    const first = app();
    await host.updateSettings({ profile: 'web' });
    expect(first.destroyed).toBe(true);
    expect(argsOf(app())).toEqual(['--dl-role=app', '--dl-profile=web']);
  });

  it('resizes for a device, reloads on a new generation, emulates offline through CDP', async () => {
    const { host, app } = await setup();
    await host.updateSettings({ device: 'android' });
    expect(app().size).toEqual([360, 640]);
    host.reload();
    expect(app().loaded).toEqual(['app://simulator/', 'app://simulator/']);
    await host.updateSettings({ online: false });
    await vi.waitFor(() =>
      expect(app().protocolCommands).toContainEqual([
        'Network.emulateNetworkConditions',
        expect.objectContaining({ offline: true }),
      ]),
    );
    await host.updateSettings({ online: true });
    await vi.waitFor(() =>
      expect(app().protocolCommands.at(-1)).toEqual([
        'Network.emulateNetworkConditions',
        expect.objectContaining({ offline: false }),
      ]),
    );
  });

  it('emulates the notched iPhone: insets, 3× pixels, touch, webview user agent', async () => {
    const { app } = await setup();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await vi.waitFor(() =>
      expect(app().protocolCommands).toContainEqual([
        'Emulation.setSafeAreaInsetsOverride',
        { insets: { top: 47, right: 0, bottom: 34, left: 0 } },
      ]),
    );
    expect(app().protocolCommands).toContainEqual([
      'Emulation.setDeviceMetricsOverride',
      expect.objectContaining({ deviceScaleFactor: 3, mobile: true }),
    ]);
    expect(app().protocolCommands).toContainEqual([
      'Emulation.setTouchEmulationEnabled',
      expect.objectContaining({ enabled: true }),
    ]);
    expect(app().protocolCommands).toContainEqual([
      'Emulation.setUserAgentOverride',
      { userAgent: expect.stringContaining('iPhone') },
    ]);
  });

  it('emulates again when DevTools close (they take the debugger while open)', async () => {
    const { app } = await setup();
    await vi.waitFor(() => expect(app().protocolCommands.length).toBeGreaterThan(0));
    const before = app().protocolCommands.length;
    for (const handler of app().contentsHandlers.get('devtools-closed') ?? []) handler();
    await vi.waitFor(() => expect(app().protocolCommands.length).toBeGreaterThan(before));
  });

  it('each profile opens in its own session partition', async () => {
    const { host, app } = await setup();
    expect(app().options.webPreferences?.partition).toBe('persist:phone-lender');
    await host.updateSettings({ profile: 'web' });
    expect(app().options.webPreferences?.partition).toBe('persist:phone-web');
    await host.updateSettings({ profile: 'lender' });
    expect(app().options.webPreferences?.partition).toBe('persist:phone-lender');
  });

  it('after the phone window is closed, panel actions do not throw and Reopen brings it back', async () => {
    const { host, app, simulator } = await setup();
    const closed = app();
    closed.close();
    expect(simulator.appWindow).toBeNull();
    await host.updateSettings({ device: 'android' });
    host.sendEvent('pageResume');
    host.reload();
    await simulator.apply({ type: 'reopen' });
    expect(app()).not.toBe(closed);
    expect(app().destroyed).toBe(false);
    expect(app().size).toEqual([360, 640]);
  });

  it('keeps its title, and a failed load is reported, not an unhandled rejection', async () => {
    const { app } = await setup();
    const prevented = vi.fn();
    app().emit('page-title-updated', { preventDefault: prevented });
    expect(prevented).toHaveBeenCalled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { host, app: phone } = await setup();
      phone().failNextLoad = new Error('ERR_ABORTED');
      host.reload();
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith('Could not load app://simulator/:', 'ERR_ABORTED'),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('sends the panel one snapshot per tick, not one per host change', async () => {
    const { host, panel } = await setup();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    await settle();
    const before = panel.sent.filter(([c]) => c === PANEL_IPC.changed).length;
    await host.call('dialPhone', { phone: '0917' });
    await settle();
    const after = panel.sent.filter(([c]) => c === PANEL_IPC.changed).length;
    expect(after - before).toBe(1);
  });

  it('hides the phone on closePage and shows it again on reopen', async () => {
    const { host, app } = await setup();
    await host.call('closePage');
    expect(app().visible).toBe(false);
    await host.reopen();
    expect(app().visible).toBe(true);
  });

  it('pushes snapshots to the panel and host events to the app', async () => {
    const { host, app, panel, simulator } = await setup();
    await host.call('dialPhone', { phone: '0917' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(panel.sent.some(([channel]) => channel === PANEL_IPC.changed)).toBe(true);
    host.sendEvent('loanSuccess');
    expect(app().sent).toContainEqual([
      IPC_CHANNELS.bridgeEvent,
      { event: 'loanSuccess', payload: null },
    ]);
    await simulator.apply({ type: 'openDevTools' });
    expect(app().devTools).toBe(1);
  });

  it('builds the menu with the scenarios of the mock server', async () => {
    const { menus } = await setup();
    await new Promise((r) => setTimeout(r, 0));
    const menu = menus.at(-1) as { label?: string; submenu?: { label: string }[] }[];
    const scenario = menu.find((m) => m.label === 'Scenario');
    expect(scenario?.submenu?.map((s) => s.label)).toContain('repaying');
    expect(menu.map((m) => m.label).filter(Boolean)).toEqual([
      'Profile',
      'Scenario',
      'Device',
      'Host',
    ]);
  });
});

describe('links the phone does not open in the app', () => {
  it.each([
    ['tel:09171234567', 'dialPhone', 'Calling 09171234567'],
    ['sms:0917?body=hi', 'sendSms', 'To 0917'],
    ['mailto:help@directloan.ph?subject=Hi', 'composeEmail', 'To help@directloan.ph'],
    ['https://example.com/x', 'openBrowser', 'https://example.com/x'],
  ])('%s shows the %s surface', async (url, method, detail) => {
    const host = new HostCore({ admin: new FakeAdminClient() });
    showExternalUrl(host, url);
    expect(host.getSnapshot().surfaces.at(-1)).toMatchObject({ method, detail });
  });

  it('the app window’s Date follows the world clock: before each document and in the live page', async () => {
    const { simulator, app } = await setup();
    const christmas = Date.UTC(2025, 11, 24, 2);
    await simulator.workbench.run({ op: 'setClock', command: { at: christmas, running: false } });
    await vi.waitFor(() =>
      expect(app().protocolCommands.map(([method]) => method)).toEqual(
        expect.arrayContaining(['Page.addScriptToEvaluateOnNewDocument', 'Runtime.evaluate']),
      ),
    );
    const script = app().protocolCommands.find(
      ([method]) => method === 'Page.addScriptToEvaluateOnNewDocument',
    )?.[1] as { source: string };
    // The script the page runs gives it the world's frozen time.
    const page = { Date };
    new Function('window', script.source)(page);
    expect(page.Date.now()).toBe(christmas);
    await simulator.workbench.run({ op: 'resetClock' });
    await vi.waitFor(() =>
      expect(app().protocolCommands.map(([method]) => method)).toContain(
        'Page.removeScriptToEvaluateOnNewDocument',
      ),
    );
  });

  it('exports a repro bundle through the menu and imports one into the phone', async () => {
    const { simulator, app, files, workbenchClient, host } = await setup();
    app().loaded.push('app://simulator/bill');
    await simulator.apply({ type: 'saveBundle' });
    expect(files.saved).toHaveLength(1);
    const [name, text] = files.saved[0]!;
    expect(name).toMatch(/^direct-loan-repro-lender-can-borrow-.*\.json$/);
    expect(JSON.parse(text)).toMatchObject({
      runtime: 'electron',
      path: '/bill',
      appStorage: { 'dl.user': '{"token":"T"}' },
    });

    files.toOpen = text.replace('"device": "iphone"', '"device": "tablet"');
    workbenchClient.scenario = 'new-user';
    await simulator.apply({ type: 'openBundle' });
    expect(workbenchClient.restored).toHaveLength(1);
    expect(host.getSnapshot()).toMatchObject({
      scenario: 'can-borrow',
      settings: { device: 'tablet' },
    });
    // The app's storage runs first in the next page, and the bundle's route opens.
    await vi.waitFor(() => expect(app().loaded.at(-1)).toBe('app://simulator/bill'));
    const sources = app()
      .protocolCommands.filter(([method]) => method === 'Page.addScriptToEvaluateOnNewDocument')
      .map(([, params]) => (params as { source: string }).source);
    expect(sources.some((source) => source.includes('localStorage.setItem'))).toBe(true);

    // A bundle from someone else whose route is a script or another site is refused whole.
    for (const path of ['/javascript:alert(1)', '/http://evil.example/', '/\\\\evil.example']) {
      files.toOpen = text.replace('"path": "/bill"', `"path": ${JSON.stringify(path)}`);
      await expect(simulator.apply({ type: 'openBundle' })).rejects.toThrow(
        /Not a repro bundle at path: not a path of the app/,
      );
    }
    expect(app().loaded.every((url) => url.startsWith('app://simulator/'))).toBe(true);
    // A phone that wandered to a non-app URL exports the app's start, never that URL.
    app().loaded.push('app://simulator/javascript:alert(1)');
    await simulator.apply({ type: 'saveBundle' });
    expect(JSON.parse(files.saved.at(-1)?.[1] ?? '{}')).toMatchObject({ path: '/' });

    files.toOpen = '{"format":"something else"}';
    await expect(simulator.apply({ type: 'openBundle' })).rejects.toThrow(/Not a repro bundle/);
    files.toOpen = null;
    await expect(simulator.apply({ type: 'openBundle' })).resolves.toBeUndefined();
  });

  it('puts the app window’s console errors and a gone renderer on the timeline', async () => {
    const { host, app } = await setup();
    const emit = (name: string, ...args: unknown[]) => {
      for (const handler of app().contentsHandlers.get(name) ?? []) handler(...args);
    };
    emit('console-message', { level: 'error', message: 'App init failed: boom' });
    emit('console-message', { level: 'info', message: 'hello' });
    emit('console-message', {}, 3, 'old style error');
    emit('render-process-gone', {}, { reason: 'crashed' });
    expect(
      host
        .getSnapshot()
        .notes.filter((n) => n.kind === 'app-error')
        .map((n) => n.text),
    ).toEqual([
      'console.error: App init failed: boom',
      'console.error: old style error',
      "The app's renderer process is gone (crashed)",
    ]);
    expect(consoleErrorOf([{ level: 'warning', message: 'x' }])).toBeNull();
  });
});

/** The emulation the page has now: the last value of each override still in the session. */
function emulated(window: FakeWindow) {
  const last = (method: string) =>
    window.protocolCommands.filter(([m]) => m === method).at(-1)?.[1] as
      | Record<string, unknown>
      | undefined;
  return {
    insets: last('Emulation.setSafeAreaInsetsOverride')?.insets,
    userAgent: last('Emulation.setUserAgentOverride')?.userAgent,
    offline: last('Network.emulateNetworkConditions')?.offline,
    metrics: last('Emulation.setDeviceMetricsOverride'),
  };
}

describe('the phone window at its edges', () => {
  it('opening DevTools (the debugger detaches) re-attaches and re-applies everything', async () => {
    const { simulator, host, app } = await setup();
    await host.updateSettings({ online: false });
    const christmas = Date.UTC(2025, 11, 24, 2);
    await simulator.workbench.run({ op: 'setClock', command: { at: christmas, running: false } });
    await vi.waitFor(() => expect(emulated(app()).offline).toBe(true));
    // DevTools take the debugger: every override of the old session is gone with it.
    app().protocolCommands.length = 0;
    app().webContents.debugger.detach('replaced_with_devtools');
    await vi.waitFor(() =>
      expect(emulated(app())).toMatchObject({
        insets: { top: 47, right: 0, bottom: 34, left: 0 },
        userAgent: expect.stringContaining('iPhone'),
        offline: true,
      }),
    );
    expect(app().webContents.debugger.attached).toBe(true);
    // The phone clock runs again in the next document (a reload with DevTools open).
    await vi.waitFor(() =>
      expect(app().protocolCommands.map(([m]) => m)).toContain(
        'Page.addScriptToEvaluateOnNewDocument',
      ),
    );
    // A window going away detaches too: nothing to re-apply then.
    app().protocolCommands.length = 0;
    app().destroyed = true;
    app().webContents.debugger.detach('target closed');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app().protocolCommands).toEqual([]);
  });

  it('fits the tablet to the screen, keeping its aspect ratio and CSS size', async () => {
    const { host, app } = await setup({ width: 1440, height: 860 });
    await host.updateSettings({ device: 'tablet' });
    const [width, height] = app().size;
    expect(height).toBeLessThanOrEqual(860 - 120);
    expect(width / height).toBeCloseTo(820 / 1180, 2);
    await vi.waitFor(() =>
      expect(emulated(app()).metrics).toMatchObject({
        width: 820,
        height: 1180,
        scale: expect.closeTo(height / 1180, 2),
      }),
    );
    // A phone that fits is shown at its size.
    await host.updateSettings({ device: 'android' });
    expect(app().size).toEqual([360, 640]);
  });

  it('a bad bundle or a failed export from the menu says why over the focused window', async () => {
    const { menus, files, errors, panel, app } = await setup();
    await new Promise((r) => setTimeout(r, 0));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      panel.focused = true;
      files.toOpen = '{"format":"something else"}';
      menuItem(menus, ['Host', 'Import repro bundle…']).click?.();
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(errors[0]).toMatchObject({
        parent: panel,
        title: 'Could not import the repro bundle',
        detail: expect.stringMatching(/^Not a repro bundle/),
      });
      panel.focused = false;
      app().focused = true;
      files.failSave = new Error('EACCES: permission denied');
      menuItem(menus, ['Host', 'Export repro bundle…']).click?.();
      await vi.waitFor(() => expect(errors).toHaveLength(2));
      expect(errors[1]).toEqual({
        parent: app(),
        title: 'Could not export the repro bundle',
        detail: 'EACCES: permission denied',
      });
      // The file dialogs had a parent window too.
      expect(files.parents).toEqual([panel, app()]);
      await new Promise((r) => setTimeout(r, 5));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('the closed control panel opens again from the Window menu', async () => {
    const { menus, simulator, panel } = await setup();
    panel.close();
    expect(simulator.panelWindow).toBeNull();
    menuItem(menus, ['windowMenu', 'Control panel']).click?.();
    await vi.waitFor(() => expect(simulator.panelWindow).not.toBeNull());
    const again = simulator.panelWindow as unknown as FakeWindow;
    expect(again).not.toBe(panel);
    expect(again.loaded).toEqual(['app://simulator/harness.html?runtime=electron']);
    expect(again.focused).toBe(true);
    // A second launch (focus) finds it and does not open a third.
    simulator.focus();
    expect(simulator.panelWindow).toBe(again as never);
  });

  it('opens allow-listed web links in the system browser, and nothing else', async () => {
    const { app, opened, host } = await setup();
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      for (const handler of app().contentsHandlers.get('will-navigate') ?? []) handler(event, url);
      return event;
    };
    expect(navigate('https://www.directloan.ph/terms').preventDefault).toHaveBeenCalled();
    navigate('tel:0917');
    navigate('javascript:alert(1)');
    navigate('https://user:pass@phish.example/');
    expect(opened).toEqual(['https://www.directloan.ph/terms']);
    expect(host.getSnapshot().surfaces.map((s) => s.method)).toContain('dialPhone');
  });

  it('a page that failed to load offline loads again when the phone is back online', async () => {
    const { host, app } = await setup();
    await host.updateSettings({ online: false });
    app().failNextLoad = new Error('ERR_FAILED');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      host.reload();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    } finally {
      warn.mockRestore();
    }
    const loads = app().loaded.length;
    await host.updateSettings({ online: true });
    await vi.waitFor(() => expect(app().loaded).toHaveLength(loads + 1));
  });
});
