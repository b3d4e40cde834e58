/**
 * Workbench entries of a world's traffic log (host `workbench`, `kind` set): a fault armed or
 * cleared, the clock moved, the identity rotated, a snapshot restored. They put the QA's own
 * moves on the panel's timeline next to the exchanges they shaped.
 */
import type { WorkbenchEventKind } from '../http/trafficLog';
import type { World } from '../worlds';

export function logEvent(
  world: World,
  kind: WorkbenchEventKind,
  message: string,
  data: unknown = null,
): void {
  world.log.add({
    at: new Date().toISOString(),
    host: 'workbench',
    path: kind,
    encrypted: false,
    request: { headers: {}, data: null, userBaseInfo: null },
    response: { code: 0, message, data },
    status: 0,
    ms: 0,
    kind,
  });
}
