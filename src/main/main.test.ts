/**
 * Main process wiring with a faked Electron and the REAL embedded mock server: the app:// scheme,
 * the IPC handlers, the windows and a bridge call that gets a real session token.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PANEL_IPC } from '../host/panelApi';
import type { HostSnapshot } from '../host/types';
import { appConfigSchema } from '../shared/appConfig';
import { IPC } from '../shared/bridge';

const fake = vi.hoisted(() => {
  type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
  const userData = `/tmp/dl-main-test-${process.pid}-${Date.now()}`;
  const handles = new Map<string, Handler>();
  const schemes = new Map<string, (request: Request) => Promise<Response>>();
  const windows: FakeWindow[] = [];
  const quitHooks = new Map<string, () => void>();
  class FakeWindow {
    readonly loaded: string[] = [];
    readonly webContents = {
      mainFrame: { url: '' },
      send: () => undefined,
      on: () => undefined,
      setWindowOpenHandler: () => undefined,
      openDevTools: () => undefined,
      debugger: {
        isAttached: () => true,
        attach: () => undefined,
        sendCommand: async () => undefined,
      },
    };
    constructor(readonly options: { webPreferences?: { additionalArguments?: string[] } }) {
      windows.push(this);
    }
    async loadURL(url: string) {
      this.loaded.push(url);
      this.webContents.mainFrame.url = url;
    }
    on() {}
    isDestroyed() {
      return false;
    }
    show() {}
    hide() {}
    destroy() {}
    setContentSize() {}
  }
  const beforeSendHeaders: unknown[] = [];
  const partitions: string[] = [];
  // Every session (the panel's and each profile's partition) records into the same place.
  const session = {
    protocol: {
      handle: (scheme: string, handler: (r: Request) => Promise<Response>) =>
        schemes.set(scheme, handler),
    },
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    webRequest: {
      onHeadersReceived: () => undefined,
      onBeforeSendHeaders: (filter: unknown, listener: unknown) =>
        beforeSendHeaders.push({ filter, listener }),
    },
  };
  return {
    userData,
    handles,
    schemes,
    windows,
    quitHooks,
    FakeWindow,
    beforeSendHeaders,
    partitions,
    session,
  };
});

vi.mock('electron', () => ({
  app: {
    enableSandbox: vi.fn(),
    setPath: vi.fn(),
    getPath: () => fake.userData,
    on: (name: string, hook: () => void) => fake.quitHooks.set(name, hook),
    whenReady: () => Promise.resolve(),
    exit: vi.fn(),
    quit: vi.fn(),
  },
  protocol: { registerSchemesAsPrivileged: vi.fn() },
  session: {
    defaultSession: fake.session,
    fromPartition: (name: string) => {
      fake.partitions.push(name);
      return fake.session;
    },
  },
  ipcMain: {
    handle: (channel: string, handler: never) => fake.handles.set(channel, handler),
    on: (channel: string, handler: never) => fake.handles.set(channel, handler),
  },
  Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
  BrowserWindow: fake.FakeWindow,
  net: { fetch: vi.fn() },
}));

const roleOf = (w: InstanceType<typeof fake.FakeWindow>) =>
  w.options.webPreferences?.additionalArguments?.[0];

describe('Electron main', () => {
  afterAll(() => {
    fake.quitHooks.get('will-quit')?.();
    rmSync(fake.userData, { recursive: true, force: true });
  });

  it('starts the mock server, the app:// scheme, the windows and a working bridge', async () => {
    await import('./index');
    await vi.waitFor(() => expect(fake.windows).toHaveLength(2), { timeout: 15_000 });
    const app = fake.windows.find((w) => roleOf(w) === '--dl-role=app')!;
    const panel = fake.windows.find((w) => roleOf(w) === '--dl-role=panel')!;
    expect(app.loaded).toEqual(['app://simulator/']);
    // The panel is told the embedded server and the phone's world (for what it copies).
    expect(panel.loaded).toHaveLength(1);
    const panelUrl = new URL(panel.loaded[0] ?? '');
    expect(panelUrl.pathname).toBe('/harness.html');
    expect(panelUrl.searchParams.get('runtime')).toBe('electron');
    expect(panelUrl.searchParams.get('server')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(panelUrl.searchParams.get('world')).toMatch(/^w-/);
    // One partition per profile, each with the app:// handler, the world header and permissions.
    expect(fake.partitions).toEqual([
      'persist:phone-lender',
      'persist:phone-fastpay',
      'persist:phone-web',
    ]);
    expect(fake.beforeSendHeaders).toHaveLength(4);

    const serve = fake.schemes.get('app')!;
    const config = appConfigSchema.parse(
      await (await serve(new Request('app://simulator/app-config.json'))).json(),
    );
    expect(config.apiBase.main).toBe('app://simulator/api/main/');

    // The SPA's API calls reach the mock server through app:// (here: an envelope it refuses).
    const proxied = await serve(
      new Request('app://simulator/api/main/user/userInfo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    expect(await proxied.json()).toMatchObject({ code: 4001 });

    const call = fake.handles.get(IPC.bridgeCall)!;
    const info = (await call({ senderFrame: app.webContents.mainFrame }, 'getBaseInfo')) as {
      resultCode: number;
      data: { tokenValue: string };
    };
    expect(info.resultCode).toBe(0);
    expect(info.data.tokenValue).toMatch(/\S/);
    const refused = await call({ senderFrame: panel.webContents.mainFrame }, 'getBaseInfo');
    expect(refused).toMatchObject({ resultCode: 3 });

    const dispatch = fake.handles.get(PANEL_IPC.dispatch)!;
    const from = { senderFrame: panel.webContents.mainFrame };
    expect(await dispatch(from, { type: 'selectScenario', name: 'repaying' })).toEqual({
      ok: true,
    });
    const snapshot = (await fake.handles.get(PANEL_IPC.snapshot)!(from)) as HostSnapshot;
    expect(snapshot.scenario).toBe('repaying');
    expect(app.loaded).toHaveLength(2);
    const traffic = (await fake.handles.get(PANEL_IPC.traffic)!(from, 10)) as {
      path: string;
    }[];
    // The proxied call above landed in this phone's world, not the server's default one.
    expect(traffic.map((e) => e.path)).toContain('user/userInfo');

    // Requests of the phone to the mock server (dev mode) get the world header from main.
    const [hook] = fake.beforeSendHeaders as {
      filter: { urls: string[] };
      listener: (d: unknown, cb: (r: { requestHeaders: Record<string, string> }) => void) => void;
    }[];
    expect(hook?.filter.urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\*$/);
    let sent: Record<string, string> = {};
    hook?.listener({ requestHeaders: { token: 't' } }, (r) => {
      sent = r.requestHeaders;
    });
    expect(sent).toMatchObject({ token: 't', 'x-sim-world': expect.stringMatching(/^w-/) });
  });
});
