/**
 * IPC channels of the Electron panel window (`panel:*`). Zod-free: the sandboxed preload bundles it.
 */
export const PANEL_IPC = {
  snapshot: 'panel:snapshot',
  dispatch: 'panel:dispatch',
  scenarios: 'panel:scenarios',
  traffic: 'panel:traffic',
  /** A workbench call (faults, clock, repro bundles), parsed in main. */
  workbench: 'panel:workbench',
  /** main → panel: a new host snapshot. */
  changed: 'panel:changed',
} as const;
