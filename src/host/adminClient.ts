/**
 * Client of the mock server's admin API (DESIGN.md §6). Answers are parsed at this edge.
 * Takes `fetch` as an argument so tests and both runtimes (Electron main, harness page) inject it.
 */
import { z } from '../shared/zod';
import { ADMIN_TOKEN_HEADER, type HostAction, WORLD_HEADER } from '../shared/simWorld';

export const scenarioListSchema = z.object({
  current: z.string().nullable(),
  scenarios: z.array(
    z.object({ name: z.string(), title: z.string(), description: z.string().optional() }),
  ),
});
export type ScenarioList = z.infer<typeof scenarioListSchema>;

/** One decrypted exchange of the traffic log. */
export const trafficEntrySchema = z.object({
  id: z.union([z.string(), z.number()]),
  at: z.union([z.string(), z.number()]),
  host: z.string(),
  path: z.string(),
  encrypted: z.boolean(),
  request: z
    .object({ headers: z.unknown().optional(), data: z.unknown(), userBaseInfo: z.unknown() })
    .partial()
    .passthrough()
    .nullable()
    .optional(),
  response: z
    .object({ code: z.unknown(), message: z.unknown(), data: z.unknown() })
    .partial()
    .passthrough()
    .nullable()
    .optional(),
  status: z.number().optional(),
  ms: z.number().optional(),
});
export type TrafficEntry = z.infer<typeof trafficEntrySchema>;
const trafficAnswerSchema = z.union([
  z.array(trafficEntrySchema),
  z.object({ entries: z.array(trafficEntrySchema) }).transform((v) => v.entries),
]);

const sessionTokenSchema = z.object({ tokenValue: z.string() });

/** The product answer of a native host action. */
export const productAnswerSchema = z.object({
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

/** The phone's world and the server's admin token, sent with every call. */
export interface AdminAccess {
  world?: string;
  adminToken?: string;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Admin API at `baseUrl` (the mock server's origin, e.g. http://127.0.0.1:4010). */
export function createAdminClient(
  baseUrl: string,
  fetchImpl: FetchLike,
  access: AdminAccess = {},
): AdminClient {
  const base = baseUrl.replace(/\/+$/, '');
  const accessHeaders: Record<string, string> = {
    ...(access.world ? { [WORLD_HEADER]: access.world } : {}),
    ...(access.adminToken ? { [ADMIN_TOKEN_HEADER]: access.adminToken } : {}),
  };
  async function request(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetchImpl(`${base}/__admin/${path}`, {
      method,
      headers: {
        ...accessHeaders,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`Mock server admin ${method} ${path} answered ${response.status}: ${text}`);
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
      return sessionTokenSchema.parse(await request('POST', 'session-token', body)).tokenValue;
    },
    async hostAction(method, token, params) {
      return productAnswerSchema.parse(await request('POST', `host/${method}`, { token, params }));
    },
  };
}
