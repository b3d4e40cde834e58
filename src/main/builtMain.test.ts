/**
 * The BUILT Electron main (`out/main/index.js`, built first when older than its sources) loaded
 * by Node's own ESM loader in a child process, as Electron loads a `"type": "module"` main, with
 * `electron` answered by the recording fake (tests/support/electron): every other import is
 * resolved as Electron resolves it, so a build Node refuses to load fails here. With its real
 * embedded mock server and the phone's real bundle, the lifecycle end to end as a developer's
 * machine runs it, on every machine (no Electron binary needed). The steps run in order against
 * one simulator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltMain,
  startBuiltMain,
  tempUserData,
} from '@tests/support/electron/builtMain/builtMainProcess';
import type { WindowState } from '@tests/support/electron/builtMain/protocol';
import { PANEL_IPC } from '@host/panelApi';
import { type HostSnapshot, STALE_PAGE_MESSAGE } from '@host/types';
import { inlineScriptHashes } from '@shared/csp';
import { IPC_CHANNELS } from '@shared/ipcChannels';

const root = path.resolve(import.meta.dirname, '../..');
const distWeb = path.join(root, 'dist/web');
const ELECTRON_ERROR_BOX = 'A JavaScript error occurred in the main process';

let main: BuiltMain;
let userData: Awaited<ReturnType<typeof tempUserData>>;
let files: string;

/** Waits for a condition of the running simulator; the machine is shared and slow. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 45_000, interval: 100 });
const windowOf = async (role: 'app' | 'panel'): Promise<WindowState | undefined> =>
  (await main.state()).windows.find((w) => !w.destroyed && w.role === role);
const app = async () => {
  const window = await windowOf('app');
  if (!window) throw new Error('No phone window');
  return window;
};
const snapshot = () => main.invoke('panel', PANEL_IPC.snapshot) as Promise<HostSnapshot>;
const dispatch = (action: object) => main.invoke('panel', PANEL_IPC.dispatch, action);
const generation = () => main.sendSync('app', IPC_CHANNELS.bridgeGeneration) as Promise<number>;
const bridgeCall = (method: string, params: unknown, page: number | null) =>
  main.invoke('app', IPC_CHANNELS.bridgeCall, method, params, page) as Promise<{
    resultCode: number;
    message?: string;
  }>;
/** What main reported as its uncaught exceptions (Electron's error box). */
const uncaught = async () =>
  (await main.state()).dialogs.filter((d) => d.options.title === ELECTRON_ERROR_BOX);
const messageBoxes = async () =>
  (await main.state()).dialogs.filter((d) => d.kind === 'messageBox');
/** The page's text, once it is a page (not a failed load). */
const pageText = async () => {
  const page = (await app()).page;
  return page && 'text' in page ? page.text : `no page: ${JSON.stringify(page)}`;
};

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesOf(dir, relative) : [relative];
  });
}

beforeAll(async () => {
  // out/ and dist/web (what `npm run build:web` makes, from the same sources: the bytes the
  // phone must get) are built first by the project's global setup (tests/support/electron/builds.ts).
  userData = await tempUserData();
  files = await mkdtemp(path.join(tmpdir(), 'dl-built-main-files-'));
  main = await startBuiltMain({ userData: userData.dir, env: { DL_SCENARIO: 'can-borrow' } });
}, 300_000);

afterAll(async () => {
  try {
    // The quit waits until the embedded server has written its worlds, then quits.
    const last = await main.quit();
    expect(last.quitted).toBe(true);
    expect(last.log.filter((entry) => entry === 'app.quit').length).toBeGreaterThanOrEqual(2);
    expect(readdirSync(path.join(userData.dir, 'mock-server/worlds'))).not.toEqual([]);
  } finally {
    await main.kill();
    await userData.remove();
    await rm(files, { recursive: true, force: true });
  }
}, 60_000);

describe('the built Electron main under Node’s ESM loader and a recording electron', {
  timeout: 120_000,
}, () => {
  it('loads without an uncaught exception, registers app:// before ready, opens nothing until then', async () => {
    await main.importMain();
    // An import Node's loader refuses is main's uncaught exception, in Electron's error box.
    expect(await uncaught(), main.output()).toEqual([]);
    const before = await main.state();
    expect(before.log.slice(0, 3)).toEqual([
      'protocol.registerSchemesAsPrivileged',
      'app.enableSandbox',
      'app.requestSingleInstanceLock',
    ]);
    expect(before.privilegedSchemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(before.windows).toEqual([]);
    await main.ready();
    await poll(async () => (await windowOf('app'))?.page).toMatchObject({ status: 200 });
    await poll(async () => (await windowOf('panel'))?.page).toMatchObject({ status: 200 });
    expect((await app()).page).toMatchObject({ url: 'app://simulator/' });
    expect((await windowOf('panel'))?.page).toMatchObject({
      text: expect.stringContaining('harness'),
    });
  });

  it('gives the panel and each profile a session with the handlers, the world and no permissions', async () => {
    const { sessions } = await main.state();
    expect(sessions.map((s) => s.partition).sort()).toEqual([
      '',
      'persist:phone-fastpay',
      'persist:phone-lender',
      'persist:phone-web',
    ]);
    for (const ses of sessions) {
      expect(ses.schemes).toEqual(['app']);
      expect(ses.worldHeaderUrls?.[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\*$/);
      expect(ses.permissionCheck).toBe(false);
    }
    expect((await app()).partition).toBe('persist:phone-lender');
    expect((await windowOf('panel'))?.partition).toBe('');
  });

  it('serves the phone the production web build, byte for byte dist/web, adding nothing', async () => {
    const bundle = filesOf(distWeb);
    expect(bundle).toContain('index.html');
    expect(bundle.filter((f) => f.startsWith('assets/')).length).toBeGreaterThan(10);
    for (const file of bundle) {
      const answer = await main.request('app', `app://simulator/${file}`);
      if ('error' in answer) throw new Error(`${file}: ${answer.error}`);
      expect(answer.status, file).toBe(200);
      expect(Buffer.from(answer.body).equals(readFileSync(path.join(distWeb, file))), file).toBe(
        true,
      );
      expect(answer.headers['content-security-policy'], file).toBeUndefined();
    }
    // Every route is that index.html too (history routing), and so is the page the phone shows.
    const index = readFileSync(path.join(distWeb, 'index.html'));
    for (const route of ['app://simulator/', 'app://simulator/bill', 'app://simulator/doc/x']) {
      const answer = await main.request('app', route);
      expect('body' in answer && Buffer.from(answer.body).equals(index), route).toBe(true);
    }
    expect(await pageText()).toBe(index.toString('utf8'));
    // The page's own policy allows exactly its own inline scripts: the build's hashes.
    const html = index.toString('utf8');
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    for (const hash of inlineScriptHashes(html)) expect(scriptSrc).toContain(hash);
  });

  it('serves the fixture pictures on the phone’s own origin, which its policy allows', async () => {
    const picture = await main.request('app', 'app://simulator/media/ads/banner-home-benefits.svg');
    expect(picture).toMatchObject({
      status: 200,
      headers: { 'content-type': expect.stringMatching(/^image\/svg/) },
    });
    const html = readFileSync(path.join(distWeb, 'index.html'), 'utf8');
    expect(html).toMatch(/img-src 'self'/);
  });

  it('offline: the page is the webview’s “Webpage not available”, requests fail, the panel is on', async () => {
    await dispatch({ type: 'updateSettings', patch: { online: false } });
    await poll(async () => (await app()).debugger.overrides.offline).toBe(true);
    for (const url of ['app://simulator/app-config.json', 'app://simulator/media/ads/x.svg']) {
      expect(await main.request('app', url)).toMatchObject({ error: 'ERR_FAILED' });
    }
    const proxied = await main.request('app', 'app://simulator/api/main/user/userInfo', {
      method: 'POST',
      body: '{}',
    });
    expect(proxied).toMatchObject({ error: 'ERR_FAILED' });
    expect(await main.request('panel', 'app://simulator/harness.html')).toMatchObject({
      status: 200,
    });

    const loads = (await app()).loads.length;
    await main.clickMenu(['Host', 'Reload app']);
    await poll(async () => (await app()).loads.length).toBe(loads + 1);
    // What a phone shows, not Electron's blank window after a failed load (ERR_FAILED).
    await poll(pageText).toContain('Webpage not available');
    expect(await pageText()).toContain('net::ERR_INTERNET_DISCONNECTED');
    // Back online, the phone on "webpage not available" loads the app again.
    await dispatch({ type: 'updateSettings', patch: { online: true } });
    await poll(async () => (await app()).loads.length).toBe(loads + 2);
    await poll(pageText).toContain('<div id="root">');
    await poll(async () => (await app()).debugger.overrides.offline).toBe(false);

    // The phone's requests went through its own session, never the default session's net.fetch.
    await main.request('app', 'app://simulator/api/main/user/userInfo', {
      method: 'POST',
      body: '{}',
    });
    const { sessions, netFetches } = await main.state();
    const phone = sessions.find((s) => s.partition === 'persist:phone-lender');
    expect(phone?.fetches.some((url) => url.includes('/main/user/'))).toBe(true);
    expect(netFetches).toEqual([]);
  });

  it('a replaced page, or one that never learned its generation, changes nothing', async () => {
    const oldPage = await generation();
    expect((await bridgeCall('getBaseInfo', undefined, oldPage)).resultCode).toBe(0);
    await main.rememberPage('app', 'before-reload');
    const documents = (await app()).documents;
    await main.clickMenu(['Host', 'Reload app']);
    await poll(async () => (await app()).documents).toBeGreaterThan(documents);
    await poll(generation).toBeGreaterThan(oldPage);
    expect(await bridgeCall('kickOut', { tip: false }, oldPage)).toEqual({
      resultCode: 3,
      message: STALE_PAGE_MESSAGE,
    });
    // A page whose preload could not learn its generation sends none: answered as replaced.
    expect(await bridgeCall('kickOut', { tip: false }, null)).toEqual({
      resultCode: 3,
      message: STALE_PAGE_MESSAGE,
    });
    // The replaced document itself: its frame is gone (senderFrame null), so it learns nothing.
    expect(
      await main.fromRemembered('before-reload', 'sendSync', IPC_CHANNELS.bridgeGeneration),
    ).toBeNull();
    const now = await snapshot();
    expect(now.view).toEqual({ kind: 'app' });
    expect(now.tokenValue).not.toBe('');
    expect((await app()).visible).toBe(true);
    expect((await bridgeCall('getBaseInfo', undefined, await generation())).resultCode).toBe(0);
    expect(await uncaught()).toEqual([]);
  });

  it('keeps the phone emulated with DevTools open, and after its debugger session ends', async () => {
    await dispatch({ type: 'updateSettings', patch: { online: false } });
    const christmas = Date.UTC(2025, 11, 24, 2);
    await main.invoke('panel', PANEL_IPC.workbench, {
      op: 'setClock',
      command: { at: christmas, running: false },
    });
    const emulatedPhone = {
      offline: true,
      insets: { top: 47, right: 0, bottom: 34, left: 0 },
      userAgent: expect.stringContaining('iPhone'),
      metrics: expect.objectContaining({ width: 390, mobile: true, deviceScaleFactor: 3 }),
      touch: expect.objectContaining({ enabled: true }),
      timezone: 'Asia/Manila',
      scripts: [expect.stringContaining(String(christmas))],
    };
    await poll(async () => (await app()).debugger.overrides).toMatchObject(emulatedPhone);

    // DevTools are a second client of the page: this debugger stays attached, nothing is lost.
    await main.window('app', 'openDevTools');
    await poll(async () => (await app()).devTools).toBe(true);
    expect((await app()).debugger).toMatchObject({ attached: true, overrides: emulatedPhone });

    // A session that ends while the page lives ("target closed", Electron's only reason) takes
    // every override with it: main attaches again and applies them all once more.
    const sessionsBefore = Math.max(...(await app()).debugger.commands.map((c) => c.session));
    await main.window('app', 'detachDebugger');
    await poll(async () => (await app()).debugger).toMatchObject({
      attached: true,
      overrides: emulatedPhone,
    });
    const { commands } = (await app()).debugger;
    expect(commands.at(-1)?.session).toBe(sessionsBefore + 1);

    await main.window('app', 'closeDevTools');
    await dispatch({ type: 'updateSettings', patch: { online: true } });
    await main.invoke('panel', PANEL_IPC.workbench, { op: 'resetClock' });
    await poll(async () => (await app()).debugger.overrides.offline).toBe(false);
    expect(await uncaught()).toEqual([]);
  });

  it('fits the tablet to the screen and keeps navigation inside the app, without a throw', async () => {
    await main.setWorkArea({ width: 1280, height: 800 });
    await dispatch({ type: 'updateSettings', patch: { device: 'tablet' } });
    await poll(async () => (await app()).contentSize[1]).toBeLessThanOrEqual(800);
    const [width, height] = (await app()).contentSize;
    expect(width / height).toBeCloseTo(820 / 1180, 2);
    await poll(async () => (await app()).debugger.overrides.metrics).toMatchObject({
      width: 820,
      height: 1180,
      scale: expect.any(Number),
    });
    await dispatch({ type: 'updateSettings', patch: { device: 'iphone' } });
    expect(await main.window('app', 'navigateFrame', 'https://phish.example/frame')).toBe(true);
    expect(await main.window('app', 'navigate', 'https://www.directloan.ph/terms')).toBe(true);
    expect(await main.window('app', 'navigate', 'javascript:alert(1)')).toBe(true);
    // Links from a page are anything: an escape that does not decode is shown as written.
    expect(await main.window('app', 'navigate', 'tel:%E0%A4%A')).toBe(true);
    expect(await main.window('app', 'windowOpen', 'sms:%ZZ')).toBe(false);
    expect(await main.window('app', 'windowOpen', 'data:text/html,<b>x</b>')).toBe(false);
    const surfaces = (await snapshot()).surfaces.map((s) => `${s.method}: ${s.detail}`);
    expect(surfaces).toEqual(
      expect.arrayContaining(['dialPhone: Calling %E0%A4%A', 'sendSms: To %ZZ']),
    );
    expect(surfaces.some((s) => /javascript|data:/.test(s))).toBe(false);
    // Web links the shared allow-list accepts open in the system browser; nothing else does.
    expect((await main.state()).externalUrls).toEqual([
      'https://phish.example/frame',
      'https://www.directloan.ph/terms',
    ]);
    expect(await uncaught()).toEqual([]);
  });

  it('puts the app’s console errors and a gone renderer on the timeline', async () => {
    await main.window('app', 'consoleError', 'App init failed: boom');
    await main.window('app', 'crash', 'crashed');
    const notes = (await snapshot()).notes.filter((n) => n.kind === 'app-error').map((n) => n.text);
    expect(notes).toEqual(
      expect.arrayContaining([
        'console.error: App init failed: boom',
        "The app's renderer process is gone (crashed)",
      ]),
    );
  });

  it('closes and reopens both windows; a second launch focuses the first and quits', async () => {
    const phone = await app();
    await main.window('app', 'close');
    expect(await windowOf('app')).toBeUndefined();
    await main.clickMenu(['Host', 'Reload app']);
    await poll(async () => (await windowOf('app'))?.page).toMatchObject({ status: 200 });
    expect((await app()).id).not.toBe(phone.id);

    const firstPanel = await windowOf('panel');
    await main.window('panel', 'close');
    expect(await windowOf('panel')).toBeUndefined();
    await main.clickMenu(['windowMenu', 'Control panel']);
    await poll(async () => (await windowOf('panel'))?.page).toMatchObject({ status: 200 });
    expect((await windowOf('panel'))?.id).not.toBe(firstPanel?.id);
    // The dock icon brings it forward too.
    await main.window('panel', 'blur');
    await main.appEvent('activate');
    expect((await windowOf('panel'))?.focused).toBe(true);

    const windows = (await main.state()).windows.length;
    await main.window('panel', 'blur');
    await main.window('panel', 'minimize');
    expect(await main.secondInstance()).toEqual({ quitCalls: 1, windows: 0 });
    await poll(async () => (await windowOf('panel'))?.focused).toBe(true);
    expect((await windowOf('panel'))?.minimized).toBe(false);
    expect((await main.state()).windows).toHaveLength(windows);
  });

  it('exports and imports a bundle from the menu, and says why a bad one or a failed export fails', async () => {
    const good = path.join(files, 'good.json');
    await main.window('panel', 'focus');
    await main.answerDialog('save', { canceled: false, filePath: good });
    await main.clickMenu(['Host', 'Export repro bundle…']);
    // Until the export has written all of it: the file exists (empty) from its first write on.
    await poll(async () =>
      JSON.parse((await readFile(good, 'utf8').catch(() => '')) || '{}'),
    ).toMatchObject({ runtime: 'electron' });
    const save = (await main.state()).dialogs.find((d) => d.kind === 'save');
    expect(save?.parentRole).toBe('panel');

    await dispatch({ type: 'updateSettings', patch: { device: 'android' } });
    await main.answerDialog('open', { canceled: false, filePaths: [good] });
    await main.clickMenu(['Host', 'Import repro bundle…']);
    await poll(async () => (await snapshot()).settings.device).toBe('iphone');
    expect(await messageBoxes()).toEqual([]);

    const bad = path.join(files, 'bad.json');
    await writeFile(bad, '{"format":"something else"}');
    await main.answerDialog('open', { canceled: false, filePaths: [bad] });
    await main.clickMenu(['Host', 'Import repro bundle…']);
    await poll(async () => (await messageBoxes()).length).toBe(1);
    expect((await messageBoxes())[0]).toMatchObject({
      parentRole: 'panel',
      options: {
        type: 'error',
        title: 'Could not import the repro bundle',
        detail: expect.stringMatching(/^Not a repro bundle/),
      },
    });

    await main.answerDialog('save', {
      canceled: false,
      filePath: path.join(files, 'no/such/dir.json'),
    });
    await main.clickMenu(['Host', 'Export repro bundle…']);
    await poll(async () => (await messageBoxes()).length).toBe(2);
    expect((await messageBoxes())[1]?.options).toMatchObject({
      title: 'Could not export the repro bundle',
      detail: expect.stringContaining('ENOENT'),
    });
    expect(await uncaught()).toEqual([]);
  });
});
