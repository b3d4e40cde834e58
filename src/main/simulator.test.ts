import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { HostCore } from '../host/HostCore';
import { PANEL_IPC } from '../host/panelApi';
import { FakeAdminClient } from '../host/testing';
import { IPC } from '../shared/bridge';
import { Simulator } from './simulator';

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
  readonly webContents = {
    debugger: {
      attached: false,
      isAttached: () => this.webContents.debugger.attached,
      attach: () => {
        this.webContents.debugger.attached = true;
      },
      sendCommand: async (method: string, params?: unknown) => {
        this.protocolCommands.push([method, params]);
      },
    },
    send: (channel: string, message: unknown) => this.sent.push([channel, message]),
    on: () => undefined,
    setWindowOpenHandler: () => undefined,
    openDevTools: () => (this.devTools += 1),
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {
    this.size = [options.width ?? 0, options.height ?? 0];
    FakeWindow.all.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  on() {}
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  destroy() {
    this.destroyed = true;
  }
  setContentSize(width: number, height: number) {
    this.size = [width, height];
  }
}

async function setup() {
  FakeWindow.all = [];
  const host = new HostCore({ admin: new FakeAdminClient() });
  const session = { enableNetworkEmulation: vi.fn(), disableNetworkEmulation: vi.fn() };
  const menus: unknown[] = [];
  const simulator = new Simulator({
    BrowserWindow: FakeWindow as never,
    Menu: {
      buildFromTemplate: (t: unknown) => t as never,
      setApplicationMenu: (m: unknown) => menus.push(m),
    },
    session,
    host,
    preloadPath: '/out/preload/index.cjs',
    appUrl: 'app://simulator/',
    panelUrl: 'app://simulator/harness.html?runtime=electron',
    allowedOrigins: ['app://simulator'],
  });
  simulator.start();
  await Promise.resolve();
  const app = () => simulator.appWindow as unknown as FakeWindow;
  const panel = simulator.panelWindow as unknown as FakeWindow;
  return { host, session, simulator, app, panel, menus };
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

  it('resizes for a device, reloads on a new generation, emulates offline', async () => {
    const { host, app, session } = await setup();
    await host.updateSettings({ device: 'android' });
    expect(app().size).toEqual([360, 640]);
    host.reload();
    expect(app().loaded).toEqual(['app://simulator/', 'app://simulator/']);
    await host.updateSettings({ online: false });
    expect(session.enableNetworkEmulation).toHaveBeenCalledWith({ offline: true });
    await vi.waitFor(() =>
      expect(app().protocolCommands).toContainEqual([
        'Network.emulateNetworkConditions',
        expect.objectContaining({ offline: true }),
      ]),
    );
    await host.updateSettings({ online: true });
    expect(session.disableNetworkEmulation).toHaveBeenCalled();
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
