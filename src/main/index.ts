/**
 * Electron main: starts the embedded mock server on a free port, the host core, the app window
 * (the phone) and the control panel. The phone loads the production web build (out/web, byte for
 * byte `npm run build:web`'s) over app://, in production and in `npm run dev` alike; the panel is
 * the simulator's renderer (out/renderer, or the electron-vite dev server in dev:
 * ELECTRON_RENDERER_URL). `DL_PHONE=dev-server` (`npm run dev -- --phone=hmr`) loads the phone
 * from that dev server instead, a developer mode the panel labels. One simulator per user-data
 * directory: a second launch brings the first to the front and quits.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { createMockServer } from '../../mock-server/app';
import { createAdminClient } from '@host/adminClient';
import { HostCore } from '@host/HostCore';
import { PHONE_BUNDLE_PARAM, phoneBundleModeOf } from '@host/phoneBundle';
import { HOST_PROFILES } from '@host/types';
import { isWorldId, newWorldId } from '@shared/simWorld';
import { APP_ORIGIN, APP_SCHEME_PRIVILEGES } from './appProtocol';
import { registerBridgeIpc, registerPanelIpc } from './ipc';
import { configureSession } from './sessions';
import { Simulator } from './simulator';
import { openInSystemBrowser } from './systemBrowser';

protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);
app.enableSandbox();
// Tests run each app against fresh state (mock server identity, storage).
if (process.env.DL_USER_DATA) app.setPath('userData', process.env.DL_USER_DATA);

/** The running simulator, once started (a second launch and the dock icon bring it forward). */
let running: Simulator | null = null;

/**
 * The phone's world on the mock server (DESIGN.md §6), kept in userData so a relaunch finds the
 * same state; Reset resets the world, not its id.
 */
async function phoneWorld(userData: string): Promise<string> {
  const file = join(userData, 'sim-world-id');
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (isWorldId(kept)) return kept;
  const id = newWorldId();
  await mkdir(userData, { recursive: true });
  await writeFile(file, id);
  return id;
}

async function main(): Promise<void> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const devUrl = process.env.ELECTRON_RENDERER_URL?.replace(/\/+$/, '');
  const phoneMode = phoneBundleModeOf(process.env.DL_PHONE);
  const phoneFromDevServer = devUrl !== undefined && phoneMode === 'dev-server';
  const server = await createMockServer({
    port: 0,
    scenario: process.env.DL_SCENARIO,
    dataDir: join(app.getPath('userData'), 'mock-server'),
    // Upstream mode from launch (docs/mock-server.md "Upstream mode, recordings and the contract
    // check"); the panel sets it per world too.
    ...(process.env.DL_UPSTREAM ? { upstream: process.env.DL_UPSTREAM } : {}),
    // The phone's pictures on its own origin, which its bundle's CSP allows ('self').
    ...(phoneFromDevServer ? {} : { mediaOrigin: APP_ORIGIN }),
  });
  // The quit waits for the server to write its worlds' last changes to the data dir (DESIGN.md
  // §5: a relaunch finds the phone's world, still signed in).
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event?: { preventDefault(): void }) => {
    if (state === 'closed') return;
    event?.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void server
      .close()
      .catch((error: unknown) => console.error('[main] the mock server did not close:', error))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });

  // Node's fetch, not net.fetch: host ↔ mock server traffic must ignore the app session's
  // offline emulation and dev protocol handlers.
  const world = await phoneWorld(app.getPath('userData'));
  const admin = createAdminClient(server.url, (url, init) => fetch(url, init), {
    world,
    adminToken: server.adminToken,
  });
  const host = new HostCore({ admin, deviceId: `SIM-${randomUUID()}` });
  await host.start();

  const panelBase = devUrl ?? APP_ORIGIN;
  const phoneBase = phoneFromDevServer ? devUrl : APP_ORIGIN;
  const allowedOrigins = [APP_ORIGIN, ...(devUrl ? [new URL(devUrl).origin] : [])];
  const sessionSetup = {
    mockUrl: server.url,
    world,
    panelRoot: join(here, '../renderer'),
    phoneRoot: join(here, '../web'),
    readFile: (path: string) => readFile(path),
    allowedOrigins,
    ...(devUrl ? { devUrl } : {}),
  };
  /**
   * The panel's session (the default) and one partition per app profile, so the lender app, the
   * FastPay wallet and the web keep their own storage as three apps on a phone do; only the
   * phone's sessions go offline with it.
   */
  const partitionOf = (profile: string) => `persist:phone-${profile}`;
  const phoneNetwork = { isOffline: () => !host.getSnapshot().settings.online };
  configureSession(session.defaultSession, sessionSetup);
  for (const profile of HOST_PROFILES) {
    configureSession(session.fromPartition(partitionOf(profile)), sessionSetup, phoneNetwork);
  }

  const simulator = new Simulator({
    BrowserWindow,
    Menu,
    partitionOf,
    host,
    preloadPath: join(here, '../preload/index.cjs'),
    appUrl: `${phoneBase}/`,
    // The panel names the embedded server and the phone's world in what it copies (curl), and
    // labels a phone that is not the shipped bundle.
    panelUrl: `${panelBase}/harness.html?${new URLSearchParams({
      runtime: 'electron',
      server: server.url,
      world,
      ...(devUrl && phoneMode !== 'shipped' ? { [PHONE_BUNDLE_PARAM]: phoneMode } : {}),
    })}`,
    allowedOrigins,
    workbenchClient: admin,
    files: {
      async save(parent, suggestedName, text) {
        const options: Electron.SaveDialogOptions = {
          title: 'Export repro bundle',
          defaultPath: join(app.getPath('downloads'), suggestedName),
          filters: [{ name: 'Repro bundle', extensions: ['json'] }],
        };
        const choice = await (parent
          ? dialog.showSaveDialog(parent, options)
          : dialog.showSaveDialog(options));
        if (choice.canceled || !choice.filePath) return false;
        await writeFile(choice.filePath, text);
        return true;
      },
      async open(parent) {
        const options: Electron.OpenDialogOptions = {
          title: 'Import repro bundle',
          properties: ['openFile'],
          filters: [{ name: 'Repro bundle', extensions: ['json'] }],
        };
        const choice = await (parent
          ? dialog.showOpenDialog(parent, options)
          : dialog.showOpenDialog(options));
        const file = choice.canceled ? undefined : choice.filePaths[0];
        return file ? readFile(file, 'utf8') : null;
      },
    },
    showError(parent, title, detail) {
      const options: Electron.MessageBoxOptions = { type: 'error', title, message: title, detail };
      void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)).catch(
        () => dialog.showErrorBox(title, detail),
      );
    },
    workArea: () => screen.getPrimaryDisplay().workAreaSize,
    // DL_SYSTEM_BROWSER=off keeps links on their native surface only (the _electron e2e specs).
    ...(process.env.DL_SYSTEM_BROWSER === 'off'
      ? {}
      : { openExternal: (url: string) => void openInSystemBrowser(shell, url) }),
  });
  running = simulator;
  const frameOf = (window: BrowserWindow | null) =>
    window && !window.isDestroyed() ? window.webContents.mainFrame : null;
  registerBridgeIpc(ipcMain, {
    host,
    appFrame: () => frameOf(simulator.appWindow),
    allowedOrigins,
  });
  registerPanelIpc(ipcMain, {
    host,
    panelFrame: () => frameOf(simulator.panelWindow),
    allowedOrigins,
    apply: (action) => simulator.apply(action),
    traffic: (limit) => admin.log(limit),
    workbench: (call) => simulator.workbench.run(call),
  });
  simulator.start();
  console.log(`Direct Loan simulator: mock server at ${server.url}`);
}

/**
 * The lock is per user-data directory (set above): a second simulator on the same one would share
 * its storage and the phone's world, so it hands over to the first and quits.
 */
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => running?.focus());
  // The dock icon (macOS) brings the control panel back, even after it was closed.
  app.on('activate', () => running?.showPanel());
  app.on('window-all-closed', () => app.quit());
  // Belt and braces for any web contents, including ones a future window might create.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app
    .whenReady()
    .then(main)
    .catch((error: unknown) => {
      // Say it where the developer looks: a dialog, not only a line in a terminal they may not see.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error('The simulator failed to start:', error);
      dialog.showErrorBox('The Direct Loan simulator could not start', message);
      app.exit(1);
    });
}
