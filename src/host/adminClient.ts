/**
 * Client of the mock server's admin API (DESIGN.md §6). Answers are parsed at this edge.
 * Takes `fetch` as an argument so tests and both runtimes (Electron main, harness page) inject it.
 */

import { adminErrorBodySchema } from '@shared/adminError';
import {
  ADMIN_TOKEN_HEADER,
  DEFAULT_WORLD,
  type HostAction,
  WORLD_HEADER,
} from '@shared/simWorld';
import {
  ADMIN_PATHS,
  ADMIN_PREFIX,
  type ArmedFault,
  armedFaultSchema,
  type ClockCommand,
  type ClockState,
  clockStateSchema,
  type FaultInput,
  faultListSchema,
  faultMarkSchema,
  type RestoreAnswer,
  restoreAnswerSchema,
  rotateAnswerSchema,
  type WorldSnapshot,
  worldSnapshotSchema,
} from '@shared/workbench';
import { z } from '@shared/zod';

const scenarioListSchema = z.object({
  current: z.nullable(z.string()),
  scenarios: z.array(
    z.object({ name: z.string(), title: z.string(), description: z.optional(z.string()) }),
  ),
});
export type ScenarioList = z.infer<typeof scenarioListSchema>;

/** One decrypted exchange of the traffic log. */
const trafficEntrySchema = z.object({
  id: z.union([z.string(), z.number()]),
  at: z.union([z.string(), z.number()]),
  host: z.string(),
  path: z.string(),
  encrypted: z.boolean(),
  request: z.optional(
    z.nullable(
      z.partial(
        z.looseObject({
          headers: z.optional(z.unknown()),
          data: z.unknown(),
          userBaseInfo: z.unknown(),
        }),
      ),
    ),
  ),
  response: z.optional(
    z.nullable(
      z.partial(z.looseObject({ code: z.unknown(), message: z.unknown(), data: z.unknown() })),
    ),
  ),
  status: z.optional(z.number()),
  ms: z.optional(z.number()),
  /** The injected fault that shaped this exchange (the fault lab). */
  fault: z.optional(faultMarkSchema),
  /** A workbench event on the world's timeline (fault armed, clock moved…), not an exchange. */
  kind: z.optional(z.string()),
});
export type TrafficEntry = z.infer<typeof trafficEntrySchema>;
const trafficAnswerSchema = z.union([
  z.array(trafficEntrySchema),
  z.pipe(
    z.object({ entries: z.array(trafficEntrySchema) }),
    z.transform((v) => v.entries),
  ),
]);

const sessionTokenSchema = z.object({ tokenValue: z.string() });

/** The product answer of a native host action. */
const productAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z.unknown(),
});
export type ProductAnswerOf = z.infer<typeof productAnswerSchema>;

/** What the host needs from the mock server. */
export interface AdminClient {
  scenarios(): Promise<ScenarioList>;
  selectScenario(name: string): Promise<void>;
  reset(): Promise<void>;
  log(limit: number): Promise<TrafficEntry[]>;
  sessionToken(msisdn?: string): Promise<string>;
  /** A native host's own backend call, made with the host's token (DESIGN.md §6). */
  hostAction(method: HostAction, token: string, params: object): Promise<ProductAnswerOf>;
}

/**
 * The QA workbench of the phone's world (src/shared/workbench.ts): clock, fault lab, identity
 * rotation and snapshots. Separate from AdminClient so host doubles need not fake it.
 */
export interface WorkbenchAdminClient {
  clock(): Promise<ClockState>;
  /** `at` first, then `advanceMs`, then `running`. */
  setClock(command: ClockCommand): Promise<ClockState>;
  /** Back to real time. */
  resetClock(): Promise<ClockState>;
  faults(): Promise<ArmedFault[]>;
  /** Arms a fault (a FaultSpec, or the old `{path, code?, corrupt?, …}` body). */
  addFault(spec: FaultInput): Promise<ArmedFault>;
  clearFault(id: string): Promise<void>;
  /** Answers how many were cleared. */
  clearFaults(): Promise<number>;
  /** A new server identity for the world; answers its identity key. */
  rotateIdentity(): Promise<string>;
  /** The whole world (default the phone's world). */
  snapshot(world?: string): Promise<WorldSnapshot>;
  /** Restores a snapshot into a world (default the phone's), creating it if missing. */
  restore(snapshot: WorldSnapshot, world?: string): Promise<RestoreAnswer>;
}

/** The phone's world and the server's admin token, sent with every call. */
interface AdminAccess {
  world?: string;
  adminToken?: string;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A non-2xx answer of the admin API, with its status for callers that can say more. */
class AdminAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AdminAnswerError';
  }
}

/**
 * The message of an admin refusal (its one error body, src/shared/adminError.ts); the raw text
 * when something else answered (a proxy's error page).
 */
function refusalOf(text: string): string {
  try {
    const body = adminErrorBodySchema.safeParse(JSON.parse(text));
    if (body.success) return body.data.message;
  } catch {
    // Not JSON: shown as it came.
  }
  return text;
}

/** Admin API at `baseUrl` (the mock server's origin, e.g. http://127.0.0.1:4010). */
export function createAdminClient(
  baseUrl: string,
  fetchImpl: FetchLike,
  access: AdminAccess = {},
): AdminClient & WorkbenchAdminClient {
  const base = baseUrl.replace(/\/+$/, '');
  const accessHeaders: Record<string, string> = {
    ...(access.world ? { [WORLD_HEADER]: access.world } : {}),
    ...(access.adminToken ? { [ADMIN_TOKEN_HEADER]: access.adminToken } : {}),
  };
  const worldOfCall = (world?: string) => world ?? access.world ?? DEFAULT_WORLD;
  /** `path` relative to /__admin/, or an absolute admin path (ADMIN_PATHS). */
  async function request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = path.startsWith(`${ADMIN_PREFIX}/`) ? `${base}${path}` : `${base}/__admin/${path}`;
    const response = await fetchImpl(url, {
      method,
      headers: {
        ...accessHeaders,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new AdminAnswerError(
        `Mock server admin ${method} ${path} answered ${response.status}: ${refusalOf(text)}`,
        response.status,
      );
    }
    return text ? JSON.parse(text) : null;
  }
  return {
    async scenarios() {
      return scenarioListSchema.parse(await request('GET', 'scenarios'));
    },
    async selectScenario(name) {
      await request('PUT', 'scenario', { name });
    },
    async reset() {
      await request('POST', 'reset');
    },
    async log(limit) {
      return trafficAnswerSchema.parse(await request('GET', `log?limit=${limit}`));
    },
    async sessionToken(msisdn) {
      const body = msisdn ? { msisdn } : {};
      try {
        return sessionTokenSchema.parse(await request('POST', 'session-token', body)).tokenValue;
      } catch (error) {
        // The panel shows this as it is: say what to do, not which admin call failed.
        if (error instanceof AdminAnswerError && error.status === 404) {
          const who = msisdn ? `${msisdn} ` : '';
          throw new Error(
            `No native user ${who}in this world's scenario: the signed-in user must be one of its users (leave it empty for the scenario's own)`,
          );
        }
        throw error;
      }
    },
    async hostAction(method, token, params) {
      return productAnswerSchema.parse(await request('POST', `host/${method}`, { token, params }));
    },
    async clock() {
      return clockStateSchema.parse(await request('GET', ADMIN_PATHS.clock));
    },
    async setClock(command) {
      return clockStateSchema.parse(await request('PUT', ADMIN_PATHS.clock, command));
    },
    async resetClock() {
      return clockStateSchema.parse(await request('DELETE', ADMIN_PATHS.clock));
    },
    async faults() {
      return faultListSchema.parse(await request('GET', ADMIN_PATHS.faults)).faults;
    },
    async addFault(spec) {
      const answer = await request('POST', ADMIN_PATHS.faults, spec);
      return z.object({ fault: armedFaultSchema }).parse(answer).fault;
    },
    async clearFault(id) {
      await request('DELETE', ADMIN_PATHS.fault(id));
    },
    async clearFaults() {
      return z.object({ cleared: z.number() }).parse(await request('DELETE', ADMIN_PATHS.faults))
        .cleared;
    },
    async rotateIdentity() {
      return rotateAnswerSchema.parse(await request('POST', ADMIN_PATHS.rotateIdentity))
        .identityKey;
    },
    async snapshot(world) {
      const answer = await request('GET', ADMIN_PATHS.snapshot(worldOfCall(world)));
      return worldSnapshotSchema.parse(answer);
    },
    async restore(snapshot, world) {
      const answer = await request('PUT', ADMIN_PATHS.snapshot(worldOfCall(world)), snapshot);
      return restoreAnswerSchema.parse(answer);
    },
  };
}
