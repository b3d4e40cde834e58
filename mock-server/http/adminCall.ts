/**
 * `POST /__admin/call {path, host?, data?, userBaseInfo?, token?, msisdn?}`: runs one API call in
 * the world the request names and answers its decrypted product answer `{code, message, data}`.
 * Every app exchange is end-to-end encrypted (DESIGN.md §5), so no tool can replay one from its
 * logged plaintext; this is how the timeline's **Copy as curl** command runs: the same domain
 * handler the encrypted route reaches, as the token given (the exchange's own) or, without one,
 * in the signed-in session of the world's user (`msisdn`, else the scenario's first user): the
 * token its phone last used, or a native-login token when it has none.
 * The call is logged in the world's traffic log like the app's own, marked as coming from here.
 * In upstream mode the upstream runs it (with the token given, else none).
 */
import type { Request, Response } from 'express';
import { type ApiHost, endpointByPath, handshakePathOf } from '@shared/api/endpoints';
import { TokenLimitError } from '../domain/accountLimits';
import { ServerCode } from '@shared/codes';
import { type UserBaseInfo, userBaseInfoSchema } from '@shared/envelope';
import { UPSTREAM_FAILURE_STATUS } from '@shared/upstream';
import { z } from '@shared/zod';
import { worldOf } from './access';
import { describeIssues } from '@shared/zodIssues';
import type { MockContext } from './context';
import { withMediaOrigin } from './media';
import { refuseAdmin } from './adminError';

const adminCallBody = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(200)),
  host: z.optional(z.enum(['main', 'channel', 'hk'])),
  data: z.optional(z.unknown()),
  userBaseInfo: z.optional(z.unknown()),
  token: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  msisdn: z.optional(z.string().check(z.minLength(1), z.maxLength(20))),
});

/** The device an admin call is made from, when the body names no base info of its own. */
const ADMIN_DEVICE = 'admin-call';

export function adminCall(ctx: MockContext) {
  return async (req: Request, res: Response) => {
    const started = Date.now();
    const world = worldOf(res);
    const body = adminCallBody.safeParse(req.body);
    if (!body.success) {
      refuseAdmin(res, 400, `Invalid body: ${describeIssues(body.error)}`);
      return;
    }
    const { path, data = null } = body.data;
    const def = endpointByPath.get(path);
    if (!def) {
      refuseAdmin(res, 404, `Unknown API path ${path}`);
      return;
    }
    const host: ApiHost = body.data.host ?? def.hosts[0] ?? 'main';
    if (!def.hosts.includes(host)) {
      refuseAdmin(res, 400, `${path} is served by ${def.hosts.join(', ')}, not ${host}`);
      return;
    }
    if (path === handshakePathOf(host)) {
      refuseAdmin(res, 400, 'A handshake sets up a Signal session: nothing to replay');
      return;
    }
    const link = ctx.upstreams.linkOf(world.id);
    if (link) {
      // Upstream mode: the upstream runs it, as the app's own call would reach it.
      const given = userBaseInfoSchema.safeParse(body.data.userBaseInfo);
      const token = body.data.token ?? '';
      const userBaseInfo: UserBaseInfo = given.success
        ? given.data
        : { deviceId: ADMIN_DEVICE, system: 'android', tokenValue: token, version: '' };
      const relayed = await link.relay({
        host,
        path,
        data,
        userBaseInfo,
        token,
        deviceId: userBaseInfo.deviceId,
      });
      const status = relayed.ok ? 200 : UPSTREAM_FAILURE_STATUS;
      world.log.add({
        at: new Date(started).toISOString(),
        host,
        path,
        encrypted: false,
        request: { headers: { token, via: 'POST /__admin/call' }, data, userBaseInfo },
        response: relayed.ok
          ? relayed.answer
          : { code: status, message: relayed.failure.message, data: null },
        status,
        ms: Date.now() - started,
        upstream: relayed.mark,
      });
      if (relayed.ok) res.json(relayed.answer);
      else refuseAdmin(res, status, relayed.failure.message);
      return;
    }
    // Without a token, the call runs in the user's signed-in session: a fresh token each time
    // would make twenty runs of a Copy-as-curl command end the phone's session (accountLimits.ts).
    let token: string | null;
    try {
      token = body.data.token ?? world.domain.signedInToken(body.data.msisdn);
    } catch (error) {
      if (!(error instanceof TokenLimitError)) throw error;
      refuseAdmin(res, 409, error.message);
      return;
    }
    if (token === null) {
      const who = body.data.msisdn ?? '(the scenario user)';
      refuseAdmin(res, 404, `No user with msisdn ${who} in this world's scenario`);
      return;
    }
    const given = userBaseInfoSchema.safeParse(body.data.userBaseInfo);
    const userBaseInfo: UserBaseInfo = given.success
      ? given.data
      : { deviceId: ADMIN_DEVICE, system: 'android', tokenValue: token, version: '' };
    const request = def.request.safeParse(data);
    const product = !request.success
      ? {
          code: ServerCode.BAD_REQUEST,
          message: `Invalid request: ${describeIssues(request.error)}`,
          data: null,
        }
      : await world.domain.handle({
          host,
          path,
          data,
          userBaseInfo,
          token,
          deviceId: userBaseInfo.deviceId,
        });
    const answer = ctx.mediaOrigin
      ? { ...product, data: withMediaOrigin(product.data, ctx.mediaOrigin) }
      : product;
    world.log.add({
      at: new Date(started).toISOString(),
      host,
      path,
      encrypted: false,
      request: { headers: { token, via: 'POST /__admin/call' }, data, userBaseInfo },
      response: answer,
      status: 200,
      ms: Date.now() - started,
    });
    res.json(answer);
  };
}
