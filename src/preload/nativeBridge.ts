/**
 * The preload's `window.nativeBridge` (DESIGN.md §4): calls go to main with one invoke; host
 * events arrive on one channel. Never throws: a failed invoke answers resultCode 3.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { IPC_CHANNELS } from '@shared/ipcChannels';
import { errorMessage } from '@shared/errors';

/** Same shape as `NativeBridge` of src/shared/bridge.ts (kept zod-free for the sandbox). */
interface PreloadBridge {
  call(
    method: string,
    params?: object,
  ): Promise<{ resultCode: number; data?: unknown; message?: string }>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * The page asks once, as it loads, which app generation it belongs to, and sends it with every
 * call: a page that has since been replaced (reload, scenario switch, reset) is then not answered,
 * so its late kickOut cannot throw the fresh page out (HostCore's stale-page rule).
 */
export function createNativeBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'sendSync'>,
): PreloadBridge {
  let generation: unknown = null;
  try {
    generation = ipc.sendSync(IPC_CHANNELS.bridgeGeneration);
  } catch {
    generation = null;
  }
  return {
    async call(method, params) {
      try {
        return await ipc.invoke(IPC_CHANNELS.bridgeCall, String(method), params, generation);
      } catch (error) {
        return { resultCode: 3, message: errorMessage(error) };
      }
    },
    on(event, listener) {
      if (typeof listener !== 'function') return () => undefined;
      const wrapped = (_event: IpcRendererEvent, message: unknown) => {
        const m = message as { event?: unknown; payload?: unknown } | null;
        if (m && m.event === event) listener(m.payload);
      };
      ipc.on(IPC_CHANNELS.bridgeEvent, wrapped);
      return () => {
        ipc.removeListener(IPC_CHANNELS.bridgeEvent, wrapped);
      };
    },
  };
}
