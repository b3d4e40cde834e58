/**
 * The two PanelApi implementations: in the harness the host runs in this page; in Electron the
 * panel window reaches the host in main through `window.simulatorPanel` (its preload).
 */
import type { AdminClient } from '@host/adminClient';
import type { HostCore } from '@host/HostCore';
import { applyPanelAction, type PanelApi, type SimulatorPanelBridge } from '@host/panelApi';
import type { Workbench, WorkbenchCall, WorkbenchResult } from '@host/workbench';
import { errorMessage } from '@shared/errors';

export function inPagePanelApi(host: HostCore, admin: AdminClient, workbench: Workbench): PanelApi {
  return {
    runtime: 'harness',
    watch(listener) {
      listener(host.getSnapshot());
      return host.subscribe(() => listener(host.getSnapshot()));
    },
    async dispatch(action) {
      try {
        await applyPanelAction(host, action);
        const error = host.getSnapshot().error;
        return error ? { ok: false, error } : { ok: true };
      } catch (error) {
        return { ok: false, error: errorMessage(error) };
      }
    },
    scenarios: () => host.listScenarios(),
    traffic: (limit) => admin.log(limit),
    workbench: (call) => workbench.run(call),
  };
}

export function electronPanelApi(bridge: SimulatorPanelBridge): PanelApi {
  return {
    runtime: 'electron',
    watch(listener) {
      let live = true;
      const off = bridge.onChange(listener);
      void bridge.snapshot().then((snapshot) => {
        if (live && snapshot) listener(snapshot);
      });
      return () => {
        live = false;
        off();
      };
    },
    dispatch: (action) => bridge.dispatch(action),
    scenarios: () => bridge.scenarios(),
    traffic: (limit) => bridge.traffic(limit),
    // Main parsed the call with the same schema and answers its op's result.
    workbench: <C extends WorkbenchCall>(call: C) =>
      bridge.workbench(call) as Promise<WorkbenchResult<C['op']>>,
  };
}
