/**
 * IPC between the windows and the host core. Arguments are parsed with the shared schemas, the
 * sender frame is checked, and errors cross as results: a handler never throws across IPC_CHANNELS.
 */
import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { z } from '@shared/zod';
import type { HostCore } from '@host/HostCore';
import { PANEL_IPC, type PanelAction, type PanelResult, panelActionSchema } from '@host/panelApi';
import { type WorkbenchCall, type WorkbenchResult, workbenchCallSchema } from '@host/workbench';
import { STALE_PAGE_MESSAGE } from '@host/types';
import type { BridgeResult } from '@shared/bridge';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { isAllowedUrl } from './security';
import { errorMessage } from '@shared/errors';

/** `ipcRenderer.invoke(IPC_CHANNELS.bridgeCall, method, params?, generation?)`. */
const bridgeCallArgsSchema = z.tuple([
  z.string().check(z.minLength(1), z.maxLength(100)),
  z.optional(z.unknown()),
  z.optional(z.nullable(z.int().check(z.gte(0)))),
]);
const trafficLimitSchema = z.int().check(z.gte(1), z.lte(1000));

/** Returns the main frame a channel accepts, or null when that window is gone. */
type FrameGetter = () => WebFrameMain | null | undefined;

/**
 * True when the event comes from `expected`'s main frame at one of the allowed origins. The frame
 * may be gone by now: `senderFrame` is null once the sender navigated or was destroyed
 * (docs/api/structures/ipc-main-event.md), and a disposed frame's `url` throws
 * (electron_api_web_frame_main.cc, "Render frame was disposed before WebFrameMain could be
 * accessed") — in an `ipcMain.on` listener that would be main's uncaught exception. Gone is
 * refused.
 */
function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  expected: FrameGetter,
  allowedOrigins: readonly string[],
): boolean {
  try {
    const frame = event.senderFrame;
    const mainFrame = expected();
    if (!frame || !mainFrame || frame !== mainFrame || frame.isDestroyed()) return false;
    return isAllowedUrl(frame.url, allowedOrigins);
  } catch {
    return false;
  }
}

interface BridgeIpcOptions {
  host: Pick<HostCore, 'call' | 'getSnapshot'>;
  appFrame: FrameGetter;
  allowedOrigins: readonly string[];
}

/** The handler of `IPC_CHANNELS.bridgeCall`, exported for tests. */
export function bridgeCallHandler(options: BridgeIpcOptions) {
  return async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<BridgeResult> => {
    if (!isTrustedSender(event, options.appFrame, options.allowedOrigins)) {
      return { resultCode: 3, message: 'Bridge call refused: not from the app window' };
    }
    const parsed = bridgeCallArgsSchema.safeParse(args);
    if (!parsed.success) return { resultCode: 3, message: 'Bridge call refused: bad arguments' };
    const [method, params, generation] = parsed.data;
    // The page's generation, which its preload learned as it loaded: a replaced page's late calls
    // are not answered. A page that could not learn it (its `sendSync` failed or was refused) may
    // be a replaced one as well as the current one, so it is answered as a replaced page.
    if (typeof generation !== 'number') return { resultCode: 3, message: STALE_PAGE_MESSAGE };
    try {
      return await options.host.call(method, params, { appGeneration: generation });
    } catch (error) {
      return { resultCode: 3, message: errorMessage(error) };
    }
  };
}

export function registerBridgeIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  options: BridgeIpcOptions,
): void {
  ipcMain.handle(IPC_CHANNELS.bridgeCall, bridgeCallHandler(options));
  // Answered synchronously while the page's preload runs, before any of its scripts.
  ipcMain.on(
    IPC_CHANNELS.bridgeGeneration,
    (event: { senderFrame?: unknown; returnValue: unknown }) => {
      const trusted = isTrustedSender(
        event as Pick<IpcMainInvokeEvent, 'senderFrame'>,
        options.appFrame,
        options.allowedOrigins,
      );
      event.returnValue = trusted ? options.host.getSnapshot().appGeneration : null;
    },
  );
}

interface PanelIpcOptions {
  host: Pick<HostCore, 'getSnapshot' | 'listScenarios'>;
  panelFrame: FrameGetter;
  allowedOrigins: readonly string[];
  /** Runs a parsed action (host actions plus the Electron-only ones such as DevTools). */
  apply(action: PanelAction): Promise<void>;
  traffic(limit: number): Promise<unknown[]>;
  /** Runs a parsed workbench call (never throws: errors come back in the result). */
  workbench(call: WorkbenchCall): Promise<WorkbenchResult>;
}

type Invoke = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** Handlers of the `panel:*` channels, exported for tests. */
export function panelHandlers(options: PanelIpcOptions): Record<string, Invoke> {
  const refuse = (event: IpcMainInvokeEvent) =>
    !isTrustedSender(event, options.panelFrame, options.allowedOrigins);
  const failure = (error: unknown): PanelResult => ({
    ok: false,
    error: errorMessage(error),
  });
  return {
    [PANEL_IPC.snapshot]: async (event) => (refuse(event) ? null : options.host.getSnapshot()),
    [PANEL_IPC.dispatch]: async (event, raw): Promise<PanelResult> => {
      if (refuse(event)) return { ok: false, error: 'Refused: not from the panel window' };
      const parsed = panelActionSchema.safeParse(raw);
      if (!parsed.success) return { ok: false, error: `Bad panel action: ${parsed.error.message}` };
      try {
        await options.apply(parsed.data);
        return { ok: true };
      } catch (error) {
        return failure(error);
      }
    },
    [PANEL_IPC.scenarios]: async (event) => {
      if (refuse(event)) return { current: null, scenarios: [] };
      try {
        return await options.host.listScenarios();
      } catch {
        return { current: null, scenarios: [] };
      }
    },
    [PANEL_IPC.workbench]: async (event, raw): Promise<WorkbenchResult> => {
      if (refuse(event)) return { ok: false, error: 'Refused: not from the panel window' };
      const parsed = workbenchCallSchema.safeParse(raw);
      if (!parsed.success)
        return { ok: false, error: `Bad workbench call: ${parsed.error.message}` };
      return options.workbench(parsed.data);
    },
    [PANEL_IPC.traffic]: async (event, raw) => {
      const limit = trafficLimitSchema.safeParse(raw);
      if (refuse(event) || !limit.success) return [];
      try {
        return await options.traffic(limit.data);
      } catch {
        return [];
      }
    },
  };
}

export function registerPanelIpc(ipcMain: Pick<IpcMain, 'handle'>, options: PanelIpcOptions): void {
  for (const [channel, handler] of Object.entries(panelHandlers(options))) {
    ipcMain.handle(channel, handler);
  }
}
