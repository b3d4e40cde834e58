/**
 * The three API hosts (`/main/`, `/channel/`, `/hk/`): `POST /{host}/{path}` routed through the
 * endpoint table. Handshakes and plain endpoints take `{data, userBaseInfo}`; encrypted endpoints
 * take the envelope of DESIGN.md §5 and answer encrypted. Protocol errors are plain JSON with 4xx.
 */
import { type Request, type Response, Router } from 'express';
import {
  type ApiHost,
  type EndpointDef,
  endpointByPath,
  handshakePathOf,
  type ProductAnswer,
} from '@shared/api/endpoints';
import { PROTOCOL_ERROR_STATUS, ProtocolError, ServerCode } from '@shared/codes';
import {
  encryptedRequestSchema,
  handshakeRequestSchema,
  plainBodySchema,
  type UserBaseInfo,
} from '@shared/envelope';
import { UPSTREAM_FAILURE_STATUS, type UpstreamFailure, type UpstreamMark } from '@shared/upstream';
import type { ArmedFault, FaultMark } from '@shared/workbench';
import type { CryptoScope } from '../crypto/serverCrypto';
import { ProtocolFailure } from '../crypto/session';
import type { World } from '../worlds';
import { existingWorldOf } from './access';
import type { MockContext } from './context';
import {
  changedIdentityHandshake,
  dropConnection,
  effectOf,
  holdThenClose,
  markOf,
  rotateIdentity,
  sleep,
} from './faultEffects';
import { type CallKind, corruptBase64 } from './faults';
import { mediaOriginFor, withMediaOrigin } from './media';
import { bodyPreview, type LogEntry } from './trafficLog';
import { notServedMessage, worldForNewcomer } from './unknownWorld';
import { describeIssues } from '@shared/zodIssues';

export const API_HOSTS: readonly ApiHost[] = ['main', 'channel', 'hk'];

/** HTTP status and default code of a `handshake-refused` fault (PRODUCT.md §8). */
const REFUSED_HANDSHAKE_CODE = 503;

function answer(code: number, message: string, data: unknown = null): ProductAnswer {
  return { code, message, data };
}

const LOGGED_HEADERS = ['token', 'deviceid', 'crypt', 'content-type'];

function loggedHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of LOGGED_HEADERS) {
    const value = req.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Router for one host. */
export function apiRouter(host: ApiHost, ctx: MockContext): Router {
  const router = Router();
  router.post('/{*path}', async (req: Request, res: Response) => {
    const started = Date.now();
    const segments = (req.params as { path?: string[] }).path ?? [];
    const path = segments.join('/');
    const known = endpointByPath.get(path);
    const def = known?.hosts.includes(host) ? known : undefined;
    const body: unknown = req.body;
    const isHandshake = path === handshakePathOf(host);
    const world =
      existingWorldOf(res) ?? worldForNewcomer(ctx, req, res, { host, path, def, isHandshake });
    if (!world) return;
    let mark: FaultMark | undefined;
    /** The armed fault this call meets, once taken (below). */
    let fault: ArmedFault | undefined;
    /** Set when the world's upstream answered, or failed to (mock-server/upstream). */
    const relayed: Relayed = {};
    /** The upstream gave no answer: the app gets the relay's failure (src/shared/upstream.ts). */
    const relayFailed = (
      failure: UpstreamFailure,
      encrypted: boolean,
      data: unknown,
      userBaseInfo: unknown,
    ) => {
      const response = answer(UPSTREAM_FAILURE_STATUS, failure.message);
      log({ encrypted, data, userBaseInfo, response, status: UPSTREAM_FAILURE_STATUS });
      res.status(UPSTREAM_FAILURE_STATUS).json(failure);
    };
    const log = (
      entry: Pick<LogEntry, 'encrypted' | 'response' | 'status'> & {
        data: unknown;
        userBaseInfo: unknown;
      },
    ) => {
      const request = {
        headers: loggedHeaders(req),
        data: entry.data,
        userBaseInfo: entry.userBaseInfo,
      };
      const ms = Date.now() - started;
      world.log.add({
        at: new Date(started).toISOString(),
        host,
        path,
        encrypted: entry.encrypted,
        request,
        response: entry.response,
        status: entry.status,
        ms,
        ...(mark ? { fault: mark } : {}),
        ...(relayed.mark ? { upstream: relayed.mark } : {}),
      });
      // A product answer the app could read is what a recording keeps (mock-server/recording):
      // not a handshake, a refusal, or an answer a fault corrupted.
      const unreadable = fault?.kind === 'corrupt' && fault.code === undefined;
      if (def && !isHandshake && entry.status === 200 && !unreadable) {
        ctx.recordings.record(world.id, {
          at: started,
          host,
          path,
          request,
          response: entry.response,
          ms,
          // A fault that answered instead (a code) is the source; a delay is not.
          source: answeredByFault(fault) ? 'fault' : relayed.mark ? 'upstream' : 'mock',
        });
      }
    };

    if (!def) {
      const product = answer(ServerCode.NOT_FOUND, notServedMessage(host, path));
      log({
        encrypted: false,
        data: bodyPreview(body),
        userBaseInfo: null,
        response: product,
        status: 200,
      });
      res.json(product);
      return;
    }
    const protocolError = (
      code: number,
      message: string,
      encrypted: boolean,
      data: unknown,
      userBaseInfo: unknown,
      details: Readonly<Record<string, unknown>> = {},
    ) => {
      const status = PROTOCOL_ERROR_STATUS[code as keyof typeof PROTOCOL_ERROR_STATUS] ?? 400;
      log({ encrypted, data, userBaseInfo, response: answer(code, message), status });
      res.status(status).json({ code, message, ...details });
    };

    const callKind: CallKind = def.encrypted ? 'encrypted' : isHandshake ? 'handshake' : 'plain';
    fault = world.faults.take(path, callKind);
    // Taking a fault counts its uses down: the world's faults changed (kept in the data dir).
    if (fault) ctx.worlds.changed(world);
    if (fault) mark = markOf(fault, effectOf(fault));
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.kind === 'drop' || fault?.kind === 'timeout') {
      if (fault.kind === 'timeout') await holdThenClose(req, res);
      else dropConnection(req);
      const response = answer(0, `No answer: ${mark?.effect ?? fault.kind}`);
      const data = bodyPreview(body);
      log({ encrypted: def.encrypted, data, userBaseInfo: null, response, status: 0 });
      return;
    }
    const scope = {
      world: world.id,
      identity: world.identity,
      offsetMs: world.clock.state().offsetMs,
    };

    if (!def.encrypted) {
      const plain = plainBodySchema.safeParse(body);
      if (!plain.success) {
        protocolError(
          ProtocolError.BAD_ENVELOPE,
          `Expected {data, userBaseInfo}: ${describeIssues(plain.error)}`,
          false,
          bodyPreview(body),
          null,
        );
        return;
      }
      const { data, userBaseInfo } = plain.data;
      if (fault?.kind === 'handshake-refused') {
        const product = answer(
          fault.code ?? REFUSED_HANDSHAKE_CODE,
          fault.message ?? 'The secure channel cannot be set up right now',
        );
        log({
          encrypted: false,
          data,
          userBaseInfo,
          response: product,
          status: REFUSED_HANDSHAKE_CODE,
        });
        res.status(REFUSED_HANDSHAKE_CODE).json(product);
        return;
      }
      const product = isHandshake
        ? await handshake(ctx, world, data, fault, scope)
        : await productOf(ctx, world, { def, host, path, data, userBaseInfo, req, fault, relayed });
      if (relayed.failure) return relayFailed(relayed.failure, false, data, userBaseInfo);
      log({ encrypted: false, data, userBaseInfo, response: product, status: 200 });
      res.json(product);
      return;
    }

    const envelope = encryptedRequestSchema.safeParse(body);
    if (!envelope.success) {
      protocolError(
        ProtocolError.BAD_ENVELOPE,
        `Bad envelope: ${describeIssues(envelope.error)}`,
        true,
        bodyPreview(body),
        null,
      );
      return;
    }
    // Faults that refuse the envelope itself: the call never runs.
    if (fault?.kind === 'session-lost') {
      ctx.crypto.forget(envelope.data.sid);
      const message = 'No session for this sid and device: handshake again';
      return protocolError(ProtocolError.SESSION_NOT_FOUND, message, true, null, null);
    }
    if (fault?.kind === 'replay') {
      const message = 'Duplicate request id';
      return protocolError(ProtocolError.REPLAY_OR_DUPLICATE, message, true, null, null);
    }
    if (fault?.kind === 'identity-change') {
      await rotateIdentity(ctx.crypto, world);
      const message = 'The server identity changed: the session is not valid any more';
      return protocolError(ProtocolError.IDENTITY_MISMATCH, message, true, null, null);
    }
    let opened: Awaited<ReturnType<MockContext['crypto']['open']>>;
    try {
      opened = await ctx.crypto.open(envelope.data, path, scope);
    } catch (error) {
      if (!(error instanceof ProtocolFailure)) throw error;
      protocolError(error.code, error.message, true, null, null, error.details);
      return;
    }
    const { session, plaintext } = opened;
    const product = await productOf(ctx, world, {
      def,
      host,
      path,
      data: plaintext.data,
      userBaseInfo: plaintext.userBaseInfo,
      req,
      fault,
      relayed,
    });
    if (relayed.failure) {
      return relayFailed(relayed.failure, true, plaintext.data, plaintext.userBaseInfo);
    }
    const sealed = await ctx.crypto.seal(session, { ...product, rid: plaintext.rid });
    if (fault?.kind === 'corrupt') sealed.body = corruptBase64(sealed.body);
    log({
      encrypted: true,
      data: plaintext.data,
      userBaseInfo: plaintext.userBaseInfo,
      response: product,
      status: 200,
    });
    res.json(sealed);
  });
  return router;
}

async function handshake(
  ctx: MockContext,
  world: World,
  data: unknown,
  fault: ArmedFault | undefined,
  scope: CryptoScope,
): Promise<ProductAnswer> {
  if (fault?.kind === 'code')
    return answer(
      fault.code ?? ServerCode.INTERNAL,
      fault.message ?? `Injected fault ${fault.code}`,
    );
  const request = handshakeRequestSchema.safeParse(data);
  if (!request.success)
    return answer(ServerCode.BAD_REQUEST, `Invalid request: ${describeIssues(request.error)}`);
  try {
    const made = await ctx.crypto.handshake(request.data, scope);
    const sent =
      fault?.kind === 'identity-change'
        ? await changedIdentityHandshake(ctx.crypto, world, made)
        : made;
    return answer(ServerCode.OK, 'success', sent);
  } catch (error) {
    if (!(error instanceof ProtocolFailure)) throw error;
    return answer(ServerCode.BAD_REQUEST, error.message);
  }
}

interface Call {
  def: EndpointDef;
  host: ApiHost;
  path: string;
  data: unknown;
  userBaseInfo: UserBaseInfo;
  req: Request;
  fault: ArmedFault | undefined;
  /** Filled when the world's upstream answered, or failed to. */
  relayed: Relayed;
}

/** What the upstream did with a call: its mark for the log, and its failure if it gave no answer. */
interface Relayed {
  mark?: UpstreamMark;
  failure?: UpstreamFailure;
}

/** A code fault answers its code; so does a corrupt fault given one (the old `{code, corrupt}`). */
function answeredByFault(fault: ArmedFault | undefined): fault is ArmedFault {
  return fault?.kind === 'code' || (fault?.kind === 'corrupt' && fault.code !== undefined);
}

async function productOf(ctx: MockContext, world: World, call: Call): Promise<ProductAnswer> {
  const { fault } = call;
  if (answeredByFault(fault)) {
    const code = fault.code ?? ServerCode.INTERNAL;
    return answer(code, fault.message ?? `Injected fault ${code}`, fault.data ?? null);
  }
  // Upstream mode: the upstream answers, as sent (a relay does not judge the app's request).
  const link = ctx.upstreams.linkOf(world.id);
  if (link) {
    const relayed = await link.relay({
      host: call.host,
      path: call.path,
      data: call.data,
      userBaseInfo: call.userBaseInfo,
      token: call.req.get('token') || undefined,
      deviceId: call.req.get('deviceId') || undefined,
    });
    call.relayed.mark = relayed.mark;
    if (relayed.ok) return relayed.answer;
    call.relayed.failure = relayed.failure;
    return answer(UPSTREAM_FAILURE_STATUS, relayed.failure.message);
  }
  const request = call.def.request.safeParse(call.data);
  if (!request.success)
    return answer(ServerCode.BAD_REQUEST, `Invalid request: ${describeIssues(request.error)}`);
  // More than a handshake: the world is no longer the first to give way (worlds.ts).
  world.called = true;
  try {
    const product = await world.domain.handle({
      host: call.host,
      path: call.path,
      data: call.data,
      userBaseInfo: call.userBaseInfo,
      token: call.req.get('token') || undefined,
      deviceId: call.req.get('deviceId') || undefined,
    });
    if (!ctx.mediaOrigin) return product;
    // A media origin the server was given (Electron's app://) stands; its own origin, the default,
    // gives way to the requesting page's own where that is one it serves (media.ts).
    const media =
      ctx.mediaOrigin === ctx.origin
        ? mediaOriginFor(call.req.get('host'), ctx.origin, ctx.allowedOrigins)
        : ctx.mediaOrigin;
    return { ...product, data: withMediaOrigin(product.data, media) };
  } catch (error) {
    console.error('[mock] domain failed on', call.path, error);
    return answer(ServerCode.INTERNAL, 'Mock server error');
  } finally {
    // Any call the domain handled may have changed the world (a login, a loan, an order).
    ctx.worlds.changed(world);
  }
}
