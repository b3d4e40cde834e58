/**
 * The simulator's windows: the app window (the "phone": device-sized, preload bridge) and the
 * control panel window (the harness UI in panel-only mode). Follows the host snapshot: a profile
 * change recreates the app window in that profile's own session partition (lender app, FastPay
 * wallet and the web are different apps on a phone: their storage never mixes), a new app
 * generation reloads it, the device preset resizes and emulates it (insets, pixel ratio, touch,
 * user agent, fitted to the screen), closePage/kickOut hide it, and offline cuts the page off
 * through the DevTools protocol (phoneEmulation.ts). Either window, once closed, opens again from
 * the menu; a failed menu action says why in a message box.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Menu } from 'electron';
import type { ScenarioList, WorkbenchAdminClient } from '@host/adminClient';
import { DEVICE_PRESETS, type DeviceFit, fitToWorkArea } from '@host/devices';
import type { HostCore } from '@host/HostCore';
import { applyPanelAction, PANEL_IPC, type PanelAction } from '@host/panelApi';
import { showExternalUrl } from '@host/externalUrl';
import { bundleFileName, parseReproBundle } from '@host/reproBundle';
import type { HostSnapshot } from '@host/types';
import { type PhoneAccess, Workbench } from '@host/workbench';
import { PROFILE_ARG, ROLE_ARG } from '../preload/roles';
import { appPathOf, appPathUrl } from '@shared/appPath';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { safeLink } from '@shared/links';
import { buildMenuTemplate } from './menu';
import { addStartScript, PhoneEmulation, removeStartScript } from './phoneEmulation';
import { limitNavigation, secureWebPreferences } from './security';
import { errorMessage } from '@shared/errors';

type WindowFactory = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

interface SimulatorOptions {
  BrowserWindow: WindowFactory;
  Menu: Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>;
  /** The session partition of a profile's app window (`persist:phone-<profile>`). */
  partitionOf(profile: string): string;
  host: HostCore;
  preloadPath: string;
  /** Start URL of the SPA (app://simulator/ or the dev server). */
  appUrl: string;
  /** URL of the panel (harness.html in panel-only mode). */
  panelUrl: string;
  allowedOrigins: readonly string[];
  /** The workbench API of the phone's world (faults, clock, snapshots). */
  workbenchClient: WorkbenchAdminClient;
  /** Native file dialogs for repro bundles (the menu's Export and Import). */
  files: BundleFiles;
  /** Tells the developer why a menu action failed (a native message box over `parent`). */
  showError(parent: BrowserWindow | null, title: string, detail: string): void;
  /** The screen's work area the phone window must fit in (the tablet is taller than a laptop). */
  workArea?: () => { width: number; height: number };
  /** Opens a web link in the system browser (systemBrowser.ts: only allow-listed web links). */
  openExternal?: (url: string) => void;
}

/** Where a repro bundle is saved to or read from (native dialogs over `parent` in Electron). */
interface BundleFiles {
  /** Answers false when the developer cancelled. */
  save(parent: BrowserWindow | null, suggestedName: string, text: string): Promise<boolean>;
  /** The chosen file's text, or null when cancelled. */
  open(parent: BrowserWindow | null): Promise<string | null>;
}

/** What a failed menu action's message box is titled. */
const MENU_FAILURE_TITLES: Partial<Record<PanelAction['type'], string>> = {
  saveBundle: 'Could not export the repro bundle',
  openBundle: 'Could not import the repro bundle',
};

/** The app's localStorage as JSON, read in the page's main world. */
const READ_STORAGE = 'JSON.stringify(Object.assign({}, window.localStorage))';

/** A document-start script that gives the app its localStorage back (a bundle's import). */
function writeStorageScript(entries: Record<string, string>): string {
  return `(function (entries) { try { localStorage.clear(); for (var key in entries) localStorage.setItem(key, entries[key]); } catch (error) { console.error('Could not restore the app storage', error); } })(${JSON.stringify(entries)});`;
}

export class Simulator {
  appWindow: BrowserWindow | null = null;
  panelWindow: BrowserWindow | null = null;
  private previous: HostSnapshot;
  private scenarios: ScenarioList = { current: null, scenarios: [] };
  /** A panel update is due: many host changes in one tick send one snapshot. */
  private panelUpdate = false;
  /** The app storage a bundle's import gives the next app page of that profile. */
  private stagedStorage: { profile: string; entries: Record<string, string> } | null = null;
  /** The device emulation of each open app window. */
  private readonly emulations = new WeakMap<BrowserWindow, PhoneEmulation>();
  /**
   * The app window's last page was loaded while the phone was offline: the webview's "Webpage not
   * available" page (appProtocol.ts), or nothing. Back online, the app loads again.
   */
  private appLoadedOffline = false;
  readonly workbench: Workbench;

  constructor(private readonly options: SimulatorOptions) {
    this.previous = options.host.getSnapshot();
    this.workbench = new Workbench(
      options.host,
      options.workbenchClient,
      this.phoneAccess(),
      'electron',
    );
  }

  start(): void {
    const { host } = this.options;
    this.appWindow = this.createAppWindow();
    this.panelWindow = this.createPanelWindow();
    host.subscribe(() => this.follow(host.getSnapshot()));
    host.onEvent((message) => this.liveApp()?.webContents.send(IPC_CHANNELS.bridgeEvent, message));
    void this.refreshScenarios();
    void this.workbench.start();
  }

  /** Runs a panel or menu action: host actions plus the Electron-only ones. */
  async apply(action: PanelAction): Promise<void> {
    if (action.type === 'openDevTools') {
      this.ensureAppWindow().webContents.openDevTools({ mode: 'detach' });
      return;
    }
    if (action.type === 'showPanel') return this.showPanel();
    if (action.type === 'saveBundle') return this.saveBundle();
    if (action.type === 'openBundle') return this.openBundle();
    // A closed phone window comes back with the actions that show the app.
    if (action.type === 'reopen' || action.type === 'reload') this.ensureAppWindow();
    await applyPanelAction(this.options.host, action);
    if (action.type === 'selectScenario' || action.type === 'reset') await this.refreshScenarios();
  }

  /**
   * A menu action: never an unhandled rejection. What failed is said in a message box over the
   * window the developer is in, as the panel says it beside its own buttons.
   */
  async runFromMenu(action: PanelAction): Promise<void> {
    try {
      await this.apply(action);
    } catch (error) {
      const detail = errorMessage(error);
      const title = MENU_FAILURE_TITLES[action.type] ?? 'The simulator could not do that';
      this.options.showError(this.dialogParent(), title, detail);
    }
  }

  /** A second launch of the simulator: the running one comes to the front instead. */
  focus(): void {
    const app = this.liveApp();
    if (app) {
      if (app.isMinimized()) app.restore();
      if (this.previous.view.kind === 'app') app.show();
    }
    this.showPanel();
  }

  /** Menu → Control panel, the dock icon, a second launch: the panel, opened again if closed. */
  showPanel(): void {
    const live = this.panelWindow && !this.panelWindow.isDestroyed() ? this.panelWindow : null;
    const panel = live ?? this.createPanelWindow();
    this.panelWindow = panel;
    if (panel.isMinimized()) panel.restore();
    panel.show();
    panel.focus();
  }

  /** The window a dialog belongs to: the focused simulator window, else the panel, else the app. */
  private dialogParent(): BrowserWindow | null {
    const windows = [this.panelWindow, this.appWindow].filter(
      (w): w is BrowserWindow => w !== null && !w.isDestroyed(),
    );
    return windows.find((w) => w.isFocused()) ?? windows[0] ?? null;
  }

  /** Menu → Export repro bundle…: the workbench's bundle, saved where the developer says. */
  private async saveBundle(): Promise<void> {
    const result = await this.workbench.run({ op: 'exportBundle' });
    if (!result.ok) throw new Error(result.error);
    await this.options.files.save(
      this.dialogParent(),
      bundleFileName(result.value),
      JSON.stringify(result.value, null, 2),
    );
  }

  /** Menu → Import repro bundle…: a bundle file replaces this phone's world and app state. */
  private async openBundle(): Promise<void> {
    const text = await this.options.files.open(this.dialogParent());
    if (text === null) return;
    const result = await this.workbench.run({ op: 'importBundle', bundle: parseReproBundle(text) });
    if (!result.ok) throw new Error(result.error);
  }

  /** The phone's route and storage, for repro bundles. */
  private phoneAccess(): PhoneAccess {
    const { appUrl } = this.options;
    return {
      path: () => {
        return appPathOf(this.liveApp()?.webContents.getURL() ?? '', appUrl) ?? '/';
      },
      readStorage: async () => {
        const app = this.liveApp();
        if (!app) return {};
        const text: unknown = await app.webContents.executeJavaScript(READ_STORAGE, true);
        const entries: Record<string, string> = {};
        if (typeof text !== 'string') return entries;
        for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
          if (typeof value === 'string') entries[key] = value;
        }
        return entries;
      },
      writeStorage: async (profile, entries) => {
        this.stagedStorage = { profile, entries };
      },
      open: (path) => {
        // Only a path of the app becomes the phone's URL, never `/javascript:…` or another
        // site (src/shared/appPath.ts).
        this.loadApp(this.ensureAppWindow(), appPathUrl(path, appUrl));
      },
    };
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
      void this.runFromMenu(action);
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  /** The app window, unless it was closed. */
  private liveApp(): BrowserWindow | null {
    const window = this.appWindow;
    return window && !window.isDestroyed() ? window : null;
  }

  /** The app window, opened again if it was closed. */
  private ensureAppWindow(): BrowserWindow {
    const live = this.liveApp();
    if (live) return live;
    this.appWindow = this.createAppWindow();
    return this.appWindow;
  }

  /**
   * One snapshot to the panel per turn of the event loop, however many host changes it had: a
   * bridge call alone makes two (logged, answered), each carrying up to 500 calls.
   */
  private schedulePanelUpdate(): void {
    if (this.panelUpdate) return;
    this.panelUpdate = true;
    setTimeout(() => {
      this.panelUpdate = false;
      const panel = this.panelWindow;
      if (panel && !panel.isDestroyed()) {
        panel.webContents.send(PANEL_IPC.changed, this.options.host.getSnapshot());
      }
    }, 0);
  }

  private follow(next: HostSnapshot): void {
    const before = this.previous;
    this.previous = next;
    this.schedulePanelUpdate();
    if (next.settings.profile !== before.settings.profile) {
      const old = this.liveApp();
      this.appWindow = this.createAppWindow();
      old?.destroy();
    } else if (next.appGeneration !== before.appGeneration) {
      const app = this.liveApp();
      if (app) this.loadApp(app, this.options.appUrl);
    }
    const app = this.liveApp();
    const emulation = app ? this.emulations.get(app) : undefined;
    if (app && emulation && next.settings.device !== before.settings.device) {
      const fit = this.fit(next);
      app.setContentSize(fit.width, fit.height);
      void emulation.applyDevice();
    } else if (emulation && next.settings.online !== before.settings.online) {
      void emulation.applyOnline();
    }
    // Back online, a phone left on the "webpage not available" page loads the app again.
    const sameApp =
      next.appGeneration === before.appGeneration &&
      next.settings.profile === before.settings.profile;
    const backOnline = next.settings.online && !before.settings.online;
    if (app && sameApp && backOnline && this.appLoadedOffline) {
      this.loadApp(app, this.options.appUrl);
    }
    if (emulation && next.clock !== before.clock) void emulation.setClock(next.clock, true);
    if (app && next.view.kind !== before.view.kind) {
      if (next.view.kind === 'app') app.show();
      else app.hide();
    }
    if (next.settings !== before.settings || next.scenario !== before.scenario) {
      this.rebuildMenu();
    }
  }

  /** The device preset fitted to the screen's work area. */
  private fit(snapshot: HostSnapshot): DeviceFit {
    const preset = DEVICE_PRESETS[snapshot.settings.device];
    const area = this.options.workArea?.();
    return area ? fitToWorkArea(preset, area) : { ...preset, scale: 1 };
  }

  private createAppWindow(): BrowserWindow {
    const snapshot = this.options.host.getSnapshot();
    const { settings } = snapshot;
    const fit = this.fit(snapshot);
    const window = new this.options.BrowserWindow({
      title: `Direct Loan — ${settings.profile}`,
      width: fit.width,
      height: fit.height,
      useContentSize: true,
      x: 40,
      y: 40,
      webPreferences: {
        ...secureWebPreferences(this.options.preloadPath, [
          `${ROLE_ARG}app`,
          `${PROFILE_ARG}${settings.profile}`,
        ]),
        partition: this.options.partitionOf(settings.profile),
      },
    });
    this.harden(window);
    window.on('closed', () => {
      if (this.appWindow === window) this.appWindow = null;
    });
    // The app's errors reach the timeline, as they would a webview's remote console.
    window.webContents.on('console-message', (...args: unknown[]) => {
      const text = consoleErrorOf(args);
      if (text) this.options.host.noteAppError(text);
    });
    window.webContents.on('render-process-gone', (_event, details) => {
      this.options.host.noteAppError(`The app's renderer process is gone (${details.reason})`);
    });
    // DevTools take the debugger over when they open: the emulation attaches again.
    const emulation = new PhoneEmulation(window.webContents, () => {
      const now = this.options.host.getSnapshot();
      const { scale } = this.fit(now);
      const preset = DEVICE_PRESETS[now.settings.device];
      return { preset, scale, online: now.settings.online, clock: now.clock };
    });
    this.emulations.set(window, emulation);
    void emulation.applyDevice();
    this.loadApp(window, this.options.appUrl);
    return window;
  }

  /**
   * Loads an app page with what must run before its first script: the phone clock and, once
   * after a bundle's import, the app's storage (kept until a load of that profile succeeds).
   */
  private loadApp(window: BrowserWindow, url: string): void {
    const { clock, settings } = this.options.host.getSnapshot();
    const staged = this.stagedStorage?.profile === settings.profile ? this.stagedStorage : null;
    const emulation = this.emulations.get(window);
    const loadNoted = async (): Promise<boolean> => {
      const loaded = await this.load(window, url);
      const offline = !this.options.host.getSnapshot().settings.online;
      if (this.appWindow === window) this.appLoadedOffline = offline;
      return loaded;
    };
    if (!clock && !staged) {
      void loadNoted();
      return;
    }
    void (async () => {
      if (clock && emulation && !emulation.hasClockScript) await emulation.setClock(clock, false);
      const storageScript = staged
        ? await addStartScript(window.webContents, writeStorageScript(staged.entries))
        : null;
      if (window.isDestroyed()) return;
      const loaded = await loadNoted();
      if (storageScript) {
        await removeStartScript(window.webContents, storageScript);
        if (loaded && this.stagedStorage === staged) this.stagedStorage = null;
      }
    })();
  }

  /**
   * loadURL, whose rejection (an aborted load, a server gone) is reported, never unhandled;
   * answers whether the page loaded.
   */
  private load(window: BrowserWindow, url: string): Promise<boolean> {
    return window.loadURL(url).then(
      () => true,
      (error: unknown) => {
        if (!window.isDestroyed()) {
          const message = errorMessage(error);
          console.warn(`Could not load ${url}:`, message);
        }
        return false;
      },
    );
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
      if (this.panelWindow === window) this.panelWindow = null;
    });
    this.load(window, this.options.panelUrl);
    return window;
  }

  private harden(window: BrowserWindow): void {
    // The window title names the simulator and the profile, not whatever the page calls itself.
    window.on('page-title-updated', (event) => event.preventDefault());
    limitNavigation(window.webContents, this.options.allowedOrigins, (url) =>
      this.openOutside(url),
    );
  }

  /**
   * A link the app does not open inside: the phone's native surface for it (the one mapping of
   * both runtimes, src/host/externalUrl.ts) and, for a web page the shared allow-list accepts
   * (DESIGN.md §3: http outside production), the system browser. Runs in Electron's navigation
   * events, where a throw would be main's uncaught exception: neither of these throws.
   */
  private openOutside(url: string): void {
    showExternalUrl(this.options.host, url);
    if (safeLink(url, { allowHttp: true })?.kind === 'web') this.options.openExternal?.(url);
  }
}

/**
 * The text of a console error from a `console-message` event: Electron passes one details object
 * (`level: 'error'`) in current versions and `(event, level 3, message)` in older ones.
 */
export function consoleErrorOf(args: readonly unknown[]): string | null {
  const [first, level, message] = args;
  const details = first as { level?: unknown; message?: unknown } | null;
  if (details && typeof details === 'object' && details.level === 'error') {
    return `console.error: ${String(details.message)}`;
  }
  if (level === 3 && typeof message === 'string') return `console.error: ${message}`;
  return null;
}
