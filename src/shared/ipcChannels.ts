/**
 * IPC channel names between preload and main (`domain:verb`). Kept free of zod and every other
 * dependency: the sandboxed preload bundles this file and cannot require node_modules.
 */
export const IPC_CHANNELS = {
  bridgeCall: 'bridge:call',
  bridgeEvent: 'bridge:event',
  /** Sync, once per page load: the host's app generation the page belongs to. */
  bridgeGeneration: 'bridge:generation',
} as const;
