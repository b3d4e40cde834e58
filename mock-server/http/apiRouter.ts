/**
 * The three API hosts (`/main/`, `/channel/`, `/hk/`): `POST /{host}/{path}` routed through the
 * endpoint table. Handshakes and plain endpoints take `{data, userBaseInfo}`; encrypted endpoints
 * take the envelope of DESIGN.md §5 and answer encrypted. Protocol errors are plain JSON with 4xx.
 */
import { type Request, type Response, Router } from 'express';
import type { z } from 'zod';
import {
  type ApiHost,
  type EndpointDef,
  endpointByPath,
  handshakePathOf,
  type ProductAnswer,
} from '../../src/shared/api/endpoints';
import { PROTOCOL_ERROR_STATUS, ProtocolError, ServerCode } from '../../src/shared/codes';
import {
  encryptedRequestSchema,
  handshakeRequestSchema,
  plainBodySchema,
  type UserBaseInfo,
} from '../../src/shared/envelope';
import { ProtocolFailure } from '../crypto/serverCrypto';
import { worldOf } from './access';
import type { MockContext } from './context';
import { corruptBase64, type Fault } from './faults';
import { withMediaOrigin } from './media';
import type { LogEntry } from './trafficLog';
import type { World } from '../worlds';

export const API_HOSTS: readonly ApiHost[] = ['main', 'channel', 'hk'];

/** `a.b: message; c: message` from a zod error: the bad fields, for a 400 answer. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Router for one host. */
export function apiRouter(host: ApiHost, ctx: MockContext): Router {
  const router = Router();
  router.post('/{*path}', async (req: Request, res: Response) => {
    const started = Date.now();
    const world = worldOf(res);
    const segments = (req.params as { path?: string[] }).path ?? [];
    const path = segments.join('/');
    const def = endpointByPath.get(path);
    const log = (
      entry: Pick<LogEntry, 'encrypted' | 'response' | 'status'> & {
        data: unknown;
        userBaseInfo: unknown;
      },
    ) =>
      world.log.add({
        at: new Date(started).toISOString(),
        host,
        path,
        encrypted: entry.encrypted,
        request: {
          headers: loggedHeaders(req),
          data: entry.data,
          userBaseInfo: entry.userBaseInfo,
        },
        response: entry.response,
        status: entry.status,
        ms: Date.now() - started,
      });
    const body: unknown = req.body;

    if (!def?.hosts.includes(host)) {
      const message = !def
        ? `Unknown API path: ${path}`
        : `${path} is not served by the ${host} host (served by: ${def.hosts.join(', ')})`;
      const product = answer(ServerCode.NOT_FOUND, message);
      log({ encrypted: false, data: body, userBaseInfo: null, response: product, status: 200 });
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

    const fault = world.faults.take(path);
    if (fault?.delayMs) await sleep(fault.delayMs);

    if (!def.encrypted) {
      const plain = plainBodySchema.safeParse(body);
      if (!plain.success) {
        protocolError(
          ProtocolError.BAD_ENVELOPE,
          `Expected {data, userBaseInfo}: ${describeIssues(plain.error)}`,
          false,
          body,
          null,
        );
        return;
      }
      const { data, userBaseInfo } = plain.data;
      const product =
        path === handshakePathOf(host)
          ? await handshake(ctx, data, fault)
          : await productOf(ctx, world, { def, host, path, data, userBaseInfo, req, fault });
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
        body,
        null,
      );
      return;
    }
    let opened: Awaited<ReturnType<MockContext['crypto']['open']>>;
    try {
      opened = await ctx.crypto.open(envelope.data, path);
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
    });
    const sealed = await ctx.crypto.seal(session, { ...product, rid: plaintext.rid });
    if (fault?.corrupt) sealed.body = corruptBase64(sealed.body);
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
  data: unknown,
  fault: Fault | undefined,
): Promise<ProductAnswer> {
  if (fault?.code !== undefined)
    return answer(fault.code, fault.message ?? `Injected fault ${fault.code}`);
  const request = handshakeRequestSchema.safeParse(data);
  if (!request.success)
    return answer(ServerCode.BAD_REQUEST, `Invalid request: ${describeIssues(request.error)}`);
  try {
    return answer(ServerCode.OK, 'success', await ctx.crypto.handshake(request.data));
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
  fault: Fault | undefined;
}

async function productOf(ctx: MockContext, world: World, call: Call): Promise<ProductAnswer> {
  const { fault } = call;
  if (fault?.code !== undefined)
    return answer(fault.code, fault.message ?? `Injected fault ${fault.code}`, fault.data ?? null);
  const request = call.def.request.safeParse(call.data);
  if (!request.success)
    return answer(ServerCode.BAD_REQUEST, `Invalid request: ${describeIssues(request.error)}`);
  try {
    const product = await world.domain.handle({
      host: call.host,
      path: call.path,
      data: call.data,
      userBaseInfo: call.userBaseInfo,
      token: call.req.get('token') || undefined,
      deviceId: call.req.get('deviceId') || undefined,
    });
    return ctx.origin ? { ...product, data: withMediaOrigin(product.data, ctx.origin) } : product;
  } catch (error) {
    console.error('[mock] domain failed on', call.path, error);
    return answer(ServerCode.INTERNAL, 'Mock server error');
  }
}
