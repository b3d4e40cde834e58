/**
 * Loads and validates the fixtures: resolves `extends`, parses every scenario with the shared
 * schema (src/shared/scenario.ts) and the reference data with the entity schemas. Throws on a
 * bad fixture at startup (a developer error), never while answering calls.
 */

import {
  type CertItem,
  certItemSchema,
  type EventDate,
  eventDateSchema,
  type RepayChannel,
  repayChannelSchema,
} from '@shared/api/entities';
import {
  type Scenario,
  type ScenarioFile,
  scenarioFileSchema,
  scenarioSchema,
} from '@shared/scenario';
import { z } from '@shared/zod';
import { referenceFiles, scenarioFiles } from './fixtures';

export interface ReferenceData {
  repayChannels: { ph: RepayChannel[]; tw: RepayChannel[] };
  certList: CertItem[];
  eventDates: EventDate[];
}

const referenceSchema = z.object({
  repayChannels: z.object({ ph: z.array(repayChannelSchema), tw: z.array(repayChannelSchema) }),
  certificationConfig: z.array(certItemSchema),
  eventDates: z.array(eventDateSchema),
});

export function loadReference(raw: unknown = referenceFiles): ReferenceData {
  const parsed = referenceSchema.parse(raw);
  return {
    repayChannels: parsed.repayChannels,
    certList: parsed.certificationConfig,
    eventDates: parsed.eventDates,
  };
}

/** Resolves `extends` chains (shallow merge of top-level keys) and validates each result. */
export function loadScenarios(raw: readonly unknown[] = scenarioFiles): Map<string, Scenario> {
  const files = new Map<string, ScenarioFile>();
  for (const item of raw) {
    const file = scenarioFileSchema.parse(item);
    if (files.has(file.name)) throw new Error(`Duplicate scenario name "${file.name}"`);
    files.set(file.name, file);
  }
  const resolved = new Map<string, Scenario>();
  const resolve = (name: string, seen: string[]): Scenario => {
    const done = resolved.get(name);
    if (done) return done;
    const file = files.get(name);
    if (!file) throw new Error(`Scenario "${seen.at(-1)}" extends unknown scenario "${name}"`);
    if (seen.includes(name))
      throw new Error(`Scenario extends cycle: ${[...seen, name].join(' → ')}`);
    const { extends: parentName, ...own } = file;
    const parent = parentName === undefined ? {} : resolve(parentName, [...seen, name]);
    const result = scenarioSchema.safeParse({ ...parent, ...own });
    if (!result.success) {
      throw new Error(`Scenario "${name}" is invalid: ${z.prettifyError(result.error)}`);
    }
    resolved.set(name, result.data);
    return result.data;
  };
  for (const name of files.keys()) resolve(name, []);
  // Keep the file order for listings.
  return new Map([...files.keys()].map((name) => [name, resolve(name, [])]));
}

/**
 * One more scenario file on top of resolved ones (a recording, mock-server/recording): it may
 * extend one of `known` and may not take a name `known` has. Throws with what is wrong.
 */
export function resolveScenarioOnto(raw: unknown, known: ReadonlyMap<string, Scenario>): Scenario {
  const parsed = scenarioFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Not a scenario file: ${z.prettifyError(parsed.error)}`);
  }
  const { extends: parentName, ...own } = parsed.data;
  if (known.has(own.name)) throw new Error(`"${own.name}" is the name of a fixture scenario`);
  const parent = parentName === undefined ? undefined : known.get(parentName);
  if (parentName !== undefined && !parent) {
    throw new Error(`Scenario "${own.name}" extends unknown scenario "${parentName}"`);
  }
  const result = scenarioSchema.safeParse({ ...parent, ...own });
  if (!result.success) {
    throw new Error(`Scenario "${own.name}" is invalid: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
