/**
 * Main process wiring with a faked Electron and the REAL embedded mock server: the app:// scheme,
 * the IPC handlers, the windows and a bridge call that gets a real session token.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PANEL_IPC } from '@host/panelApi';
import type { HostSnapshot } from '@host/types';
import { appConfigSchema } from '@shared/appConfig';
import { IPC_CHANNELS } from '@shared/ipcChannels';

const fake = await vi.hoisted(async () => {
  const { FakeElectron } = await import('@tests/support/electron/fakeElectron');
  return new FakeElectron(`/tmp/dl-main-test-${process.pid}-${Date.now()}`);
});
vi.mock('electron', () => fake.module);

describe('Electron main', { timeout: 90_000 }, () => {
  afterAll(async () => {
    // The quit waits until the embedded server has written its worlds, then quits.
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 30_000 });
    rmSync(fake.app.getPath('userData'), { recursive: true, force: true });
  }, 60_000);

  it('starts the mock server, the app:// scheme, the windows and a working bridge', async () => {
    await import('./index');
    fake.becomeReady();
    await vi.waitFor(() => expect(fake.live('app')?.webContents.page).toBeTruthy(), {
      timeout: 30_000,
    });
    await vi.waitFor(() => expect(fake.live('panel')?.webContents.page).toBeTruthy(), {
      timeout: 30_000,
    });
    const app = fake.live('app')!;
    const panel = fake.live('panel')!;
    expect(app.webContents.loads).toEqual(['app://simulator/']);
    // The panel is told the embedded server and the phone's world (for what it copies).
    expect(panel.webContents.loads).toHaveLength(1);
    const panelUrl = new URL(panel.webContents.loads[0] ?? '');
    expect(panelUrl.pathname).toBe('/harness.html');
    expect(panelUrl.searchParams.get('runtime')).toBe('electron');
    expect(panelUrl.searchParams.get('server')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(panelUrl.searchParams.get('world')).toMatch(/^w-/);
    // One partition per profile, each with the app:// handler, the world header and permissions.
    expect([...fake.sessions.keys()]).toEqual([
      '',
      'persist:phone-lender',
      'persist:phone-fastpay',
      'persist:phone-web',
    ]);
    for (const ses of fake.sessions.values()) expect(ses.beforeSendHeaders).not.toBeNull();

    const serve = app.webContents.session.handlers.get('app')!;
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

    const generation = fake.sendSync(IPC_CHANNELS.bridgeGeneration, app);
    const info = (await fake.invoke(
      IPC_CHANNELS.bridgeCall,
      app,
      'getBaseInfo',
      undefined,
      generation,
    )) as { resultCode: number; data: { tokenValue: string } };
    expect(info.resultCode).toBe(0);
    expect(info.data.tokenValue).toMatch(/\S/);
    expect(fake.sendSync(IPC_CHANNELS.bridgeGeneration, panel)).toBeNull();
    const refused = await fake.invoke(IPC_CHANNELS.bridgeCall, panel, 'getBaseInfo', undefined, 0);
    expect(refused).toMatchObject({ resultCode: 3 });

    expect(
      await fake.invoke(PANEL_IPC.dispatch, panel, { type: 'selectScenario', name: 'repaying' }),
    ).toEqual({ ok: true });
    const snapshot = (await fake.invoke(PANEL_IPC.snapshot, panel)) as HostSnapshot;
    expect(snapshot.scenario).toBe('repaying');
    await vi.waitFor(() => expect(app.webContents.loads).toHaveLength(2), { timeout: 30_000 });
    const traffic = (await fake.invoke(PANEL_IPC.traffic, panel, 10)) as { path: string }[];
    // The proxied call above landed in this phone's world, not the server's default one.
    expect(traffic.map((e) => e.path)).toContain('user/userInfo');

    // Requests of the phone to the mock server (dev mode) get the world header from main.
    const hook = app.webContents.session.beforeSendHeaders;
    expect(hook?.urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\*$/);
    let sent: Record<string, string> = {};
    hook?.listener({ requestHeaders: { token: 't' } }, (r: { requestHeaders: typeof sent }) => {
      sent = r.requestHeaders;
    });
    expect(sent).toMatchObject({ token: 't', 'x-sim-world': expect.stringMatching(/^w-/) });
  });
});
