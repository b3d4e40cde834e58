import type { IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebFrameMain } from '@tests/support/electron/webFrameMain';
import { HostCore } from '@host/HostCore';
import { PANEL_IPC } from '@host/panelApi';
import { FakeAdminClient } from '@tests/support/host/fakeAdminClient';
import { STALE_PAGE_MESSAGE } from '@host/types';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { bridgeCallHandler, panelHandlers, registerBridgeIpc } from './ipc';

vi.mock('electron', () => ({}));

const origin = 'app://simulator';
/** A window's main frame with a document at `url` (tests/support/electron/webFrameMain.ts). */
function frameAt(url: string): WebFrameMain {
  const frame = new FakeWebFrameMain();
  frame.commit(url);
  return frame as unknown as WebFrameMain;
}
const appFrame = frameAt(`${origin}/bill`);
const panelFrame = frameAt(`${origin}/harness.html`);
const from = (frame: WebFrameMain | null) => ({ senderFrame: frame }) as IpcMainInvokeEvent;
/** The generation the app page's preload learned. */
const PAGE = 0;

function setup() {
  const host = new HostCore({ admin: new FakeAdminClient(), deviceId: 'D' });
  const bridge = bridgeCallHandler({ host, appFrame: () => appFrame, allowedOrigins: [origin] });
  const applied: unknown[] = [];
  const ran: unknown[] = [];
  const panel = panelHandlers({
    host,
    panelFrame: () => panelFrame,
    allowedOrigins: [origin],
    apply: async (action) => {
      applied.push(action);
      if (action.type === 'reset') throw new Error('mock server down');
    },
    traffic: async (limit) => [{ limit }],
    workbench: async (call) => {
      ran.push(call);
      return { ok: true, value: null };
    },
  });
  return { host, bridge, panel, applied, ran };
}

describe('bridge IPC', () => {
  it('registers the bridge channel and tells a loading page its generation', () => {
    const handle = vi.fn();
    const listeners = new Map<
      string,
      (event: { senderFrame: unknown; returnValue: unknown }) => void
    >();
    const { host } = setup();
    registerBridgeIpc(
      { handle, on: (channel: string, l: never) => listeners.set(channel, l) } as never,
      { host, appFrame: () => appFrame, allowedOrigins: [origin] },
    );
    expect(handle).toHaveBeenCalledWith(IPC_CHANNELS.bridgeCall, expect.any(Function));
    const fromApp = { senderFrame: appFrame, returnValue: undefined as unknown };
    listeners.get(IPC_CHANNELS.bridgeGeneration)?.(fromApp);
    expect(fromApp.returnValue).toBe(host.getSnapshot().appGeneration);
    const fromPanel = { senderFrame: panelFrame, returnValue: undefined as unknown };
    listeners.get(IPC_CHANNELS.bridgeGeneration)?.(fromPanel);
    expect(fromPanel.returnValue).toBeNull();
  });

  it('a replaced page’s late kickOut is not answered and does not kick the fresh page out', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, deviceId: 'D' });
    await host.start();
    const bridge = bridgeCallHandler({ host, appFrame: () => appFrame, allowedOrigins: [origin] });
    const oldPage = host.getSnapshot().appGeneration;
    await host.selectScenario('repaying');
    expect(host.getSnapshot().appGeneration).toBeGreaterThan(oldPage);
    const late = await bridge(from(appFrame), 'kickOut', { tip: false }, oldPage);
    expect(late.resultCode).toBe(3);
    expect(host.getSnapshot().view).toEqual({ kind: 'app' });
    // The fresh page (its own generation) is answered.
    const fresh = host.getSnapshot().appGeneration;
    expect((await bridge(from(appFrame), 'kickOut', { tip: false }, fresh)).resultCode).toBe(0);
  });

  it('answers a call from the app window main frame', async () => {
    const { bridge } = setup();
    const result = await bridge(from(appFrame), 'getBaseInfo', undefined, PAGE);
    expect(result).toMatchObject({ resultCode: 0, data: { deviceId: 'D', appName: 'lender' } });
  });

  it('answers a page that never learned its generation as a replaced one', async () => {
    const admin = new FakeAdminClient();
    const host = new HostCore({ admin, deviceId: 'D' });
    await host.start();
    const bridge = bridgeCallHandler({ host, appFrame: () => appFrame, allowedOrigins: [origin] });
    for (const unknown of [undefined, null]) {
      expect(await bridge(from(appFrame), 'kickOut', { tip: false }, unknown)).toEqual({
        resultCode: 3,
        message: STALE_PAGE_MESSAGE,
      });
    }
    expect(host.getSnapshot().view).toEqual({ kind: 'app' });
    expect(host.getSnapshot().calls).toEqual([]);
  });

  it('refuses a sender whose frame navigated away or was disposed, without a throw', async () => {
    const frame = new FakeWebFrameMain();
    frame.commit(`${origin}/`);
    const listeners = new Map<string, (event: object) => void>();
    const { host } = setup();
    const options = {
      host,
      appFrame: () => frame as unknown as WebFrameMain,
      allowedOrigins: [origin],
    };
    registerBridgeIpc(
      { handle: vi.fn(), on: (channel: string, l: never) => listeners.set(channel, l) } as never,
      options,
    );
    const bridge = bridgeCallHandler(options);
    // senderFrame is null once the sender's document is gone (ipc-main-event.md).
    const navigated = { senderFrame: null, returnValue: undefined as unknown };
    listeners.get(IPC_CHANNELS.bridgeGeneration)?.(navigated);
    expect(navigated.returnValue).toBeNull();
    // The window closed: its frame is disposed, and reading its url throws in Electron.
    frame.dispose();
    const disposed = { senderFrame: frame, returnValue: undefined as unknown };
    expect(() => listeners.get(IPC_CHANNELS.bridgeGeneration)?.(disposed)).not.toThrow();
    expect(disposed.returnValue).toBeNull();
    expect(
      (await bridge(from(frame as unknown as WebFrameMain), 'getBaseInfo', undefined, PAGE))
        .resultCode,
    ).toBe(3);
  });

  it('refuses other frames, other origins and a destroyed frame, as results', async () => {
    const { bridge } = setup();
    const foreign = { url: 'https://evil.example/' } as WebFrameMain;
    expect((await bridge(from(foreign), 'getBaseInfo', undefined, PAGE)).resultCode).toBe(3);
    expect((await bridge(from(panelFrame), 'getBaseInfo', undefined, PAGE)).resultCode).toBe(3);
    expect((await bridge(from(null), 'getBaseInfo', undefined, PAGE)).resultCode).toBe(3);
    const moved = frameAt('https://evil.example/');
    const handler = bridgeCallHandler({
      host: setup().host,
      appFrame: () => moved,
      allowedOrigins: [origin],
    });
    expect((await handler(from(moved), 'getBaseInfo', undefined, PAGE)).message).toMatch(
      /not from the app/,
    );
  });

  it('validates arguments: bad shapes fail, unknown methods are not supported', async () => {
    const { bridge } = setup();
    expect((await bridge(from(appFrame), 42, undefined, PAGE)).resultCode).toBe(3);
    expect((await bridge(from(appFrame), 'dialPhone', { phone: 1 }, PAGE)).resultCode).toBe(3);
    expect((await bridge(from(appFrame), 'rootShell', undefined, PAGE)).resultCode).toBe(1);
  });

  it('turns a host exception into resultCode 3', async () => {
    const handler = bridgeCallHandler({
      host: {
        call: async () => Promise.reject(new Error('boom')),
        getSnapshot: setup().host.getSnapshot.bind(setup().host),
      },
      appFrame: () => appFrame,
      allowedOrigins: [origin],
    });
    expect(await handler(from(appFrame), 'closePage', undefined, PAGE)).toEqual({
      resultCode: 3,
      message: 'boom',
    });
  });
});

describe('panel IPC', () => {
  it('gives the snapshot only to the panel window', async () => {
    const { panel } = setup();
    expect(await panel[PANEL_IPC.snapshot]!(from(panelFrame))).toMatchObject({ deviceId: 'D' });
    expect(await panel[PANEL_IPC.snapshot]!(from(appFrame))).toBeNull();
  });

  it('parses actions and reports failures as results', async () => {
    const { panel, applied } = setup();
    const dispatch = panel[PANEL_IPC.dispatch]!;
    expect(await dispatch(from(panelFrame), { type: 'reload' })).toEqual({ ok: true });
    expect(await dispatch(from(panelFrame), { type: 'reset' })).toEqual({
      ok: false,
      error: 'mock server down',
    });
    expect(await dispatch(from(panelFrame), { type: 'eval', code: '1' })).toMatchObject({
      ok: false,
    });
    expect(await dispatch(from(appFrame), { type: 'reload' })).toMatchObject({ ok: false });
    expect(applied).toEqual([{ type: 'reload' }, { type: 'reset' }]);
  });

  it('limits the traffic request', async () => {
    const { panel } = setup();
    expect(await panel[PANEL_IPC.traffic]!(from(panelFrame), 50)).toEqual([{ limit: 50 }]);
    expect(await panel[PANEL_IPC.traffic]!(from(panelFrame), 1e9)).toEqual([]);
  });

  it('runs workbench calls from the panel only, parsed', async () => {
    const { panel, ran } = setup();
    const workbench = panel[PANEL_IPC.workbench]!;
    const fault = { op: 'addFault', spec: { kind: 'timeout', path: 'loan/loanInfo', times: 1 } };
    expect(await workbench(from(panelFrame), fault)).toEqual({ ok: true, value: null });
    expect(await workbench(from(appFrame), { op: 'clearFaults' })).toEqual({
      ok: false,
      error: 'Refused: not from the panel window',
    });
    expect(
      await workbench(from(panelFrame), { op: 'addFault', spec: { kind: 'rm -rf' } }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('Bad workbench call'),
    });
    expect(ran).toEqual([fault]);
  });
});
