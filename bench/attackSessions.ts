/**
 * Sessions and worlds no one else can end (part of `npm run bench -- --only attack`,
 * bench/README.md):
 *
 * - **token-minting loops**: beside the honest clients (signed in as the scenario user), 40 logins
 *   as that user with the fixture's SMS code, each token then used once, and 40 runs of
 *   `POST /__admin/call` without a token (what Copy as curl sends for an exchange without one);
 * - **a clock at the limit**: a world whose clock is set running at the 2100 limit, with a
 *   signed-in token, must come back whole after the restart;
 * - **two servers on one data dir**: a second server started on the server's data dir must be
 *   refused. Should it start, it does what a tester's would (a login in its default world, which
 *   it writes to the shared data dir) and closes: the restart then shows what that cost.
 */
import { createMockServer } from '../mock-server/app';
import { ADMIN_TOKEN_HEADER, WORLD_HEADER } from '@shared/simWorld';
import { MAX_INSTANT_MS } from '@shared/workbench';
import { benchClient, encryptedCall, logIn } from './lib/apiClients';
import type { Figure } from './lib/report';

const MINTED_LOGINS = 40;
const ADMIN_CALLS = 40;
/** The world whose clock runs into the limit. */
const CLOCK_WORLD = 'bench-clock-2100';

async function adminFetch(
  url: string,
  adminToken: string,
  method: string,
  path: string,
  body?: unknown,
  world?: string,
): Promise<Response> {
  return fetch(`${url}/__admin/${path}`, {
    method,
    headers: {
      [ADMIN_TOKEN_HEADER]: adminToken,
      ...(world ? { [WORLD_HEADER]: world } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Mints tokens of the scenario user; how many logins and admin runs were answered 200. */
export async function mintTokens(url: string, adminToken: string) {
  const traffic = { handshakes: 0, requests: 0 };
  let logins = 0;
  for (let i = 0; i < MINTED_LOGINS; i += 1) {
    const stranger = benchClient(url, traffic, `minter-${i}`);
    try {
      await logIn(stranger);
      await encryptedCall(stranger);
      logins += 1;
    } catch {
      // A refused login is what the server may answer once an account holds too many sessions.
    }
  }
  let runs = 0;
  for (let i = 0; i < ADMIN_CALLS; i += 1) {
    const res = await adminFetch(url, adminToken, 'POST', 'call', {
      path: 'user/userInfo',
      data: {},
    });
    const answer = (await res.json()) as { code?: number };
    if (answer.code === 200) runs += 1;
  }
  return { logins, runs, attempts: MINTED_LOGINS + ADMIN_CALLS };
}

/** Sets a world's clock running at the 2100 limit with a signed-in token; checks it later. */
export async function clockAtLimit(url: string, adminToken: string) {
  const call = (method: string, path: string, body?: unknown) =>
    adminFetch(url, adminToken, method, path, body, CLOCK_WORLD);
  await call('PUT', 'scenario', { name: 'can-borrow' });
  const set = await call('PUT', 'clock', { at: MAX_INSTANT_MS, running: true });
  const { tokenValue } = (await (await call('POST', 'session-token', {})).json()) as {
    tokenValue: string;
  };
  await call('POST', 'call', { path: 'user/userInfo', data: {}, token: tokenValue });
  return {
    accepted: set.status === 200,
    /** After the restart: whether the world, its token and its clock came back. */
    async kept(restartedUrl: string): Promise<{ kept: boolean; note: string }> {
      const again = (method: string, path: string, body?: unknown) =>
        adminFetch(restartedUrl, adminToken, method, path, body, CLOCK_WORLD);
      const answer = (await (
        await again('POST', 'call', { path: 'user/userInfo', data: {}, token: tokenValue })
      ).json()) as { code?: number };
      const clock = (await (await again('GET', 'clock')).json()) as { now?: number };
      const kept = answer.code === 200 && clock.now === MAX_INSTANT_MS;
      return {
        kept,
        note: `the clock set running at ${new Date(MAX_INSTANT_MS).toISOString()}; after the restart its token answered ${answer.code}, its clock shows ${clock.now === undefined ? '?' : new Date(clock.now).toISOString()}`,
      };
    },
  };
}

/** Starts a second server on `dataDir`: refused, or (if it starts) used and closed. */
export async function secondServerOn(dataDir: string): Promise<{ started: boolean; note: string }> {
  let second: Awaited<ReturnType<typeof createMockServer>>;
  try {
    second = await createMockServer({ port: 0, dataDir, scenario: 'can-borrow' });
  } catch (error) {
    return { started: false, note: String((error as Error).message).split('. ')[0] ?? '' };
  }
  try {
    const tester = benchClient(second.url, { handshakes: 0, requests: 0 }, 'second-server');
    await logIn(tester);
    await second.keptWorlds?.settled();
  } finally {
    await second.close();
  }
  return { started: true, note: 'it started, signed a tester in and wrote its default world' };
}

/** What the session attacks did, for their figures. */
interface SessionOutcome {
  minted: { logins: number; runs: number };
  /** Honest calls answered with a session code in the round after the minting. */
  mintingLogouts: string[];
  secondServer: { started: boolean; note: string };
  clockKept: { kept: boolean; note: string };
}

/** The figures of the token-minting loops, the second server and the clock at the limit. */
export function sessionFigures(
  section: string,
  { minted, mintingLogouts, secondServer, clockKept }: SessionOutcome,
): Figure[] {
  return [
    {
      section,
      name: 'honest sessions ended by token-minting loops',
      value: mintingLogouts.length,
      unit: '',
      goal: { op: '<=', limit: 0 },
      note:
        `${minted.logins} logins with the fixture's SMS code (each token used once) and ` +
        `${minted.runs} admin calls without a token answered` +
        (mintingLogouts.length ? `: ${[...new Set(mintingLogouts)].slice(0, 1).join('')}` : ''),
    },
    {
      section,
      name: 'second server started on the same data dir',
      value: secondServer.started ? 1 : 0,
      unit: '',
      goal: { op: '<=', limit: 0 },
      note: secondServer.note,
    },
    {
      section,
      name: 'world with its clock at the 2100 limit lost at restart',
      value: clockKept.kept ? 0 : 1,
      unit: '',
      goal: { op: '<=', limit: 0 },
      note: clockKept.note,
    },
  ];
}
