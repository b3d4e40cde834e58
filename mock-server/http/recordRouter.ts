/**
 * The admin API of upstream mode and recordings (src/shared/upstream.ts, src/shared/recording.ts),
 * mounted at `/__admin` behind the admin token. Each call acts on the world its request names,
 * except the saved recordings, which are the server's (a scenario of every world).
 */
import { type Request, type Response, Router } from 'express';
import { recordingStartSchema } from '@shared/recording';
import { type ContractReport, upstreamBodySchema } from '@shared/upstream';
import { RecordingError } from '../recording/recordings';
import { resolveUpstream } from '../upstream/upstreamTable';
import { UpstreamUrlError } from '../upstream/upstreamUrl';
import { logEvent } from '../workbench/events';
import { worldOf } from './access';
import { refuseAdmin } from './adminError';
import { badRequest } from './adminRouter';
import type { MockContext } from './context';

/** This server's own origins: an upstream there would relay to itself forever. */
function selfOrigins(origin: string): string[] {
  const port = new URL(origin).port;
  return [origin, ...['127.0.0.1', 'localhost', '[::1]'].map((host) => `http://${host}:${port}`)];
}

function refuseRecording(res: Response, error: unknown): void {
  if (!(error instanceof RecordingError)) throw error;
  refuseAdmin(res, error.status, error.message);
}

export function recordRouter(ctx: MockContext): Router {
  const router = Router();

  router.get('/upstream', (_req, res) => {
    res.json(ctx.upstreams.status(worldOf(res).id));
  });

  router.put('/upstream', async (req: Request, res: Response) => {
    const body = upstreamBodySchema.safeParse(req.body);
    if (!body.success) return badRequest(res, body.error);
    const world = worldOf(res);
    let upstream: Awaited<ReturnType<typeof resolveUpstream>>;
    try {
      upstream = await resolveUpstream(body.data.url, selfOrigins(ctx.origin));
    } catch (error) {
      if (!(error instanceof UpstreamUrlError)) throw error;
      refuseAdmin(res, 400, error.message);
      return;
    }
    const status = ctx.upstreams.set(world.id, upstream);
    logEvent(world, 'upstream', `Upstream ${upstream.label}: calls relayed there`, status);
    res.json(status);
  });

  router.delete('/upstream', (_req, res) => {
    const world = worldOf(res);
    const status = ctx.upstreams.off(world.id);
    logEvent(world, 'upstream', 'Upstream off: the scenario answers again', status);
    res.json(status);
  });

  router.post('/upstream/trust', (_req, res) => {
    const world = worldOf(res);
    const link = ctx.upstreams.linkOf(world.id);
    if (!link) {
      refuseAdmin(res, 409, `World ${world.id} has no upstream`);
      return;
    }
    const status = link.trust();
    logEvent(world, 'upstream', `Upstream identity trusted: ${status.identityKey ?? ''}`, status);
    res.json(status);
  });

  router.get('/contract-report', (_req, res) => {
    const link = ctx.upstreams.linkOf(worldOf(res).id);
    const none: ContractReport = { upstream: null, checked: 0, breaches: 0, paths: [] };
    res.json(link?.report() ?? none);
  });

  router.get('/recordings', (_req, res) => {
    res.json(ctx.recordings.list(worldOf(res).id));
  });

  router.post('/recordings/start', (req: Request, res: Response) => {
    const body = recordingStartSchema.safeParse(req.body ?? {});
    if (!body.success) return badRequest(res, body.error);
    const world = worldOf(res);
    const link = ctx.upstreams.linkOf(world.id);
    const source = link
      ? `upstream ${link.label}`
      : `mock scenario ${world.domain.currentScenario()}`;
    try {
      const active = ctx.recordings.start(
        { id: world.id, clockNow: world.clock.now() },
        body.data,
        source,
      );
      logEvent(world, 'recording', `Recording "${active.name}" started`, active);
      res.status(201).json(active);
    } catch (error) {
      refuseRecording(res, error);
    }
  });

  router.post('/recordings/stop', async (_req, res) => {
    const world = worldOf(res);
    try {
      const summary = await ctx.recordings.stop(world.id);
      const what = `${summary.exchanges} exchanges on ${summary.paths} paths`;
      logEvent(world, 'recording', `Recording "${summary.name}" saved: ${what}`, summary);
      res.json(summary);
    } catch (error) {
      refuseRecording(res, error);
    }
  });

  router.get('/recordings/:name', (req, res) => {
    const name = String(req.params.name);
    const file = ctx.recordings.file(name);
    if (!file) {
      refuseAdmin(res, 404, `No recording "${name}"`);
      return;
    }
    res.json(file);
  });

  router.post('/recordings/:name/export', async (req, res) => {
    try {
      res.json({ file: await ctx.recordings.export(String(req.params.name)) });
    } catch (error) {
      refuseRecording(res, error);
    }
  });

  return router;
}
