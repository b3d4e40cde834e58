/**
 * Entry of the simulator UI (harness.html). In a plain browser it is the browser harness: the
 * host core runs in this page and the SPA runs in the phone frame. Loaded with
 * `?runtime=electron` in the Electron panel window, it is the control panel of the host in main.
 */
import './harness.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminClient } from '../../../host/adminClient';
import { HostCore } from '../../../host/HostCore';
import type { SimulatorPanelBridge } from '../../../host/panelApi';
import type { PhoneClock } from '../../../host/phoneClock';
import { Workbench } from '../../../host/workbench';
import { isWorldId, newWorldId } from '../../../shared/simWorld';
import { AdminTokenMissing } from './AdminTokenMissing';
import { adminTokenFor, bindAdminToken, fragmentAdminToken } from './adminTokens';
import { HarnessApp, type PhoneSetup } from './HarnessApp';
import { HarnessPhone } from './harnessPhone';
import { keepHost, readKeptHost } from './keptHost';
import { MatrixPage } from './MatrixPage';
import { readMatrixSpec } from './matrix';
import { electronPanelApi, inPagePanelApi } from './panelApis';
import { startPhoneWorker } from './phoneWorkerClient';
import { readUrlState } from './urlState';

const DEVICE_ID_KEY = 'directLoanSimulator.deviceId';

/** A stable host device id per browser profile (the SPA appends -h5). */
function hostDeviceId(): string {
  try {
    const known = window.localStorage.getItem(DEVICE_ID_KEY);
    if (known) return known;
    const fresh = `SIM-${crypto.randomUUID?.() ?? Math.random().toString(36).slice(2)}`;
    window.localStorage.setItem(DEVICE_ID_KEY, fresh);
    return fresh;
  } catch {
    return `SIM-${Math.random().toString(36).slice(2)}`;
  }
}

/** The tab's sessionStorage, or null where the browser refuses it (some private modes). */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const WORLD_KEY = 'directLoanSimulator.world';

/**
 * This tab's phone world (DESIGN.md §6): kept in the tab's sessionStorage, so a reload finds the
 * same world and a new tab is a new phone. A matrix cell is a phone of its own: its world is kept
 * under the cell's key (the cells of one tab share its sessionStorage).
 */
function tabWorld(cell: string | null): string {
  const key = cell ? `${WORLD_KEY}.cell.${cell}` : WORLD_KEY;
  try {
    const kept = window.sessionStorage.getItem(key);
    if (isWorldId(kept)) return kept;
    const fresh = newWorldId();
    window.sessionStorage.setItem(key, fresh);
    return fresh;
  } catch {
    return newWorldId();
  }
}

/**
 * The admin token of the mock server at `origin` (adminTokens.ts): the one in the
 * URL fragment `#admin-token=…` that `npm run dev:web` prints, bound to the server this URL names
 * and taken out of the address bar, else the one kept for that server in this tab.
 */
function adminToken(origin: string): string | null {
  const storage = tabStorage();
  const fromUrl = fragmentAdminToken(window.location.hash);
  if (fromUrl) {
    bindAdminToken(storage, origin, fromUrl);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromUrl;
  }
  return adminTokenFor(storage, origin);
}

/** Two phone clocks name the same time (a running offset within a minute). */
function sameClock(a: PhoneClock | null, b: PhoneClock): boolean {
  if (!a || (a.frozenAt === null) !== (b.frozenAt === null)) return false;
  if (a.frozenAt !== null) return a.frozenAt === b.frozenAt;
  return Math.abs(a.offsetMs - b.offsetMs) < 60_000;
}

/** The embedded mock server and the phone's world that Electron main names in the panel's URL. */
function panelServerOf(params: URLSearchParams): { url: string; world: string | null } | null {
  try {
    const url = new URL(params.get('server') ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const world = params.get('world');
    return { url: url.origin, world: isWorldId(world) ? world : null };
  } catch {
    return null;
  }
}

function start(container: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  const root = createRoot(container);
  const panelBridge = (window as { simulatorPanel?: SimulatorPanelBridge }).simulatorPanel;
  if (params.get('runtime') === 'electron' && panelBridge) {
    root.render(
      <StrictMode>
        <HarnessApp
          api={electronPanelApi(panelBridge)}
          phone={null}
          panelServer={panelServerOf(params)}
        />
      </StrictMode>,
    );
    return;
  }
  if (params.get('runtime') === 'electron' || window.location.protocol === 'app:') {
    // Inside Electron without its panel API the preload failed: pretending to be the browser
    // harness here would drive a second, in-page host that nothing else sees. Say so instead.
    root.render(
      <StrictMode>
        <main className="sim-token" role="alert">
          <h1>The simulator's panel could not connect to Electron</h1>
          <p>
            The preload script did not load (see the terminal or DevTools of this window). Rebuild
            with <code>npm run build</code> or restart <code>npm run dev</code>.
          </p>
        </main>
      </StrictMode>,
    );
    return;
  }
  const state = readUrlState(window.location.search);
  // The admin API's server: this page's origin, or another that `?mock=` names, which needs its
  // own token (a token goes only to the server that issued it).
  const mockOrigin = state.mock ?? window.location.origin;
  const token = adminToken(mockOrigin);
  if (!token) {
    root.render(
      <StrictMode>
        <AdminTokenMissing
          server={mockOrigin}
          otherServer={mockOrigin !== window.location.origin}
          onToken={(value) => {
            bindAdminToken(tabStorage(), mockOrigin, value);
            window.location.reload();
          }}
        />
      </StrictMode>,
    );
    return;
  }
  if (params.get('view') === 'matrix') {
    const admin = createAdminClient(mockOrigin, (input, init) => window.fetch(input, init), {
      world: tabWorld(null),
      adminToken: token,
    });
    void admin
      .scenarios()
      .then((list) => list.scenarios.map((s) => s.name))
      .catch(() => [])
      .then((scenarioNames) =>
        root.render(
          <StrictMode>
            <MatrixPage
              spec={readMatrixSpec(window.location.search)}
              scenarioNames={scenarioNames}
            />
          </StrictMode>,
        ),
      );
    return;
  }
  const cell = params.get('cell');
  const world = tabWorld(cell && /^\d{1,3}$/.test(cell) ? cell : null);
  const admin = createAdminClient(mockOrigin, (input, init) => window.fetch(input, init), {
    world,
    adminToken: token,
  });
  // F5 keeps the panel too: the settings (auto-answers included) and the logs of this world.
  const storage = tabStorage();
  const kept = storage ? readKeptHost(storage, world) : null;
  const host = new HostCore({
    admin,
    settings: { ...kept?.settings, ...state.settings },
    deviceId: hostDeviceId(),
  });
  if (kept) host.restoreLogs(kept.calls, kept.notes);
  if (storage) keepHost(storage, world, host);
  const phoneAccess = new HarnessPhone(host, world, state.path);
  const workbench = new Workbench(host, admin, phoneAccess, 'harness');
  const api = inPagePanelApi(host, admin, workbench);
  // Tests and QA scripts drive the host from the page (e.g. answer requests in bulk).
  (window as { simulatorHost?: HostCore }).simulatorHost = host;
  const appBase = new URL('./', window.location.href).href;
  // The phone service worker is registered (and active) before the first phone loads a page.
  const phoneWorker = startPhoneWorker(appBase);
  void (async () => {
    await host.start();
    await workbench.start();
    // A scenario in the URL means "reproduce this state": a new tab (a new world) selects it; a
    // reload finds its world on that scenario already and keeps it as it was.
    if (state.scenario && host.getSnapshot().scenario !== state.scenario) {
      await host.selectScenario(state.scenario);
    }
    // The same for the world's clock: set it unless the world already keeps that time.
    const wanted = state.clock;
    if (wanted && !sameClock(host.getSnapshot().clock, wanted)) {
      await workbench.run({
        op: 'setClock',
        command:
          wanted.frozenAt === null
            ? { at: Date.now() + wanted.offsetMs, running: true }
            : { at: wanted.frozenAt, running: false },
      });
    }
    const phone: PhoneSetup = {
      host,
      world,
      ...(state.mock ? { mockOrigin: state.mock } : {}),
      appBase,
      worker: await phoneWorker,
      initialPath: state.path,
      access: phoneAccess,
    };
    root.render(
      <StrictMode>
        <HarnessApp api={api} phone={phone} layout={cell ? 'cell' : 'full'} />
      </StrictMode>,
    );
  })();
}

const container = document.getElementById('harness');
if (container) start(container);
