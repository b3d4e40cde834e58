/**
 * Workbench entries of a world's traffic log (host `workbench`, `kind` set): a fault armed or
 * cleared, the clock moved, the identity rotated, a snapshot restored, and a session the server
 * ended to make room for a newer one. They put the QA's own moves, and what the server did
 * beside the exchanges, on the panel's timeline next to the exchanges they shaped.
 */
import type { EndedToken } from '../domain/types';
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

/** A token shown in a message: enough to tell it apart, not enough to use it. */
const shortToken = (token: string) => `${token.slice(0, 7)}…${token.slice(-4)}`;

/** Says in the world's log which session ended to make room, and why that one. */
export function logTokenEnded(world: World, ended: EndedToken): void {
  const use =
    ended.lastUsed === undefined
      ? 'never used since it was issued'
      : `last used ${new Date(ended.lastUsed * 1000).toISOString()}`;
  logEvent(
    world,
    'token-ended',
    `Token ${shortToken(ended.token)} of ${ended.accountKey} ended: the account held ` +
      `${ended.held} tokens and this was the idlest (${use}); it now answers 9000001`,
    { accountKey: ended.accountKey, lastUsed: ended.lastUsed ?? null, held: ended.held },
  );
}
