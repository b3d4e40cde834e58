/**
 * API requests that name a world which does not exist (DESIGN.md §6 "Worlds and admin access"):
 * only a phone's handshake makes it; every other request is answered without one.
 */
import type { Request, Response } from 'express';
import { type ApiHost, type EndpointDef, endpointByPath } from '@shared/api/endpoints';
import { PROTOCOL_ERROR_STATUS, ProtocolError, ServerCode } from '@shared/codes';
import type { World } from '../worlds';
import { refuseWhenFull, worldIdOf } from './access';
import type { MockContext } from './context';

/** The answer to a path the host does not serve. */
export function notServedMessage(host: ApiHost, path: string): string {
  const known = endpointByPath.get(path);
  return !known
    ? `Unknown API path: ${path}`
    : `${path} is not served by the ${host} host (served by: ${known.hosts.join(', ')})`;
}

/**
 * The world of a request naming one that does not exist: a handshake creates it (503 when the
 * table is full); anything else is answered here without one, as a fresh world would answer it
 * (no session: 4011, so the phone shakes hands; no user behind the token), and undefined comes
 * back. No request but a phone's handshake or an admin call makes a world (DESIGN.md §6).
 */
export function worldForNewcomer(
  ctx: MockContext,
  req: Request,
  res: Response,
  call: { host: ApiHost; path: string; def: EndpointDef | undefined; isHandshake: boolean },
): World | undefined {
  const id = worldIdOf(res);
  const { def } = call;
  if (def && call.isHandshake) {
    try {
      return ctx.worlds.get(id, 'phone');
    } catch (error) {
      refuseWhenFull(res, error);
      return undefined;
    }
  }
  const noWorld = `No world ${id} on this server: a world starts with a phone's handshake or an admin call`;
  if (!def) {
    res.json(answer(ServerCode.NOT_FOUND, notServedMessage(call.host, call.path)));
  } else if (def.encrypted) {
    const code = ProtocolError.SESSION_NOT_FOUND;
    res.status(PROTOCOL_ERROR_STATUS[code]).json({ code, message: noWorld });
  } else {
    res.json(
      answer(req.get('token') ? ServerCode.TOKEN_INVALID : ServerCode.TOKEN_MISSING, noWorld),
    );
  }
  return undefined;
}

function answer(code: number, message: string) {
  return { code, message, data: null };
}
