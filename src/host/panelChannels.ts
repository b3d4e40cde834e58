/**
 * IPC channels of the Electron panel window (`panel:*`). Zod-free: the sandboxed preload bundles it.
 */
export const PANEL_IPC = {
  snapshot: 'panel:snapshot',
  dispatch: 'panel:dispatch',
  scenarios: 'panel:scenarios',
  traffic: 'panel:traffic',
  /** main → panel: a new host snapshot. */
  changed: 'panel:changed',
} as const;
