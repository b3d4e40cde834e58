/**
 * The QA workbench half of the admin API (src/shared/workbench.ts ADMIN_PATHS; DESIGN.md §6
 * "Worlds and admin access"): the world's clock, the fault lab, the server identity and world
 * snapshots. Each call acts on the world its request names (`x-sim-world` or `?world=`), except
 * snapshots, which name their world in the path. QA's moves are logged as workbench entries.
 */
import { type Request, type Response, Router } from 'express';
import { isWorldId } from '@shared/simWorld';
import { clockCommandSchema, faultSpecSchema } from '@shared/workbench';
import { SnapshotError } from '../domain/types';
import { logEvent } from '../workbench/events';
import { parseSnapshot, restoreSnapshot, takeSnapshot } from '../workbench/snapshot';
import { ClockRangeError } from '../workbench/worldClock';
import { WorldLimitError } from '../worlds';
import { worldOf } from './access';
import { badRequest } from './adminRouter';
import type { MockContext } from './context';
import { rotateIdentity } from './faultEffects';
import { FaultLimitError } from './faults';
import { refuseAdmin } from './adminError';

function worldIdParam(req: Request, res: Response): string | undefined {
  const id = String(req.params.id);
  if (isWorldId(id)) return id;
  refuseAdmin(res, 400, 'A world id is 1–64 characters of A–Z, a–z, 0–9, _ and -');
  return undefined;
}

export function workbenchRouter(ctx: MockContext): Router {
  const router = Router();

  router.get('/clock', (_req, res) => {
    res.json(worldOf(res).clock.state());
  });

  router.put('/clock', (req: Request, res: Response) => {
    const command = clockCommandSchema.safeParse(req.body ?? {});
    if (!command.success) return badRequest(res, command.error);
    const world = worldOf(res);
    let state: ReturnType<typeof world.clock.apply>;
    try {
      state = world.clock.apply(command.data);
    } catch (error) {
      if (!(error instanceof ClockRangeError)) throw error;
      refuseAdmin(res, 400, error.message);
      return;
    }
    logEvent(world, 'clock', `Clock set to ${new Date(state.now).toISOString()}`, state);
    res.json(state);
  });

  router.delete('/clock', (_req, res) => {
    const world = worldOf(res);
    const state = world.clock.reset();
    logEvent(world, 'clock', 'Clock back to real time', state);
    res.json(state);
  });

  router.get('/faults', (_req, res) => {
    res.json({ faults: worldOf(res).faults.list() });
  });

  router.post('/faults', (req: Request, res: Response) => {
    const spec = faultSpecSchema.safeParse(req.body);
    if (!spec.success) return badRequest(res, spec.error);
    const world = worldOf(res);
    let fault: ReturnType<typeof world.faults.add>;
    try {
      fault = world.faults.add(spec.data);
    } catch (error) {
      if (!(error instanceof FaultLimitError)) throw error;
      refuseAdmin(res, 409, error.message);
      return;
    }
    logEvent(world, 'fault-armed', `Fault ${fault.kind} armed on ${fault.path}`, fault);
    res.status(201).json({ fault });
  });

  router.delete('/faults/:id', (req, res) => {
    const world = worldOf(res);
    const id = String(req.params.id);
    if (!world.faults.remove(id)) {
      refuseAdmin(res, 404, `No armed fault ${id} in world ${world.id}`);
      return;
    }
    logEvent(world, 'fault-cleared', `Fault ${id} cleared`, { id });
    res.json({ cleared: 1 });
  });

  router.delete('/faults', (_req, res) => {
    const world = worldOf(res);
    const cleared = world.faults.clear();
    if (cleared > 0) logEvent(world, 'fault-cleared', `${cleared} fault(s) cleared`, { cleared });
    res.json({ cleared });
  });

  router.post('/rotate-identity', async (_req, res) => {
    const world = worldOf(res);
    const identityKey = await rotateIdentity(ctx.crypto, world);
    logEvent(world, 'identity-rotated', 'Server identity rotated', { identityKey });
    res.json({ identityKey });
  });

  router.get('/worlds/:id/snapshot', (req, res) => {
    const id = worldIdParam(req, res);
    if (id === undefined) return;
    const world = ctx.worlds.peek(id);
    if (!world) {
      refuseAdmin(res, 404, `No world ${id}`);
      return;
    }
    res.json(takeSnapshot(world));
  });

  router.put('/worlds/:id/snapshot', (req: Request, res: Response) => {
    const id = worldIdParam(req, res);
    if (id === undefined) return;
    const parsed = parseSnapshot(req.body);
    if (!parsed.ok) {
      refuseAdmin(res, 400, parsed.error);
      return;
    }
    const existed = ctx.worlds.peek(id) !== undefined;
    let world: ReturnType<typeof ctx.worlds.get>;
    try {
      world = ctx.worlds.get(id, 'admin');
    } catch (error) {
      if (!(error instanceof WorldLimitError)) throw error;
      refuseAdmin(res, 503, error.message);
      return;
    }
    try {
      restoreSnapshot(world, parsed.snapshot);
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw error;
      if (!existed) ctx.worlds.delete(id);
      refuseAdmin(res, 400, error.message);
      return;
    }
    // Sessions made before belong to the state replaced: clients re-handshake once (4011).
    ctx.crypto.forgetWorld(id);
    ctx.worlds.changed(world);
    const from = parsed.snapshot.world;
    logEvent(world, 'restored', `Snapshot of world ${from} restored`, { from });
    res.json({ world: id, scenario: world.domain.currentScenario() });
  });

  return router;
}
