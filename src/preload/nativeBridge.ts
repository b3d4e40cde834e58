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
 * The app generation main answered, or null. `sendSync` answers whatever main set, main's null
 * for a page it does not trust, or `{error: 'reply was never sent'}` when no listener answered
 * (electron/electron shell/common/gin_helper/reply_channel.cc); only a generation counts.
 */
function generationOf(answer: unknown): number | null {
  return Number.isSafeInteger(answer) && (answer as number) >= 0 ? (answer as number) : null;
}

/**
 * The page asks once, as it loads, which app generation it belongs to, and sends it with every
 * call: a page that has since been replaced (reload, scenario switch, reset) is then not answered,
 * so its late kickOut cannot throw the fresh page out (HostCore's stale-page rule). A page that
 * could not learn it sends null, which main answers as a replaced page's call.
 */
export function createNativeBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'sendSync'>,
): PreloadBridge {
  let generation: number | null = null;
  try {
    generation = generationOf(ipc.sendSync(IPC_CHANNELS.bridgeGeneration));
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
