import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { HostCore } from '../host/HostCore';
import { PANEL_IPC } from '../host/panelApi';
import { FakeAdminClient, FakeWorkbenchClient } from '../host/testing';
import { IPC } from '../shared/bridge';
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
  readonly webContents = {
    debugger: {
      attached: false,
      isAttached: () => this.webContents.debugger.attached,
      attach: () => {
        this.webContents.debugger.attached = true;
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
}

async function setup() {
  FakeWindow.all = [];
  const host = new HostCore({ admin: new FakeAdminClient() });
  const workbenchClient = new FakeWorkbenchClient();
  const files = { saved: [] as [string, string][], toOpen: null as string | null } as {
    saved: [string, string][];
    toOpen: string | null;
    save(name: string, text: string): Promise<boolean>;
    open(): Promise<string | null>;
  };
  files.save = async (name, text) => {
    files.saved.push([name, text]);
    return true;
  };
  files.open = async () => files.toOpen;
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
    files,
  });
  simulator.start();
  await Promise.resolve();
  const app = () => simulator.appWindow as unknown as FakeWindow;
  const panel = simulator.panelWindow as unknown as FakeWindow;
  return { host, simulator, app, panel, menus, workbenchClient, files };
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
    expect(app().sent).toContainEqual([IPC.bridgeEvent, { event: 'loanSuccess', payload: null }]);
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
