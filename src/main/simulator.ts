/**
 * The simulator's windows: the app window (the "phone": device-sized, preload bridge) and the
 * control panel window (the harness UI in panel-only mode). Follows the host snapshot: a profile
 * change recreates the app window in that profile's own session partition (lender app, FastPay
 * wallet and the web are different apps on a phone: their storage never mixes), a new app
 * generation reloads it, the device preset resizes and emulates it (insets, pixel ratio, touch,
 * user agent), closePage/kickOut hide it, and offline cuts the page off through the DevTools
 * protocol (every request: fetch, XHR, beacons, chunks, images).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Menu, WebContents } from 'electron';
import type { ScenarioList, WorkbenchAdminClient } from '../host/adminClient';
import { appInsets, DEVICE_PRESETS, type DevicePreset } from '../host/devices';
import type { HostCore } from '../host/HostCore';
import { applyPanelAction, PANEL_IPC, type PanelAction } from '../host/panelApi';
import { type PhoneClock, phoneClockScript } from '../host/phoneClock';
import { bundleFileName, parseReproBundle } from '../host/reproBundle';
import type { HostSnapshot } from '../host/types';
import { type PhoneAccess, Workbench } from '../host/workbench';
import { PROFILE_ARG, ROLE_ARG } from '../preload/roles';
import { appPathOf, appPathUrl } from '../shared/appPath';
import { IPC } from '../shared/bridge';
import { buildMenuTemplate } from './menu';
import { limitNavigation, secureWebPreferences } from './security';

type WindowFactory = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

export interface SimulatorOptions {
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
}

/** Where a repro bundle is saved to or read from (native dialogs in Electron). */
export interface BundleFiles {
  /** Answers false when the developer cancelled. */
  save(suggestedName: string, text: string): Promise<boolean>;
  /** The chosen file's text, or null when cancelled. */
  open(): Promise<string | null>;
}

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
  /** The DevTools-protocol id of the phone clock script in the current app window. */
  private clockScriptId: string | null = null;
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
    host.onEvent((message) => this.liveApp()?.webContents.send(IPC.bridgeEvent, message));
    void this.refreshScenarios();
    void this.workbench.start();
  }

  /** Runs a panel or menu action: host actions plus the Electron-only ones. */
  async apply(action: PanelAction): Promise<void> {
    if (action.type === 'openDevTools') {
      this.ensureAppWindow().webContents.openDevTools({ mode: 'detach' });
      return;
    }
    if (action.type === 'saveBundle') return this.saveBundle();
    if (action.type === 'openBundle') return this.openBundle();
    // A closed phone window comes back with the actions that show the app.
    if (action.type === 'reopen' || action.type === 'reload') this.ensureAppWindow();
    await applyPanelAction(this.options.host, action);
    if (action.type === 'selectScenario' || action.type === 'reset') await this.refreshScenarios();
  }

  /** Menu → Export repro bundle…: the workbench's bundle, saved where the developer says. */
  private async saveBundle(): Promise<void> {
    const result = await this.workbench.run({ op: 'exportBundle' });
    if (!result.ok) throw new Error(`Could not export the repro bundle: ${result.error}`);
    await this.options.files.save(
      bundleFileName(result.value),
      JSON.stringify(result.value, null, 2),
    );
  }

  /** Menu → Import repro bundle…: a bundle file replaces this phone's world and app state. */
  private async openBundle(): Promise<void> {
    const text = await this.options.files.open();
    if (text === null) return;
    const result = await this.workbench.run({ op: 'importBundle', bundle: parseReproBundle(text) });
    if (!result.ok) throw new Error(`Could not import the repro bundle: ${result.error}`);
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
      void this.apply(action);
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
    if (app && next.settings.device !== before.settings.device) {
      const preset = DEVICE_PRESETS[next.settings.device];
      app.setContentSize(preset.width, preset.height);
      void emulateDevice(app.webContents, preset, next.settings.online);
    } else if (app && next.settings.online !== before.settings.online) {
      void emulateOffline(app.webContents, !next.settings.online);
    }
    if (app && next.clock !== before.clock) void this.applyClock(app, next.clock, true);
    if (app && next.view.kind !== before.view.kind) {
      if (next.view.kind === 'app') app.show();
      else app.hide();
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
    // DevTools take the debugger over while open: emulate again when they close.
    window.webContents.on('devtools-closed', () => {
      const now = this.options.host.getSnapshot();
      void emulateDevice(
        window.webContents,
        DEVICE_PRESETS[now.settings.device],
        now.settings.online,
      );
      if (now.clock) void this.applyClock(window, now.clock, false);
    });
    void emulateDevice(window.webContents, preset, settings.online);
    this.clockScriptId = null;
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
    if (!clock && !staged) {
      this.load(window, url);
      return;
    }
    void (async () => {
      if (clock && !this.clockScriptId) await this.applyClock(window, clock, false);
      const storageScript = staged
        ? await addStartScript(window.webContents, writeStorageScript(staged.entries))
        : null;
      if (window.isDestroyed()) return;
      const loaded = await this.load(window, url);
      if (storageScript) {
        await removeStartScript(window.webContents, storageScript);
        if (loaded && this.stagedStorage === staged) this.stagedStorage = null;
      }
    })();
  }

  /** The app window's Date follows the phone clock, from the next document on (and now). */
  private async applyClock(
    window: BrowserWindow,
    clock: PhoneClock | null,
    live: boolean,
  ): Promise<void> {
    const contents = window.webContents;
    if (this.clockScriptId) await removeStartScript(contents, this.clockScriptId);
    this.clockScriptId = clock ? await addStartScript(contents, phoneClockScript(clock)) : null;
    if (live) await evaluateInPage(contents, phoneClockScript(clock));
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
          const message = error instanceof Error ? error.message : String(error);
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
      this.panelWindow = null;
    });
    this.load(window, this.options.panelUrl);
    return window;
  }

  private harden(window: BrowserWindow): void {
    // The window title names the simulator and the profile, not whatever the page calls itself.
    window.on('page-title-updated', (event) => event.preventDefault());
    limitNavigation(window.webContents, this.options.allowedOrigins, (url) =>
      showExternalUrl(this.options.host, url),
    );
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

/**
 * What a phone does with a link it does not open in the app: the dialer, the SMS composer, the
 * mail app, or the browser, each shown as its native surface.
 */
export function showExternalUrl(host: Pick<HostCore, 'showSurface'>, url: string): void {
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  const target = decodeURIComponent(url.slice(scheme.length).split('?')[0] ?? '');
  switch (scheme) {
    case 'tel:':
      host.showSurface('dialPhone', 'Dialer', `Calling ${target}`);
      return;
    case 'sms:':
      host.showSurface('sendSms', 'SMS composer', `To ${target}`);
      return;
    case 'mailto:':
      host.showSurface('composeEmail', 'Email composer', `To ${target}`);
      return;
    default:
      host.showSurface('openBrowser', 'Opened in the browser', url);
  }
}

type Protocol = Pick<WebContents, 'debugger'>;

async function attached(contents: Protocol): Promise<WebContents['debugger']> {
  const { debugger: protocol } = contents;
  if (!protocol.isAttached()) protocol.attach('1.3');
  return protocol;
}

/** Runs `source` first in every new document of the page until removed; answers its id. */
async function addStartScript(contents: Protocol, source: string): Promise<string | null> {
  try {
    const protocol = await attached(contents);
    await protocol.sendCommand('Page.enable');
    const answer = (await protocol.sendCommand('Page.addScriptToEvaluateOnNewDocument', {
      source,
    })) as { identifier?: string } | undefined;
    return answer?.identifier ?? null;
  } catch (error) {
    console.warn('Could not add a start script to the app window:', error);
    return null;
  }
}

async function removeStartScript(contents: Protocol, identifier: string): Promise<void> {
  try {
    const protocol = await attached(contents);
    await protocol.sendCommand('Page.removeScriptToEvaluateOnNewDocument', { identifier });
  } catch {
    // The window or its debugger is gone: so is the script.
  }
}

async function evaluateInPage(contents: Protocol, expression: string): Promise<void> {
  try {
    const protocol = await attached(contents);
    await protocol.sendCommand('Runtime.evaluate', { expression });
  } catch (error) {
    console.warn('Could not run a script in the app window:', error);
  }
}

/**
 * The device as the page sees it, through the DevTools protocol: safe-area insets (what
 * env(safe-area-inset-*) answers on a notched phone), pixel ratio and mobile viewport, touch,
 * the webview's user agent, and the network state.
 */
export async function emulateDevice(
  contents: Protocol,
  preset: DevicePreset,
  online: boolean,
): Promise<boolean> {
  try {
    const protocol = await attached(contents);
    const insets = appInsets(preset);
    await protocol.sendCommand('Emulation.setDeviceMetricsOverride', {
      width: preset.width,
      height: preset.height,
      deviceScaleFactor: preset.dpr,
      mobile: true,
    });
    await protocol.sendCommand('Emulation.setSafeAreaInsetsOverride', { insets });
    await protocol.sendCommand('Emulation.setTouchEmulationEnabled', {
      enabled: preset.touch,
      maxTouchPoints: preset.touch ? 5 : 0,
    });
    await protocol.sendCommand('Emulation.setUserAgentOverride', { userAgent: preset.userAgent });
  } catch (error) {
    console.warn('Could not emulate the device in the app window:', error);
    return false;
  }
  return emulateOffline(contents, !online);
}

/**
 * Offline as a phone without network: the DevTools protocol fails every request of the page
 * (fetch, XHR, beacons, script chunks, images), flips navigator.onLine and fires the
 * offline/online events. `session.enableNetworkEmulation({offline})` is known not to block
 * requests, so it is not used; the app:// API proxy also refuses while offline.
 */
export async function emulateOffline(contents: Protocol, offline: boolean): Promise<boolean> {
  try {
    const protocol = await attached(contents);
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
