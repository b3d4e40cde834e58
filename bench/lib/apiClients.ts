/** ApiClients for the load benches, each with its own device and session, counting handshakes. */
import { handshakePathOf } from '@shared/api/endpoints';
import type { UserBaseInfo } from '@shared/envelope';
import { WORLD_HEADER } from '@shared/simWorld';
import { ApiClient } from '@shared/transport/client';

/** The scenario user of every fixture (DESIGN.md §6); the SMS code of every scenario. */
const BENCH_USER = { areaCode: '63', msisdn: '9171234567', code: '1234' } as const;

const HANDSHAKE_PATHS = [
  handshakePathOf('main'),
  handshakePathOf('channel'),
  handshakePathOf('hk'),
];

/** Shared counters of what the clients sent. */
export interface Traffic {
  handshakes: number;
  requests: number;
}

export interface BenchClient {
  client: ApiClient;
  token: { value: string };
  /** The device id every request of this client carries (userBaseInfo). */
  deviceId: string;
}

/**
 * A client of the server at `origin` (no trailing slash); `traffic` counts its requests. With
 * `world`, every request carries `x-sim-world: world` (DESIGN.md §6), as the harness's phones do.
 */
export function benchClient(
  origin: string,
  traffic: Traffic,
  index: number | string,
  world?: string,
): BenchClient {
  const token = { value: '' };
  const baseInfo: UserBaseInfo = {
    deviceId: `bench-${index}-${Math.random().toString(36).slice(2, 8)}-h5`,
    system: 'H5',
    tokenValue: '',
    version: '1.0.0',
  };
  const counting: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    traffic.requests++;
    if (HANDSHAKE_PATHS.some((path) => url.endsWith(`/${path}`))) traffic.handshakes++;
    if (world === undefined) return fetch(input, init);
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set(WORLD_HEADER, world);
    return fetch(new Request(request, { headers }));
  };
  const client = new ApiClient({
    apiBase: { main: `${origin}/main/`, channel: `${origin}/channel/`, hk: `${origin}/hk/` },
    baseInfo: () => ({ ...baseInfo, tokenValue: token.value }),
    token: () => token.value,
    fetch: counting,
  });
  return { client, token, deviceId: baseInfo.deviceId };
}

/** Logs the scenario user in (encrypted; shakes hands first) and keeps the token. */
export function logIn(test: BenchClient): Promise<void> {
  return logInAs(test, BENCH_USER);
}

/** Logs `user` in (another scenario's user: the `taiwan` one has its own number). */
export async function logInAs(
  test: BenchClient,
  user: { areaCode: string; msisdn: string; code: string },
): Promise<void> {
  const answer = await test.client.call('login', { ...user } as typeof BENCH_USER);
  if (answer.code !== 200) throw new Error(`login failed: ${answer.code} ${answer.message}`);
  test.token.value = answer.data.tokenValue;
}

/** One encrypted call (user info), checked: resolves only with a 200 answer. */
export async function encryptedCall(test: BenchClient): Promise<void> {
  const answer = await test.client.call('userInfo', {});
  if (answer.code !== 200) throw new Error(`userInfo answered ${answer.code} ${answer.message}`);
}

/** One plain call (first repayment-plan page), checked likewise. */
export async function plainCall(test: BenchClient): Promise<void> {
  const answer = await test.client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
  if (answer.code !== 200) throw new Error(`repayPlan answered ${answer.code} ${answer.message}`);
}

/**
 * One encrypted call that needs no login (event dates), checked likewise. The soak uses it: it is
 * about the encrypted channel surviving a restart; that logins survive it too (the worlds are kept
 * in the data dir) is the attack bench's restart check.
 */
export async function encryptedAnonymousCall(test: BenchClient): Promise<void> {
  const answer = await test.client.call('getEventDates', {});
  if (answer.code !== 200)
    throw new Error(`getEventDates answered ${answer.code} ${answer.message}`);
}

/** An error's message with its cause (fetch failures hide the socket error there). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.cause ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}
