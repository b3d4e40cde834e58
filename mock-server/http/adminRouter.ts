/**
 * The admin API of DESIGN.md §6, mounted at `/__admin`. JSON in, JSON out. Selecting a scenario or
 * resetting also clears injected faults (a fresh state); the traffic log is kept until
 * `DELETE /__admin/log`. `GET /__admin/log` answers an array, newest entry last.
 */
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { MockContext } from './context';
import { faultSchema } from './faults';
import { describeIssues } from './apiRouter';

const scenarioBody = z.object({ name: z.string().min(1) });
const tokenBody = z.object({ msisdn: z.string().min(1).max(20).optional() });

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: `Invalid body: ${describeIssues(error)}` });
}

export function adminRouter(ctx: MockContext): Router {
  const router = Router();

  router.get('/scenarios', (_req, res) => {
    res.json({ current: ctx.domain.currentScenario(), scenarios: ctx.domain.listScenarios() });
  });

  router.put('/scenario', (req: Request, res: Response) => {
    const body = scenarioBody.safeParse(req.body);
    if (!body.success) return badRequest(res, body.error);
    if (!ctx.domain.selectScenario(body.data.name)) {
      const known = ctx.domain.listScenarios().map((s) => s.name);
      res
        .status(404)
        .json({ error: `Unknown scenario "${body.data.name}"; known: ${known.join(', ')}` });
      return;
    }
    ctx.faults.clear();
    res.json({ current: ctx.domain.currentScenario() });
  });

  router.post('/reset', (_req, res) => {
    ctx.domain.reset();
    ctx.faults.clear();
    res.json({ current: ctx.domain.currentScenario() });
  });

  router.get('/log', (req, res) => {
    const raw = typeof req.query.limit === 'string' ? Number(req.query.limit) : undefined;
    if (raw !== undefined && (!Number.isInteger(raw) || raw < 0)) {
      res.status(400).json({ error: 'limit must be a non-negative integer' });
      return;
    }
    res.json(ctx.log.list(raw));
  });

  router.delete('/log', (_req, res) => {
    ctx.log.clear();
    res.status(204).end();
  });

  router.post('/session-token', (req: Request, res: Response) => {
    const body = tokenBody.safeParse(req.body ?? {});
    if (!body.success) return badRequest(res, body.error);
    const tokenValue = ctx.domain.issueSessionToken(body.data.msisdn);
    if (tokenValue === null) {
      res
        .status(404)
        .json({ error: `No scenario user with msisdn ${body.data.msisdn ?? '(default)'}` });
      return;
    }
    res.json({ tokenValue });
  });

  router.get('/faults', (_req, res) => {
    res.json(ctx.faults.list());
  });

  router.post('/faults', (req: Request, res: Response) => {
    const body = faultSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, body.error);
    ctx.faults.add(body.data);
    res.status(201).json({ fault: body.data });
  });

  router.delete('/faults', (_req, res) => {
    res.json({ cleared: ctx.faults.clear() });
  });

  return router;
}
