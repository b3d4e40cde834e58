/**
 * The panel window's API (`window.simulatorPanel`): a thin typed layer over the `panel:*`
 * channels. Main parses every action; this side only forwards.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { SimulatorPanelBridge } from '@host/panelApi';
import { PANEL_IPC } from '@host/panelChannels';
import type { HostSnapshot } from '@host/types';

export function createPanelBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): SimulatorPanelBridge {
  return {
    snapshot: () => ipc.invoke(PANEL_IPC.snapshot),
    onChange(listener) {
      const wrapped = (_event: IpcRendererEvent, snapshot: HostSnapshot) => listener(snapshot);
      ipc.on(PANEL_IPC.changed, wrapped);
      return () => {
        ipc.removeListener(PANEL_IPC.changed, wrapped);
      };
    },
    dispatch: (action) => ipc.invoke(PANEL_IPC.dispatch, action),
    scenarios: () => ipc.invoke(PANEL_IPC.scenarios),
    traffic: (limit) => ipc.invoke(PANEL_IPC.traffic, limit),
    workbench: (call) => ipc.invoke(PANEL_IPC.workbench, call),
  };
}
