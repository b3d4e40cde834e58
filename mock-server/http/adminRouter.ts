/**
 * The admin API of DESIGN.md §6, mounted at `/__admin` behind the admin token; every call acts on
 * the world its request names (`x-sim-world` or `?world=`). JSON in, JSON out. Selecting a scenario
 * or resetting also clears injected faults (a fresh state) and keeps the world's clock (a
 * scenario picked at a moved date starts at that date; a recorded one runs it from its recording's
 * anchor); the traffic log is kept until `DELETE /__admin/log`. `GET /__admin/log` answers an
 * array, newest entry last. The workbench calls (clock, faults, identity, snapshots) are in
 * ./workbenchRouter; upstream mode and recordings in ./recordRouter.
 */
import { type Request, type Response, Router } from 'express';
import { z } from '@shared/zod';
import { TokenLimitError } from '../domain/accountLimits';
import { HOST_ACTIONS, hostActionBody, isHostAction } from '../domain/hostActions';
import { anchorClock } from '../worlds';
import { worldOf } from './access';
import { adminCall } from './adminCall';
import { describeIssues } from '@shared/zodIssues';
import type { MockContext } from './context';
import { refuseAdmin } from './adminError';

const scenarioBody = z.object({ name: z.string().check(z.minLength(1)) });
const tokenBody = z.object({
  msisdn: z.optional(z.string().check(z.minLength(1), z.maxLength(20))),
});

export function badRequest(res: Response, error: z.core.$ZodError): void {
  refuseAdmin(res, 400, `Invalid body: ${describeIssues(error)}`);
}

export function adminRouter(ctx: MockContext): Router {
  const router = Router();

  router.get('/scenarios', (_req, res) => {
    const { domain } = worldOf(res);
    res.json({ current: domain.currentScenario(), scenarios: domain.listScenarios() });
  });

  router.put('/scenario', (req: Request, res: Response) => {
    const world = worldOf(res);
    const body = scenarioBody.safeParse(req.body);
    if (!body.success) return badRequest(res, body.error);
    if (!world.domain.selectScenario(body.data.name)) {
      const known = world.domain.listScenarios().map((s) => s.name);
      refuseAdmin(res, 404, `Unknown scenario "${body.data.name}"; known: ${known.join(', ')}`);
      return;
    }
    world.faults.clear();
    anchorClock(world);
    res.json({ current: world.domain.currentScenario() });
  });

  router.post('/reset', (_req, res) => {
    const world = worldOf(res);
    world.domain.reset();
    world.faults.clear();
    anchorClock(world);
    res.json({ current: world.domain.currentScenario() });
  });

  router.get('/log', (req, res) => {
    const raw = typeof req.query.limit === 'string' ? Number(req.query.limit) : undefined;
    if (raw !== undefined && (!Number.isInteger(raw) || raw < 0)) {
      refuseAdmin(res, 400, 'limit must be a non-negative integer');
      return;
    }
    res.type('json').send(worldOf(res).log.listJson(raw));
  });

  router.delete('/log', (_req, res) => {
    worldOf(res).log.clear();
    res.status(204).end();
  });

  router.post('/session-token', (req: Request, res: Response) => {
    const body = tokenBody.safeParse(req.body ?? {});
    if (!body.success) return badRequest(res, body.error);
    let tokenValue: string | null;
    try {
      tokenValue = worldOf(res).domain.issueSessionToken(body.data.msisdn);
    } catch (error) {
      if (!(error instanceof TokenLimitError)) throw error;
      refuseAdmin(res, 409, error.message);
      return;
    }
    if (tokenValue === null) {
      refuseAdmin(res, 404, `No scenario user with msisdn ${body.data.msisdn ?? '(default)'}`);
      return;
    }
    res.json({ tokenValue });
  });

  router.get('/worlds', (_req, res) => {
    res.json({ current: worldOf(res).id, worlds: ctx.worlds.list() });
  });

  router.delete('/worlds/:id', (req, res) => {
    const id = String(req.params.id);
    if (id === ctx.worlds.defaultId) {
      refuseAdmin(res, 400, 'The default world stays; reset it with POST /__admin/reset');
      return;
    }
    res.json({ deleted: ctx.worlds.delete(id) });
  });

  // A native host's own backend calls (lender app loan application, wallet payments, voucher use),
  // made in the phone's world with the token the host holds, through the same domain logic as
  // the web path.
  router.post('/host/:method', async (req: Request, res: Response) => {
    const method = String(req.params.method);
    if (!isHostAction(method)) {
      refuseAdmin(res, 404, `Unknown host action ${method}; known: ${HOST_ACTIONS.join(', ')}`);
      return;
    }
    const body = hostActionBody.safeParse(req.body);
    if (!body.success) return badRequest(res, body.error);
    res.json(await worldOf(res).domain.hostAction(method, body.data.token, body.data.params));
  });

  // One API call in this world, answered decrypted: what Copy as curl runs (./adminCall.ts).
  router.post('/call', adminCall(ctx));

  return router;
}
