/**
 * Entry of the simulator UI (harness.html). In a plain browser it is the browser harness: the
 * host core runs in this page and the SPA runs in the phone frame. Loaded with
 * `?runtime=electron` in the Electron panel window, it is the control panel of the host in main.
 */
import './harness.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createAdminClient } from '@host/adminClient';
import { HostCore } from '@host/HostCore';
import type { SimulatorPanelBridge } from '@host/panelApi';
import {
  PHONE_BUNDLE_LABELS,
  PHONE_BUNDLE_META,
  PHONE_BUNDLE_PARAM,
  type PhoneBundleMode,
  phoneBundleModeOf,
} from '@host/phoneBundle';
import type { PhoneClock } from '@host/phoneClock';
import { Workbench } from '@host/workbench';
import { isWorldId, newWorldId } from '@shared/simWorld';
import { AdminTokenMissing } from './AdminTokenMissing';
import { adminTokenFor, bindAdminToken, fragmentAdminToken } from './adminTokens';
import { HarnessApp, type PhoneSetup } from './HarnessApp';
import { HarnessPhone } from './harnessPhone';
import { keepHost, readKeptHost } from './keptHost';
import { MatrixPage } from './MatrixPage';
import { readMatrixSpec } from './matrix';
import { electronPanelApi, inPagePanelApi } from './panelApis';
import {
  choosePhoneIsolation,
  isolationOfWorld,
  type PhoneIsolation,
  refusesSharedPhone,
} from './phoneIsolation';
import { startPhoneWorker } from './phoneWorkerClient';
import { readUrlState } from './urlState';
import { type ClaimedWorld, claimTabWorld, sayWhenLeaving, type WorldLocks } from './worldLease';

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

/** The sessionStorage key of a phone's world: the tab's, or a matrix cell's (cells share it). */
const worldKey = (cell: string | null) => (cell ? `${WORLD_KEY}.cell.${cell}` : WORLD_KEY);

/** The world id this tab keeps, without claiming it (the matrix page only lists scenarios). */
function keptWorld(): string {
  try {
    const kept = window.sessionStorage.getItem(WORLD_KEY);
    if (isWorldId(kept)) return kept;
  } catch {
    // No storage: a fresh id below.
  }
  return newWorldId();
}

/**
 * This phone's world (DESIGN.md §6): kept in the tab's sessionStorage, so a reload finds the same
 * world and a new tab is a new phone; a copied tab (Duplicate tab, `window.open`) is a new phone
 * too, not a second window on the original's (worldLease.ts).
 */
async function claimWorld(cell: string | null): Promise<ClaimedWorld> {
  const storage = tabStorage();
  const claimed = await claimTabWorld({
    storage,
    key: worldKey(cell),
    locks: window.isSecureContext ? (navigator.locks as WorldLocks | undefined) : undefined,
    opened: window.opener !== null,
  });
  // So that F5 keeps the world even from a page of this origin that queued for its lock.
  sayWhenLeaving(window, storage, worldKey(cell), claimed.world);
  return claimed;
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
          phoneLabel={PHONE_BUNDLE_LABELS[phoneBundleModeOf(params.get(PHONE_BUNDLE_PARAM))]}
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
  // Read before the token is taken out of the address bar with the rest of the fragment.
  const fragment = window.location.hash;
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
  const cell = params.get('cell');
  // A harness page on 127.0.0.1 first loads a phone origin's relay to learn what this browser
  // allows (phoneIsolation.ts): a moment on a busy machine.
  root.render(<p className="sim-loading">Starting the simulated host…</p>);
  void choosePhoneIsolation({
    storage: tabStorage(),
    appBase: new URL('./', window.location.href).href,
    fragment,
    // The token of the server this URL names (`?mock=` or this page's), which it still names there.
    adminToken: token,
    isFrame: window.top !== window,
  }).then((isolation) => {
    if (isolation === 'moved') return;
    // After a move, so that the page on harness.localhost refuses (and says) it too.
    const refusedSharedLink = refusesSharedPhone();
    if (params.get('view') === 'matrix') {
      renderMatrix(root, mockOrigin, token);
      return;
    }
    void claimWorld(cell && /^\d{1,3}$/.test(cell) ? cell : null).then((claimed) =>
      startPhone(root, claimed, state, token, {
        isCell: Boolean(cell),
        isolation: { ...isolationOfWorld(isolation, claimed.world), refusedSharedLink },
      }),
    );
  });
}

/** The matrix page: its grid of harness cells (each claims a world of its own). */
function renderMatrix(root: Root, mockOrigin: string, token: string): void {
  const admin = createAdminClient(mockOrigin, (input, init) => window.fetch(input, init), {
    world: keptWorld(),
    adminToken: token,
  });
  void admin
    .scenarios()
    .then((list) => list.scenarios.map((s) => s.name))
    .catch(() => [])
    .then((scenarioNames) =>
      root.render(
        <StrictMode>
          <MatrixPage spec={readMatrixSpec(window.location.search)} scenarioNames={scenarioNames} />
        </StrictMode>,
      ),
    );
}

/**
 * Where `npm run dev:web` says the phone's app comes from (null: the page did not come from it,
 * e.g. the mock server's `--web` serving a build).
 */
function phoneBundleMode(): PhoneBundleMode | null {
  const content = document
    .querySelector(`meta[name="${PHONE_BUNDLE_META}"]`)
    ?.getAttribute('content');
  return content ? phoneBundleModeOf(content) : null;
}

/** The harness with its phone in `claimed`'s world. */
function startPhone(
  root: Root,
  { world, copiedFrom, tookBack }: ClaimedWorld,
  state: ReturnType<typeof readUrlState>,
  token: string,
  { isCell, isolation }: { isCell: boolean; isolation: PhoneIsolation },
): void {
  const mockOrigin = state.mock ?? window.location.origin;
  const admin = createAdminClient(mockOrigin, (input, init) => window.fetch(input, init), {
    world,
    adminToken: token,
  });
  // F5 keeps the panel too: the settings (auto-answers included) and the logs of this world. A
  // copied tab starts with the original's settings and logs of its own.
  const storage = tabStorage();
  const kept = storage ? readKeptHost(storage, world) : null;
  const original = storage && copiedFrom ? readKeptHost(storage, copiedFrom) : null;
  const host = new HostCore({
    admin,
    settings: { ...original?.settings, ...kept?.settings, ...state.settings },
    deviceId: hostDeviceId(),
  });
  if (kept) host.restoreLogs(kept.calls, kept.notes);
  if (storage) keepHost(storage, world, host);
  const phoneAccess = new HarnessPhone(
    host,
    world,
    state.path,
    isolation.arrangement !== 'shared-origin',
  );
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
      copiedFrom,
      tookBack: tookBack ?? false,
      isolation,
      appMode: phoneBundleMode(),
    };
    root.render(
      <StrictMode>
        <HarnessApp api={api} phone={phone} layout={isCell ? 'cell' : 'full'} />
      </StrictMode>,
    );
  })();
}

const container = document.getElementById('harness');
if (container) start(container);
