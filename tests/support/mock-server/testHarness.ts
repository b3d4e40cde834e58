/** Test helpers: a mock server on port 0 and ApiClients pointed at it. */
import type { ApiHost } from '@shared/api/endpoints';
import type { UserBaseInfo } from '@shared/envelope';
import { ADMIN_TOKEN_HEADER, WORLD_HEADER } from '@shared/simWorld';
import { ApiClient, type ApiClientOptions } from '@shared/transport/client';
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../../../mock-server/app';
import type { LogEntry } from '../../../mock-server/http/trafficLog';

const SCENARIO_USER = { areaCode: '63', msisdn: '9171234567', code: '1234' } as const;

function apiBaseOf(server: MockServer): Record<ApiHost, string> {
  return {
    main: `${server.url}/main/`,
    channel: `${server.url}/channel/`,
    hk: `${server.url}/hk/`,
  };
}

export interface TestClient {
  client: ApiClient;
  /** Current token header; set it after login. */
  token: { value: string };
  baseInfo: UserBaseInfo;
}

export function clientFor(
  server: MockServer,
  overrides: Partial<ApiClientOptions> = {},
  deviceId = `dev-${Math.random().toString(36).slice(2)}-h5`,
): TestClient {
  const token = { value: '' };
  const baseInfo: UserBaseInfo = { deviceId, system: 'H5', tokenValue: '', version: '1.0.0' };
  const client = new ApiClient({
    apiBase: apiBaseOf(server),
    baseInfo: () => ({ ...baseInfo, tokenValue: token.value }),
    token: () => token.value,
    ...overrides,
  });
  return { client, token, baseInfo };
}

/** Logs in the scenario user and stores the token. */
export async function login(test: TestClient): Promise<string> {
  const answer = await test.client.call('login', { ...SCENARIO_USER });
  if (answer.code !== 200) throw new Error(`login failed: ${answer.code} ${answer.message}`);
  test.token.value = answer.data.tokenValue;
  return answer.data.tokenValue;
}

export async function startServer(options: MockServerOptions = {}): Promise<MockServer> {
  return createMockServer({ port: 0, ...options });
}

/** Headers of an admin call: the server's token, and the world when one is named. */
export function adminHeaders(server: MockServer, world?: string): Record<string, string> {
  return {
    [ADMIN_TOKEN_HEADER]: server.adminToken,
    ...(world ? { [WORLD_HEADER]: world } : {}),
  };
}

export async function adminLog(
  server: MockServer,
  limit = 500,
  world?: string,
): Promise<LogEntry[]> {
  const res = await fetch(`${server.url}/__admin/log?limit=${limit}`, {
    headers: adminHeaders(server, world),
  });
  return (await res.json()) as LogEntry[];
}

export async function admin(
  server: MockServer,
  method: string,
  path: string,
  body?: unknown,
  world?: string,
): Promise<Response> {
  return fetch(`${server.url}/__admin/${path}`, {
    method,
    headers: {
      ...adminHeaders(server, world),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An encrypted client whose every request carries `x-sim-world: world`. */
export function worldClient(
  server: MockServer,
  world: string,
  overrides: Partial<ApiClientOptions> = {},
): TestClient {
  const inWorld: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set(WORLD_HEADER, world);
    return fetch(request);
  };
  return clientFor(server, { fetch: inWorld, ...overrides });
}
