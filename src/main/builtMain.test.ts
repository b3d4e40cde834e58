/**
 * The BUILT Electron main (`out/main/index.js`, built first when older than its sources) under a
 * recording fake `electron` module (testing/fakeElectron.ts), with its real embedded mock server:
 * the lifecycle end to end, as a developer's machine runs it, on every machine (no Electron binary
 * needed). The steps run in order against one simulator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureRendererBuild } from '../../scripts/renderer-build';
import { PANEL_IPC } from '@host/panelApi';
import type { HostSnapshot } from '@host/types';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import type { FakeBrowserWindow } from './testing/fakeElectron';

const fake = await vi.hoisted(async () => {
  const { FakeElectron } = await import('./testing/fakeElectron');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  return new FakeElectron(mkdtempSync(join(tmpdir(), 'dl-built-main-')));
});
vi.mock('electron', () => fake.module);

const root = path.resolve(import.meta.dirname, '../..');
const bundle = pathToFileURL(path.join(root, 'out/main/index.js')).href;
const files = mkdtempSync(path.join(tmpdir(), 'dl-built-main-files-'));

const app = () => fake.live('app') as FakeBrowserWindow;
const panel = () => fake.live('panel') as FakeBrowserWindow;
const snapshot = async () => (await fake.invoke(PANEL_IPC.snapshot, panel())) as HostSnapshot;
const dispatch = (action: object) => fake.invoke(PANEL_IPC.dispatch, panel(), action);
const generation = () => fake.sendSync(IPC_CHANNELS.bridgeGeneration, app()) as number;
const bridgeCall = (method: string, params: unknown, page: number) =>
  fake.invoke(IPC_CHANNELS.bridgeCall, app(), method, params, page) as Promise<{
    resultCode: number;
  }>;
/** One directive of a CSP, as its list of sources. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];
const messageBoxes = () => fake.dialogs.filter((d) => d.kind === 'messageBox');

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  ensureRendererBuild();
  process.on('unhandledRejection', onUnhandled);
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  // The quit waits until the embedded server has written its worlds, then quits again.
  const quits = fake.quitCalls;
  fake.app.emit('will-quit');
  await vi.waitFor(() => expect(fake.quitCalls).toBe(quits + 1));
  rmSync(fake.paths.userData as string, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

describe('the built Electron main under a recording electron module', () => {
  it('registers the app:// scheme before ready and opens nothing until then', async () => {
    await import(bundle);
    expect(fake.log.slice(0, 3)).toEqual([
      'protocol.registerSchemesAsPrivileged',
      'app.enableSandbox',
      'app.requestSingleInstanceLock',
    ]);
    expect(fake.privilegedSchemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(fake.windows).toEqual([]);
    fake.becomeReady();
    await vi.waitFor(() => expect(app()?.page?.status).toBe(200), { timeout: 45_000 });
    await vi.waitFor(() => expect(panel()?.page?.status).toBe(200));
    expect(app().page?.url).toBe('app://simulator/');
    expect(panel().page?.body).toContain('harness');
  }, 60_000);

  it('gives the panel and each profile a session with the handlers, the world and no permissions', () => {
    expect([...fake.sessions.keys()].sort()).toEqual([
      '',
      'persist:phone-fastpay',
      'persist:phone-lender',
      'persist:phone-web',
    ]);
    for (const ses of fake.sessions.values()) {
      expect(ses.handlers.has('app')).toBe(true);
      expect(ses.beforeSendHeaders).toHaveLength(1);
      expect(ses.permissionCheck?.()).toBe(false);
    }
    expect(app().webContents.session.partition).toBe('persist:phone-lender');
    expect(panel().webContents.session.partition).toBe('');
  });

  it('serves the phone a CSP under which the embedded server’s pictures load', async () => {
    const server = new URL(panel().loads[0] ?? '').searchParams.get('server') ?? '';
    const picture = `${server}/media/ads/banner-home-benefits.svg`;
    const csp = app().page?.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'img-src')).toContain(new URL(picture).origin);
    const answer = await app().webContents.session.fetch(picture);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/svg/);
  });

  it('offline cuts the phone’s app:// off (a reload fails as on a phone), not the panel’s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await dispatch({ type: 'updateSettings', patch: { online: false } });
      await vi.waitFor(() => expect(app().webContents.debugger.overrides.offline).toBe(true));
      const phoneApp = app().webContents.session.handlers.get('app')!;
      for (const url of ['app://simulator/', 'app://simulator/app-config.json']) {
        expect((await phoneApp(new Request(url))).type).toBe('error');
      }
      const proxied = await phoneApp(
        new Request('app://simulator/api/main/user/userInfo', { method: 'POST', body: '{}' }),
      );
      expect(proxied.type).toBe('error');
      const panelApp = panel().webContents.session.handlers.get('app')!;
      expect((await panelApp(new Request('app://simulator/harness.html'))).status).toBe(200);

      const loads = app().loads.length;
      fake.clickMenu(['Host', 'Reload app']);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          'Could not load app://simulator/:',
          expect.stringContaining('ERR_FAILED'),
        ),
      );
      expect(app().loads).toHaveLength(loads + 1);
      // Back online, the phone on "webpage not available" loads the app again.
      await dispatch({ type: 'updateSettings', patch: { online: true } });
      await vi.waitFor(() => expect(app().loads).toHaveLength(loads + 2));
      await vi.waitFor(() => expect(app().webContents.debugger.overrides.offline).toBe(false));
    } finally {
      warn.mockRestore();
    }
    // The phone's requests went through its own session, never the default session's net.fetch.
    await app().webContents.session.handlers.get('app')!(
      new Request('app://simulator/api/main/user/userInfo', { method: 'POST', body: '{}' }),
    );
    expect(app().webContents.session.fetches.some((url) => url.includes('/main/user/'))).toBe(true);
    expect(fake.netFetches).toEqual([]);
  });

  it('after Reload app, the replaced page’s kickOut changes nothing', async () => {
    const oldPage = generation();
    expect((await bridgeCall('getBaseInfo', undefined, oldPage)).resultCode).toBe(0);
    fake.clickMenu(['Host', 'Reload app']);
    await vi.waitFor(() => expect(generation()).toBeGreaterThan(oldPage));
    expect(await bridgeCall('kickOut', { tip: false }, oldPage)).toMatchObject({ resultCode: 3 });
    const now = await snapshot();
    expect(now.view).toEqual({ kind: 'app' });
    expect(now.tokenValue).not.toBe('');
    expect(app().isVisible()).toBe(true);
    expect((await bridgeCall('getBaseInfo', undefined, generation())).resultCode).toBe(0);
  });

  it('keeps the emulation while DevTools are open (they detach the debugger)', async () => {
    await dispatch({ type: 'updateSettings', patch: { online: false } });
    const christmas = Date.UTC(2025, 11, 24, 2);
    await fake.invoke(PANEL_IPC.workbench, panel(), {
      op: 'setClock',
      command: { at: christmas, running: false },
    });
    await vi.waitFor(() => expect(app().webContents.debugger.overrides.scripts.size).toBe(1));
    fake.clickMenu(['Host', 'App DevTools']);
    expect(app().webContents.isDevToolsOpened()).toBe(true);
    await vi.waitFor(() =>
      expect(app().webContents.debugger.overrides).toMatchObject({
        offline: true,
        insets: { top: 47, right: 0, bottom: 34, left: 0 },
        userAgent: expect.stringContaining('iPhone'),
        metrics: expect.objectContaining({ width: 390, mobile: true }),
      }),
    );
    await vi.waitFor(() => expect(app().webContents.debugger.overrides.scripts.size).toBe(1));
    const [clockScript] = app().webContents.debugger.overrides.scripts.values();
    expect(clockScript).toContain(String(christmas));
    app().webContents.closeDevTools();
    await dispatch({ type: 'updateSettings', patch: { online: true } });
    await fake.invoke(PANEL_IPC.workbench, panel(), { op: 'resetClock' });
    await vi.waitFor(() => expect(app().webContents.debugger.overrides.offline).toBe(false));
  });

  it('fits the tablet to the screen and keeps navigation inside the app', async () => {
    fake.workArea = { width: 1280, height: 800 };
    await dispatch({ type: 'updateSettings', patch: { device: 'tablet' } });
    const [width, height] = app().getContentSize();
    expect(height).toBeLessThanOrEqual(800);
    expect(width / height).toBeCloseTo(820 / 1180, 2);
    await vi.waitFor(() =>
      expect(app().webContents.debugger.overrides.metrics).toMatchObject({
        width: 820,
        height: 1180,
        scale: expect.any(Number),
      }),
    );
    await dispatch({ type: 'updateSettings', patch: { device: 'iphone' } });
    expect(app().webContents.navigateFrame('https://phish.example/frame')).toBe(true);
    expect(app().webContents.navigate('https://www.directloan.ph/terms')).toBe(true);
    expect(app().webContents.navigate('javascript:alert(1)')).toBe(true);
    // Web links the shared allow-list accepts open in the system browser; nothing else does.
    expect(fake.externalUrls).toEqual([
      'https://phish.example/frame',
      'https://www.directloan.ph/terms',
    ]);
  });

  it('closes and reopens both windows; a second launch focuses the first and quits', async () => {
    const phone = app();
    phone.close();
    expect(fake.live('app')).toBeUndefined();
    fake.clickMenu(['Host', 'Reload app']);
    await vi.waitFor(() => expect(app()?.page?.status).toBe(200));
    expect(app()).not.toBe(phone);

    const firstPanel = panel();
    firstPanel.close();
    expect(fake.live('panel')).toBeUndefined();
    fake.clickMenu(['windowMenu', 'Control panel']);
    await vi.waitFor(() => expect(panel()?.page?.status).toBe(200));
    expect(panel()).not.toBe(firstPanel);
    // The dock icon brings it forward too.
    panel().focused = false;
    fake.app.emit('activate');
    expect(panel().isFocused()).toBe(true);

    const windows = fake.windows.length;
    const quits = fake.quitCalls;
    panel().focused = false;
    panel().minimize();
    await import(`${bundle}?second-instance`);
    expect(fake.quitCalls).toBe(quits + 1);
    expect(fake.windows).toHaveLength(windows);
    expect(panel().isFocused()).toBe(true);
    expect(panel().isMinimized()).toBe(false);
  });

  it('exports and imports a bundle from the menu, and says why a bad one or a failed export fails', async () => {
    const good = path.join(files, 'good.json');
    panel().focus();
    fake.dialogAnswers.save.push({ canceled: false, filePath: good });
    fake.clickMenu(['Host', 'Export repro bundle…']);
    // Until the export has written all of it: the file exists (empty) from its first write on.
    await vi.waitFor(() =>
      expect(JSON.parse(readFileSync(good, 'utf8'))).toMatchObject({ runtime: 'electron' }),
    );
    const save = fake.dialogs.find((d) => d.kind === 'save');
    expect(save?.parent).toBe(panel());

    await dispatch({ type: 'updateSettings', patch: { device: 'android' } });
    fake.dialogAnswers.open.push({ canceled: false, filePaths: [good] });
    fake.clickMenu(['Host', 'Import repro bundle…']);
    await vi.waitFor(async () => expect((await snapshot()).settings.device).toBe('iphone'));
    expect(messageBoxes()).toEqual([]);

    const bad = path.join(files, 'bad.json');
    writeFileSync(bad, '{"format":"something else"}');
    fake.dialogAnswers.open.push({ canceled: false, filePaths: [bad] });
    fake.clickMenu(['Host', 'Import repro bundle…']);
    await vi.waitFor(() => expect(messageBoxes()).toHaveLength(1));
    expect(messageBoxes()[0]).toMatchObject({
      parent: panel(),
      options: {
        type: 'error',
        title: 'Could not import the repro bundle',
        detail: expect.stringMatching(/^Not a repro bundle/),
      },
    });

    fake.dialogAnswers.save.push({
      canceled: false,
      filePath: path.join(files, 'no/such/dir.json'),
    });
    fake.clickMenu(['Host', 'Export repro bundle…']);
    await vi.waitFor(() => expect(messageBoxes()).toHaveLength(2));
    expect(messageBoxes()[1]?.options).toMatchObject({
      title: 'Could not export the repro bundle',
      detail: expect.stringContaining('ENOENT'),
    });
    expect(unhandled).toEqual([]);
  });
});
