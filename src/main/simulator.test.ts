/**
 * The simulator's windows against the recording fake Electron (tests/support/electron): each
 * behaviour of a window, its webContents and its debugger as Electron's sources and specs say,
 * including what ends a debugger session ("target closed", always) and what a throwing listener
 * is (main's uncaught exception, which fails the test run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeBrowserWindow } from '@tests/support/electron/fakeElectron';
import { FakeElectron } from '@tests/support/electron/fakeElectron';
import { HostCore } from '@host/HostCore';
import { PANEL_IPC } from '@host/panelApi';
import { FakeAdminClient, FakeWorkbenchClient } from '@tests/support/host/fakeAdminClient';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { consoleErrorOf, Simulator } from './simulator';

vi.mock('electron', () => ({}));

/** Waits for a condition: the machine is shared and slow, so generously, never a fixed sleep. */
const eventually = <T>(check: () => T) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

const PARTITIONS = ['', 'persist:phone-lender', 'persist:phone-fastpay', 'persist:phone-web'];
const userDataDirs: string[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of userDataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup(workArea?: { width: number; height: number }) {
  const userData = mkdtempSync(path.join(tmpdir(), 'dl-simulator-'));
  userDataDirs.push(userData);
  const fake = new FakeElectron(userData);
  fake.becomeReady();
  /** The next app:// answer fails the load (what the offline handler gives a request). */
  const serving = { fail: false };
  for (const partition of PARTITIONS) {
    fake.sessionOf(partition).protocol.handle('app', () => {
      if (serving.fail) return Response.error();
      return new Response('<!doctype html><title>app</title>', {
        headers: { 'Content-Type': 'text/html' },
      });
    });
  }
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
  const electron = fake.module as { BrowserWindow: never; Menu: never };
  const simulator = new Simulator({
    BrowserWindow: electron.BrowserWindow,
    Menu: electron.Menu,
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
  const app = () => simulator.appWindow as unknown as FakeBrowserWindow;
  const panel = simulator.panelWindow as unknown as FakeBrowserWindow;
  return { fake, host, simulator, app, panel, serving, workbenchClient, files, errors, opened };
}

/** The emulation the page has now: what the current debugger session holds. */
const emulated = (window: FakeBrowserWindow) => window.webContents.debugger.overrides;
const methods = (window: FakeBrowserWindow) =>
  window.webContents.debugger.commands.map((c) => c.method);
const loads = (window: FakeBrowserWindow) => window.webContents.loads;
const argsOf = (w: FakeBrowserWindow) => w.options.webPreferences?.additionalArguments;

describe('Simulator windows', () => {
  it('opens the app at the device size with the app preload role, and the panel', async () => {
    const { app, panel } = await setup();
    expect(app().getContentSize()).toEqual([390, 844]);
    expect(argsOf(app())).toEqual(['--dl-role=app', '--dl-profile=lender']);
    expect(loads(app())).toEqual(['app://simulator/']);
    expect(argsOf(panel)).toEqual(['--dl-role=panel']);
    expect(loads(panel)).toEqual(['app://simulator/harness.html?runtime=electron']);
  });

  it('recreates the app window on a profile switch (the web profile has no bridge)', async () => {
    const { host, app } = await setup();
    const first = app();
    await host.updateSettings({ profile: 'web' });
    expect(first.isDestroyed()).toBe(true);
    expect(argsOf(app())).toEqual(['--dl-role=app', '--dl-profile=web']);
  });

  it('resizes for a device, reloads on a new generation, emulates offline through CDP', async () => {
    const { host, app } = await setup();
    await host.updateSettings({ device: 'android' });
    expect(app().getContentSize()).toEqual([360, 640]);
    host.reload();
    expect(loads(app())).toEqual(['app://simulator/', 'app://simulator/']);
    await host.updateSettings({ online: false });
    await eventually(() => expect(emulated(app()).offline).toBe(true));
    await host.updateSettings({ online: true });
    await eventually(() => expect(emulated(app()).offline).toBe(false));
  });

  it('emulates the notched iPhone: insets, 3× pixels, touch, webview user agent, market zone', async () => {
    const { app } = await setup();
    await eventually(() =>
      expect(emulated(app())).toMatchObject({
        insets: { top: 47, right: 0, bottom: 34, left: 0 },
        metrics: expect.objectContaining({ deviceScaleFactor: 3, mobile: true }),
        touch: expect.objectContaining({ enabled: true }),
        userAgent: expect.stringContaining('iPhone'),
        timezone: 'Asia/Manila',
      }),
    );
  });

  it('each profile opens in its own session partition', async () => {
    const { host, app } = await setup();
    expect(app().webContents.session.partition).toBe('persist:phone-lender');
    await host.updateSettings({ profile: 'web' });
    expect(app().webContents.session.partition).toBe('persist:phone-web');
    await host.updateSettings({ profile: 'lender' });
    expect(app().webContents.session.partition).toBe('persist:phone-lender');
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
    expect(app().isDestroyed()).toBe(false);
    expect(app().getContentSize()).toEqual([360, 640]);
  });

  it('keeps its title, and a failed load is reported, not an unhandled rejection', async () => {
    const { app, host, serving } = await setup();
    const title = { preventDefault: vi.fn() };
    app().emitNative('page-title-updated', title);
    expect(title.preventDefault).toHaveBeenCalled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      serving.fail = true;
      host.reload();
      await eventually(() =>
        expect(warn).toHaveBeenCalledWith(
          'Could not load app://simulator/:',
          "ERR_FAILED (-2) loading 'app://simulator/'",
        ),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('sends the panel one snapshot per tick, not one per host change', async () => {
    const { host, panel } = await setup();
    const changes = () => panel.webContents.sent.filter(([c]) => c === PANEL_IPC.changed).length;
    await eventually(() => expect(changes()).toBeGreaterThan(0));
    const before = changes();
    await host.call('dialPhone', { phone: '0917' });
    await eventually(() => expect(changes()).toBe(before + 1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(changes()).toBe(before + 1);
  });

  it('hides the phone on closePage and shows it again on reopen', async () => {
    const { host, app } = await setup();
    await host.call('closePage');
    expect(app().isVisible()).toBe(false);
    await host.reopen();
    expect(app().isVisible()).toBe(true);
  });

  it('pushes snapshots to the panel and host events to the app', async () => {
    const { host, app, panel, simulator } = await setup();
    await host.call('dialPhone', { phone: '0917' });
    await eventually(() =>
      expect(panel.webContents.sent.some(([channel]) => channel === PANEL_IPC.changed)).toBe(true),
    );
    host.sendEvent('loanSuccess');
    expect(app().webContents.sent).toContainEqual([
      IPC_CHANNELS.bridgeEvent,
      { event: 'loanSuccess', payload: null },
    ]);
    await simulator.apply({ type: 'openDevTools' });
    expect(app().webContents.isDevToolsOpened()).toBe(true);
  });

  it('builds the menu with the scenarios of the mock server', async () => {
    const { fake } = await setup();
    await eventually(() => {
      const scenario = fake.menu.current?.find((m) => m.label === 'Scenario');
      expect(scenario?.submenu?.map((s) => s.label)).toContain('repaying');
    });
    expect(fake.menu.current?.map((m) => m.label).filter(Boolean)).toEqual([
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
    // A link from a page may be anything; Electron's navigation event must not throw on it.
    ['tel:%E0%A4%A', 'dialPhone', 'Calling %E0%A4%A'],
    ['sms:%ZZ', 'sendSms', 'To %ZZ'],
  ])('%s navigated to shows the %s surface', async (url, method, detail) => {
    const { app, host } = await setup();
    expect(app().webContents.navigateFromPage(url)).toBe(true);
    expect(host.getSnapshot().surfaces.at(-1)).toMatchObject({ method, detail });
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd'])(
    '%s is stopped and shows no surface, not even the browser',
    async (url) => {
      const { app, host, opened } = await setup();
      expect(app().webContents.navigateFromPage(url)).toBe(true);
      expect(app().webContents.openWindowFromPage(url)).toBe(false);
      expect(host.getSnapshot().surfaces).toEqual([]);
      expect(opened).toEqual([]);
    },
  );

  it('window.open of a link with a broken escape is denied and shown, without a throw', async () => {
    const { app, host } = await setup();
    expect(app().webContents.openWindowFromPage('sms:%ZZ')).toBe(false);
    expect(host.getSnapshot().surfaces.at(-1)).toMatchObject({
      method: 'sendSms',
      detail: 'To %ZZ',
    });
  });

  it('the app window’s Date follows the world clock: before each document and in the live page', async () => {
    const { simulator, app } = await setup();
    const christmas = Date.UTC(2025, 11, 24, 2);
    await simulator.workbench.run({ op: 'setClock', command: { at: christmas, running: false } });
    await eventually(() =>
      expect(methods(app())).toEqual(
        expect.arrayContaining(['Page.addScriptToEvaluateOnNewDocument', 'Runtime.evaluate']),
      ),
    );
    const [source] = emulated(app()).scripts.values();
    // The script the page runs gives it the world's frozen time.
    const page = { Date };
    new Function('window', source ?? '')(page);
    expect(page.Date.now()).toBe(christmas);
    await simulator.workbench.run({ op: 'resetClock' });
    await eventually(() => expect(emulated(app()).scripts.size).toBe(0));
  });

  it('exports a repro bundle through the menu and imports one into the phone', async () => {
    const { simulator, app, files, workbenchClient, host } = await setup();
    app().webContents.localStorage = { 'dl.user': '{"token":"T"}' };
    await app().loadURL('app://simulator/bill');
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
    const loadsBefore = loads(app()).length;
    await simulator.apply({ type: 'openBundle' });
    expect(workbenchClient.restored).toHaveLength(1);
    expect(host.getSnapshot()).toMatchObject({
      scenario: 'can-borrow',
      settings: { device: 'tablet' },
    });
    // The app's storage runs first in the next page, and the bundle's route opens.
    await eventually(() => expect(loads(app()).length).toBeGreaterThan(loadsBefore));
    expect(loads(app()).at(-1)).toBe('app://simulator/bill');
    const sources = app()
      .webContents.debugger.commands.filter(
        (c) => c.method === 'Page.addScriptToEvaluateOnNewDocument',
      )
      .map((c) => String(c.params.source));
    expect(sources.some((source) => source.includes('localStorage.setItem'))).toBe(true);

    // A bundle from someone else whose route is a script or another site is refused whole.
    for (const route of ['/javascript:alert(1)', '/http://evil.example/', '/\\\\evil.example']) {
      files.toOpen = text.replace('"path": "/bill"', `"path": ${JSON.stringify(route)}`);
      await expect(simulator.apply({ type: 'openBundle' })).rejects.toThrow(
        /Not a repro bundle at path: not a path of the app/,
      );
    }
    expect(loads(app()).every((url) => url.startsWith('app://simulator/'))).toBe(true);
    // A phone that wandered to a non-app URL exports the app's start, never that URL.
    await app().loadURL('app://simulator/javascript:alert(1)');
    await simulator.apply({ type: 'saveBundle' });
    expect(JSON.parse(files.saved.at(-1)?.[1] ?? '{}')).toMatchObject({ path: '/' });

    files.toOpen = '{"format":"something else"}';
    await expect(simulator.apply({ type: 'openBundle' })).rejects.toThrow(/Not a repro bundle/);
    files.toOpen = null;
    await expect(simulator.apply({ type: 'openBundle' })).resolves.toBeUndefined();
  });

  it('puts the app window’s console errors and a gone renderer on the timeline', async () => {
    const { host, app } = await setup();
    const contents = app().webContents;
    contents.logToConsole('error', 'App init failed: boom');
    contents.logToConsole('info', 'hello');
    contents.emitNative('console-message', {}, 3, 'old style error');
    contents.crash('crashed');
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

describe('the phone window and its debugger (electron_api_debugger.cc, api-debugger-spec.ts)', () => {
  /** What the phone looks like to its page with the settings of these tests. */
  const phone = (christmas: number) => ({
    insets: { top: 47, right: 0, bottom: 34, left: 0 },
    userAgent: expect.stringContaining('iPhone'),
    offline: true,
    timezone: 'Asia/Manila',
    scripts: new Map([[expect.any(String), expect.stringContaining(String(christmas))]]),
  });

  async function offlineAtChristmas() {
    // A session that ends rejects the commands still waiting: main says so, then re-applies.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const context = await setup();
    const christmas = Date.UTC(2025, 11, 24, 2);
    await context.host.updateSettings({ online: false });
    await context.simulator.workbench.run({
      op: 'setClock',
      command: { at: christmas, running: false },
    });
    await eventually(() => expect(emulated(context.app())).toMatchObject(phone(christmas)));
    return { ...context, christmas };
  }

  it('with DevTools open the debugger stays attached and the phone stays emulated', async () => {
    const { app, simulator, christmas } = await offlineAtChristmas();
    await simulator.apply({ type: 'openDevTools' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(app().webContents.debugger.isAttached()).toBe(true);
    expect(emulated(app())).toMatchObject(phone(christmas));
  });

  it('a debugger session that ends while the page lives ("target closed") is attached again and re-applied', async () => {
    const { app, christmas } = await offlineAtChristmas();
    const contents = app().webContents;
    contents.debugger.detach();
    // Every override of the old session is gone with it…
    expect(emulated(app())).toEqual({ scripts: new Map() });
    // …and main attaches again and applies them all, the phone clock included.
    await eventually(() => expect(emulated(app())).toMatchObject(phone(christmas)));
    expect(contents.debugger.isAttached()).toBe(true);
  });

  it('where an attach is refused while DevTools are open, DevTools closing re-applies', async () => {
    const { app, simulator, christmas } = await offlineAtChristmas();
    const contents = app().webContents;
    await simulator.apply({ type: 'openDevTools' });
    // An Electron that let one client attach (before 2018: "Another debugger is already
    // attached to this target"); this one allows it, so the refusal is the test's.
    const attach = vi.spyOn(contents.debugger, 'attach').mockImplementation(() => {
      throw new TypeError('Another debugger is already attached to this target');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      contents.debugger.detach();
      await eventually(() => expect(attach).toHaveBeenCalled());
      expect(contents.debugger.isAttached()).toBe(false);
      attach.mockRestore();
      contents.closeDevTools();
      await eventually(() => expect(emulated(app())).toMatchObject(phone(christmas)));
    } finally {
      attach.mockRestore();
      warn.mockRestore();
    }
  });

  it('a closed window detaches its debugger too: nothing is attached again', async () => {
    const { app } = await offlineAtChristmas();
    const window = app();
    const commands = window.webContents.debugger.commands.length;
    window.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(window.webContents.debugger.isAttached()).toBe(false);
    expect(window.webContents.debugger.commands).toHaveLength(commands);
  });

  it('fits the tablet to the screen, keeping its aspect ratio and CSS size', async () => {
    const { host, app } = await setup({ width: 1440, height: 860 });
    await host.updateSettings({ device: 'tablet' });
    const [width, height] = app().getContentSize();
    expect(height).toBeLessThanOrEqual(860 - 120);
    expect(width / height).toBeCloseTo(820 / 1180, 2);
    await eventually(() =>
      expect(emulated(app()).metrics).toMatchObject({
        width: 820,
        height: 1180,
        scale: expect.closeTo(height / 1180, 2),
      }),
    );
    // A phone that fits is shown at its size.
    await host.updateSettings({ device: 'android' });
    expect(app().getContentSize()).toEqual([360, 640]);
  });

  it('a bad bundle or a failed export from the menu says why over the focused window', async () => {
    const { fake, files, errors, panel, app } = await setup();
    await eventually(() => expect(fake.menu.current).not.toBeNull());
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      panel.focus();
      files.toOpen = '{"format":"something else"}';
      fake.menu.click(['Host', 'Import repro bundle…']);
      await eventually(() => expect(errors).toHaveLength(1));
      expect(errors[0]).toMatchObject({
        parent: panel,
        title: 'Could not import the repro bundle',
        detail: expect.stringMatching(/^Not a repro bundle/),
      });
      app().focus();
      files.failSave = new Error('EACCES: permission denied');
      fake.menu.click(['Host', 'Export repro bundle…']);
      await eventually(() => expect(errors).toHaveLength(2));
      expect(errors[1]).toEqual({
        parent: app(),
        title: 'Could not export the repro bundle',
        detail: 'EACCES: permission denied',
      });
      // The file dialogs had a parent window too.
      expect(files.parents).toEqual([panel, app()]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('the closed control panel opens again from the Window menu', async () => {
    const { fake, simulator, panel } = await setup();
    panel.close();
    expect(simulator.panelWindow).toBeNull();
    fake.menu.click(['windowMenu', 'Control panel']);
    await eventually(() => expect(simulator.panelWindow).not.toBeNull());
    const again = simulator.panelWindow as unknown as FakeBrowserWindow;
    expect(again).not.toBe(panel);
    expect(loads(again)).toEqual(['app://simulator/harness.html?runtime=electron']);
    expect(again.isFocused()).toBe(true);
    // A second launch (focus) finds it and does not open a third.
    simulator.focus();
    expect(simulator.panelWindow).toBe(again as never);
  });

  it('opens allow-listed web links in the system browser, and nothing else', async () => {
    const { app, opened, host } = await setup();
    const contents = app().webContents;
    expect(contents.navigateFromPage('https://www.directloan.ph/terms')).toBe(true);
    contents.navigateFromPage('tel:0917');
    contents.navigateFromPage('javascript:alert(1)');
    contents.navigateFromPage('https://user:pass@phish.example/');
    expect(opened).toEqual(['https://www.directloan.ph/terms']);
    expect(host.getSnapshot().surfaces.map((s) => s.method)).toContain('dialPhone');
  });

  it('a page loaded while offline loads again when the phone is back online', async () => {
    const { host, app, serving } = await setup();
    await host.updateSettings({ online: false });
    serving.fail = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      host.reload();
      await eventually(() => expect(warn).toHaveBeenCalled());
    } finally {
      warn.mockRestore();
    }
    serving.fail = false;
    const before = loads(app()).length;
    await host.updateSettings({ online: true });
    await eventually(() => expect(loads(app())).toHaveLength(before + 1));
  });
});
