/**
 * A repro bundle: one JSON file that hands a bug to a colleague. It holds the host's settings
 * (profile, device, version, auto-answers…), the app's route and its own storage, the whole world
 * of the phone on the mock server (scenario, server state, armed faults, clock, traffic log) and
 * the bridge call log. Importing it in another harness tab or Electron window lands in the same
 * state, ready to repeat the steps.
 */

import { APP_PATH_MAX_LENGTH, parseAppPath } from '@shared/appPath';
import { bridgeResultSchema } from '@shared/bridge';
import { worldSnapshotSchema } from '@shared/workbench';
import { z } from '@shared/zod';
import { settingsPatchSchema } from './settingsPatch';

export const REPRO_FORMAT = 'direct-loan-repro';

export const callLogEntrySchema = z.object({
  id: z.string().check(z.maxLength(64)),
  at: z.number(),
  generation: z.optional(z.int()),
  method: z.string().check(z.maxLength(100)),
  params: z.optional(z.unknown()),
  result: z.optional(bridgeResultSchema),
  durationMs: z.optional(z.number()),
});

export const hostNoteSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  at: z.number(),
  kind: z.enum(['event', 'reload', 'scenario', 'reset', 'settings', 'app-error']),
  generation: z.int(),
  text: z.string().check(z.maxLength(2000)),
  detail: z.optional(z.unknown()),
});

export const reproBundleSchema = z.object({
  format: z.literal(REPRO_FORMAT),
  version: z.literal(1),
  /** Real epoch ms when it was exported. */
  createdAt: z.number(),
  /** Where it was exported: the browser harness or the Electron simulator. */
  runtime: z.enum(['harness', 'electron']),
  settings: settingsPatchSchema,
  /**
   * The app's route when exported (path, query and hash of the SPA). A bundle is a file passed
   * between colleagues: a path of the app and nothing else (src/shared/appPath.ts).
   */
  path: z.string().check(
    z.maxLength(APP_PATH_MAX_LENGTH),
    z.refine(
      (path) => parseAppPath(path) !== null,
      'not a path of the app (a scheme, another site or a control character)',
    ),
  ),
  /** The app's own localStorage in that profile (its token, drafts, kept state). */
  appStorage: z.record(z.string().check(z.maxLength(200)), z.string().check(z.maxLength(200_000))),
  world: worldSnapshotSchema,
  calls: z.array(callLogEntrySchema).check(z.maxLength(1000)),
  /** The host's side of the timeline: events sent, reloads, scenario and settings changes, errors. */
  notes: z._default(z.array(hostNoteSchema).check(z.maxLength(1000)), []),
});
export type ReproBundle = z.infer<typeof reproBundleSchema>;

/** A suggested file name: profile, scenario and time, safe on every file system. */
export function bundleFileName(bundle: ReproBundle): string {
  const stamp = new Date(bundle.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const scenario = bundle.world.scenario.replace(/[^A-Za-z0-9_-]/g, '_');
  return `direct-loan-repro-${bundle.settings.profile ?? 'app'}-${scenario}-${stamp}.json`;
}

/** Parses a bundle file's text; the error says what is wrong with it. */
export function parseReproBundle(text: string): ReproBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('Not a repro bundle: the file is not JSON');
  }
  const parsed = reproBundleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`Not a repro bundle${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
