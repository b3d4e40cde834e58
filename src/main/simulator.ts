/**
 * The simulator's windows: the app window (the "phone": device-sized, preload bridge) and the
 * control panel window (the harness UI in panel-only mode). Follows the host snapshot: a profile
 * change recreates the app window (the preload must or must not expose the bridge), a new app
 * generation reloads it, the device preset resizes it, closePage/kickOut hide it, the network
 * setting toggles the session's offline emulation.
 */
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Menu,
  Session,
  WebContents,
} from 'electron';
import type { ScenarioList } from '../host/adminClient';
import { DEVICE_PRESETS } from '../host/devices';
import type { HostCore } from '../host/HostCore';
import { applyPanelAction, type PanelAction, PANEL_IPC } from '../host/panelApi';
import type { HostSnapshot } from '../host/types';
import { IPC } from '../shared/bridge';
import { PROFILE_ARG, ROLE_ARG } from '../preload/roles';
import { buildMenuTemplate } from './menu';
import { limitNavigation, secureWebPreferences } from './security';

type WindowFactory = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

export interface SimulatorOptions {
  BrowserWindow: WindowFactory;
  Menu: Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>;
  session: Pick<Session, 'enableNetworkEmulation' | 'disableNetworkEmulation'>;
  host: HostCore;
  preloadPath: string;
  /** Start URL of the SPA (app://simulator/ or the dev server). */
  appUrl: string;
  /** URL of the panel (harness.html in panel-only mode). */
  panelUrl: string;
  allowedOrigins: readonly string[];
}

export class Simulator {
  appWindow: BrowserWindow | null = null;
  panelWindow: BrowserWindow | null = null;
  private previous: HostSnapshot;
  private scenarios: ScenarioList = { current: null, scenarios: [] };

  constructor(private readonly options: SimulatorOptions) {
    this.previous = options.host.getSnapshot();
  }

  start(): void {
    const { host } = this.options;
    this.appWindow = this.createAppWindow();
    this.panelWindow = this.createPanelWindow();
    host.subscribe(() => this.follow(host.getSnapshot()));
    host.onEvent((message) => this.appWindow?.webContents.send(IPC.bridgeEvent, message));
    void this.refreshScenarios();
  }

  /** Runs a panel or menu action: host actions plus the Electron-only ones. */
  async apply(action: PanelAction): Promise<void> {
    if (action.type === 'openDevTools') {
      this.appWindow?.webContents.openDevTools({ mode: 'detach' });
      return;
    }
    await applyPanelAction(this.options.host, action);
    if (action.type === 'selectScenario' || action.type === 'reset') await this.refreshScenarios();
  }

  private async refreshScenarios(): Promise<void> {
    try {
      this.scenarios = await this.options.host.listScenarios();
    } catch {
      // The menu keeps the last list; the panel shows the host's error.
    }
    this.rebuildMenu();
  }

  private rebuildMenu(): void {
    const { Menu, host } = this.options;
    const template = buildMenuTemplate(host.getSnapshot(), this.scenarios, (action) => {
      void this.apply(action);
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  private follow(next: HostSnapshot): void {
    const before = this.previous;
    this.previous = next;
    this.panelWindow?.webContents.send(PANEL_IPC.changed, next);
    if (next.settings.profile !== before.settings.profile) {
      const old = this.appWindow;
      this.appWindow = this.createAppWindow();
      old?.destroy();
    } else if (next.appGeneration !== before.appGeneration) {
      void this.appWindow?.loadURL(this.options.appUrl);
    }
    if (next.settings.device !== before.settings.device) {
      const preset = DEVICE_PRESETS[next.settings.device];
      this.appWindow?.setContentSize(preset.width, preset.height);
    }
    if (next.settings.online !== before.settings.online) {
      if (next.settings.online) this.options.session.disableNetworkEmulation();
      else this.options.session.enableNetworkEmulation({ offline: true });
      if (this.appWindow) void emulateOffline(this.appWindow.webContents, !next.settings.online);
    }
    if (next.view.kind !== before.view.kind) {
      if (next.view.kind === 'app') this.appWindow?.show();
      else this.appWindow?.hide();
    }
    if (next.settings !== before.settings || next.scenario !== before.scenario) {
      this.rebuildMenu();
    }
  }

  private createAppWindow(): BrowserWindow {
    const { settings } = this.options.host.getSnapshot();
    const preset = DEVICE_PRESETS[settings.device];
    const window = new this.options.BrowserWindow({
      title: `Direct Loan — ${settings.profile}`,
      width: preset.width,
      height: preset.height,
      useContentSize: true,
      x: 40,
      y: 40,
      webPreferences: secureWebPreferences(this.options.preloadPath, [
        `${ROLE_ARG}app`,
        `${PROFILE_ARG}${settings.profile}`,
      ]),
    });
    this.harden(window);
    if (!settings.online) void emulateOffline(window.webContents, true);
    void window.loadURL(this.options.appUrl);
    return window;
  }

  private createPanelWindow(): BrowserWindow {
    const window = new this.options.BrowserWindow({
      title: 'Direct Loan simulator — control panel',
      width: 760,
      height: 900,
      x: 480,
      y: 40,
      webPreferences: secureWebPreferences(this.options.preloadPath, [`${ROLE_ARG}panel`]),
    });
    this.harden(window);
    window.on('closed', () => {
      this.panelWindow = null;
    });
    void window.loadURL(this.options.panelUrl);
    return window;
  }

  private harden(window: BrowserWindow): void {
    limitNavigation(window.webContents, this.options.allowedOrigins, (url) =>
      this.options.host.showSurface('openBrowser', 'Opened in the browser', url),
    );
  }
}

/**
 * Session network emulation fails requests but does not tell the page; the DevTools protocol
 * also flips navigator.onLine and fires the offline/online events the SPA toasts on.
 */
export async function emulateOffline(
  contents: Pick<WebContents, 'debugger'>,
  offline: boolean,
): Promise<boolean> {
  try {
    const { debugger: protocol } = contents;
    if (!protocol.isAttached()) protocol.attach('1.3');
    await protocol.sendCommand('Network.enable');
    await protocol.sendCommand('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    return true;
  } catch (error) {
    console.warn('Could not emulate the network state in the app window:', error);
    return false;
  }
}
