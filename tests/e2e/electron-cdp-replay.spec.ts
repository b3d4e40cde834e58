/**
 * The DevTools-protocol half of the Electron phone, in real Chromium. The built Electron main
 * runs under Node's own ESM loader with the recording fake `electron`
 * (tests/support/electron/builtMain), exactly as the built-main unit test runs it; for each device
 * preset it records the commands main sends to the phone's debugger (device metrics, safe-area
 * insets, touch, user agent, time zone, network conditions, the phone clock's scripts), then this
 * spec sends the same commands, in the same order, to a Chromium page through Playwright's CDP
 * session and checks what the page then sees — the SPA of dist/web, served by the worker's mock
 * server. A command Chromium rejects fails the test. Needs no Electron binary.
 */
import { DEVICE_IDS, DEVICE_PRESETS, appInsets } from '@host/devices';
import { PANEL_IPC } from '@host/panelApi';
import type { DeviceId } from '@host/types';
import { ensureRendererBuild } from '../../scripts/renderer-build';
import {
  type BuiltMain,
  startBuiltMain,
  tempUserData,
} from '@tests/support/electron/builtMain/builtMainProcess';
import type { WindowState } from '@tests/support/electron/builtMain/protocol';
import type { CDPSession } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

type Command = { method: string; params: Record<string, unknown> };

/** The world's clock, frozen: the phone's Date must stand at it. */
const CLOCK = Date.UTC(2026, 11, 10, 4, 0, 0);

let main: BuiltMain;
let userData: Awaited<ReturnType<typeof tempUserData>>;
/** What main sent for each preset: its debugger session's commands, in order. */
const recorded = {} as Record<DeviceId, Command[]>;
/** What main sent when the phone went offline, then back online (the iPhone's session). */
let offline: Command[] = [];
let online: Command[] = [];

const phoneOrNull = async (): Promise<WindowState | null> =>
  (await main.state()).windows.find((w) => !w.destroyed && w.role === 'app') ?? null;
const phone = async (): Promise<WindowState> => {
  const window = await phoneOrNull();
  if (!window) throw new Error('No phone window');
  return window;
};
/** The commands of the phone's current debugger session. */
const sessionCommands = async (): Promise<Command[]> => {
  const { commands } = (await phone()).debugger;
  const current = Math.max(...commands.map((c) => c.session));
  return commands
    .filter((c) => c.session === current)
    .map(({ method, params }) => ({ method, params }));
};
const settings = (patch: object) =>
  main.invoke('panel', PANEL_IPC.dispatch, { type: 'updateSettings', patch });

test.beforeAll(async () => {
  // Builds out/ when stale, then main starts its mock server: minutes on a loaded machine.
  test.setTimeout(240_000);
  ensureRendererBuild();
  userData = await tempUserData();
  main = await startBuiltMain({ userData: userData.dir });
  await main.importMain();
  await main.ready();
  await expect
    .poll(async () => (await phoneOrNull())?.page, { timeout: 60_000 })
    .toMatchObject({ status: 200 });
  await main.invoke('panel', PANEL_IPC.workbench, {
    op: 'setClock',
    command: { at: CLOCK, running: false },
  });
  for (const device of DEVICE_IDS) {
    const preset = DEVICE_PRESETS[device];
    await settings({ device });
    // Settled: the preset's emulation and then the network state it re-sends (applyDevice).
    await expect
      .poll(async () => {
        const protocol = (await phone()).debugger;
        return {
          width: protocol.overrides.metrics?.width,
          userAgent: protocol.overrides.userAgent,
          clock: protocol.overrides.scripts.some((s) => s.includes(String(CLOCK))),
          last: (await sessionCommands()).at(-1)?.method,
        };
      })
      .toEqual({
        width: preset.width,
        userAgent: preset.userAgent,
        clock: true,
        last: 'Network.emulateNetworkConditions',
      });
    recorded[device] = await sessionCommands();
  }
  const before = (await sessionCommands()).length;
  await settings({ online: false });
  await expect.poll(async () => (await phone()).debugger.overrides.offline).toBe(true);
  offline = (await sessionCommands()).slice(before);
  await settings({ online: true });
  await expect.poll(async () => (await phone()).debugger.overrides.offline).toBe(false);
  online = (await sessionCommands()).slice(before + offline.length);
});

test.afterAll(async () => {
  await main?.quit().catch(() => undefined);
  await main?.kill();
  await userData?.remove();
});

/**
 * Sends main's commands to the page's target, in order, over one session as main's debugger is
 * one (each session keeps its own overrides): Chromium must accept every one.
 */
async function replay(cdp: CDPSession, commands: readonly Command[]): Promise<void> {
  for (const { method, params } of commands) {
    await cdp.send(method as 'Runtime.evaluate', params as never).catch((error: Error) => {
      throw new Error(`Chromium refused ${method} ${JSON.stringify(params)}: ${error.message}`);
    });
  }
}

/** What the page sees of the phone (evaluated in the page; the specs compile without the DOM). */
const PROBE = `(() => {
  const el = document.createElement('div');
  el.style.cssText = 'position:fixed;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)';
  document.body.append(el);
  const style = getComputedStyle(el);
  const insets = {
    top: parseFloat(style.paddingTop), right: parseFloat(style.paddingRight),
    bottom: parseFloat(style.paddingBottom), left: parseFloat(style.paddingLeft),
  };
  el.remove();
  return {
    userAgent: navigator.userAgent,
    width: innerWidth,
    height: innerHeight,
    dpr: devicePixelRatio,
    touchEvents: 'ontouchstart' in window,
    maxTouchPoints: navigator.maxTouchPoints,
    coarsePointer: matchMedia('(pointer: coarse)').matches,
    insets,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    utcOffsetMinutes: -new Date().getTimezoneOffset(),
    now: Date.now(),
    online: navigator.onLine,
  };
})()`;

const see = (page: Page) =>
  page.evaluate(PROBE) as Promise<{
    userAgent: string;
    width: number;
    height: number;
    dpr: number;
    touchEvents: boolean;
    maxTouchPoints: number;
    coarsePointer: boolean;
    insets: { top: number; right: number; bottom: number; left: number };
    timeZone: string;
    utcOffsetMinutes: number;
    now: number;
    online: boolean;
  }>;

for (const device of DEVICE_IDS) {
  test(`${device}: Chromium takes main's commands and the page sees the phone`, async ({
    page,
  }) => {
    const preset = DEVICE_PRESETS[device];
    const commands = recorded[device];
    expect(commands.map((c) => c.method)).toEqual(
      expect.arrayContaining([
        'Emulation.setDeviceMetricsOverride',
        'Emulation.setSafeAreaInsetsOverride',
        'Emulation.setTouchEmulationEnabled',
        'Emulation.setUserAgentOverride',
        'Emulation.setTimezoneOverride',
        'Network.emulateNetworkConditions',
        'Page.addScriptToEvaluateOnNewDocument',
      ]),
    );
    await replay(await page.context().newCDPSession(page), commands);
    await page.goto('/');
    await expect(page.locator('#root')).not.toBeEmpty();
    const seen = await see(page);
    expect(seen).toMatchObject({
      userAgent: preset.userAgent,
      width: preset.width,
      height: preset.height,
      dpr: preset.dpr,
      touchEvents: true,
      maxTouchPoints: 5,
      coarsePointer: true,
      insets: appInsets(preset),
      timeZone: 'Asia/Manila',
      utcOffsetMinutes: 8 * 60,
      now: CLOCK,
      online: true,
    });
  });
}

test('offline and back: the page hears it and its requests fail, then work again', async ({
  page,
}) => {
  expect(offline.map((c) => c.method)).toContain('Network.emulateNetworkConditions');
  expect(online.map((c) => c.method)).toContain('Network.emulateNetworkConditions');
  const cdp = await page.context().newCDPSession(page);
  await replay(cdp, recorded.iphone);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  const fetchConfig = `fetch('app-config.json', { cache: 'no-store' }).then(() => 'loaded', (error) => 'failed: ' + error.name)`;
  expect(await page.evaluate(fetchConfig)).toBe('loaded');

  await replay(cdp, offline);
  await expect.poll(async () => (await see(page)).online).toBe(false);
  expect(await page.evaluate(fetchConfig)).toBe('failed: TypeError');

  await replay(cdp, online);
  await expect.poll(async () => (await see(page)).online).toBe(true);
  expect(await page.evaluate(fetchConfig)).toBe('loaded');
});
