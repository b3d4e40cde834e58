/**
 * The mock server serving the built SPA, as every browser test starts it: its own server on port
 * 0, serving a snapshot of dist/web (a rebuild during the run cannot swap the hashed assets under
 * a loaded index.html), with the admin API (DESIGN.md §6 "Worlds and admin access") to pick a
 * scenario and read the traffic log. Used by the Playwright fixtures (tests/e2e/fixtures.ts) and
 * the engine lane (tests/engines).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { MockServer, MockServerOptions } from '../../../mock-server/app';
import type { FaultKind } from '@shared/workbench';

/** The built SPA (`npm run build:web`). */
const WEB_DIR = 'dist/web';

export interface MockAdmin {
  url: string;
  /** Resets all server state to the named scenario. */
  scenario(name: string): Promise<void>;
  /** The token a native host holds after native login. */
  sessionToken(msisdn?: string): Promise<string>;
  fault(fault: {
    path: string;
    /** A fault kind of src/shared/workbench.ts; default: `corrupt` with `corrupt`, else `code` with a code, else `delay`. */
    kind?: FaultKind;
    code?: number;
    message?: string;
    delayMs?: number;
    times?: number;
    corrupt?: boolean;
    /** The answer's data with `code`: what a hostile or broken backend would send. */
    data?: unknown;
  }): Promise<void>;
  log(limit?: number): Promise<LogEntry[]>;
  /** Empties the traffic log. */
  clearLog(): Promise<void>;
  /** Puts the world's clock back to real time (`DELETE /__admin/clock`). */
  realTime(): Promise<void>;
  /** A native host's own backend call (`POST /__admin/host/:method`), e.g. a wallet paying. */
  hostAction(
    method: 'gcashPayment' | 'fastPayPayment' | 'loanApply',
    token: string,
    params: object,
  ): Promise<{ code: number; message: string }>;
}

/** A traffic log entry (mock-server/http/trafficLog.ts), the fields tests read. */
export interface LogEntry {
  /** Increasing per server run. */
  id: number;
  host: string;
  path: string;
  encrypted: boolean;
  request: { headers: Record<string, string>; data: unknown };
  response: { code: number; message: string; data: unknown };
  status: number;
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok)
    throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export function adminOf(server: Pick<MockServer, 'url' | 'adminToken'>): MockAdmin {
  const send = (method: string, route: string, body?: unknown) =>
    fetch(`${server.url}/__admin/${route}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': server.adminToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(json);
  return {
    url: server.url,
    scenario: async (name) => void (await send('PUT', 'scenario', { name })),
    sessionToken: async (msisdn) =>
      ((await send('POST', 'session-token', msisdn ? { msisdn } : {})) as { tokenValue: string })
        .tokenValue,
    fault: async ({ corrupt, ...fault }) => {
      // Every armed fault names its kind; the tests' shorthand picks it from the other fields.
      const kind =
        fault.kind ?? (corrupt ? 'corrupt' : fault.code !== undefined ? 'code' : 'delay');
      await send('POST', 'faults', { ...fault, kind });
    },
    log: async (limit = 200) => (await send('GET', `log?limit=${limit}`)) as LogEntry[],
    clearLog: async () => void (await send('DELETE', 'log')),
    realTime: async () => void (await send('DELETE', 'clock')),
    hostAction: async (method, token, params) =>
      (await send('POST', `host/${method}`, { token, params })) as {
        code: number;
        message: string;
      },
  };
}

/**
 * The mock server imports JSON fixtures without import attributes, which Playwright's ESM loader
 * refuses; tsx (what `npm run mock` uses) loads it as the CLI does.
 */
async function loadMockServer(): Promise<typeof import('../../../mock-server/app')> {
  return tsImport('../../../mock-server/app.ts', import.meta.url);
}

export interface ServedSpa {
  server: MockServer;
  /** Stops the server and removes the snapshot. */
  close(): Promise<void>;
  /** Its data dir (recordings are saved under `recordings/`). */
  dataDir: string;
}

/**
 * Starts a mock server on port 0 serving a snapshot of dist/web. `prepare` may change the snapshot
 * before it is served (the engine lane adds its console recorder) or the data dir (a recording to
 * replay); `options` are the server's (upstream mode, a starting scenario).
 */
export async function serveBuiltSpa(
  prepare?: (webDir: string, dataDir: string) => Promise<void>,
  options: Omit<MockServerOptions, 'port' | 'webDir' | 'dataDir'> = {},
): Promise<ServedSpa> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIR}/index.html is missing: run \`npm run build:web\` first`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-e2e-'));
  const webDir = path.join(dataDir, 'web');
  await cp(WEB_DIR, webDir, { recursive: true });
  await prepare?.(webDir, dataDir);
  const { createMockServer } = await loadMockServer();
  // The browser does the client crypto; the server runs on node:crypto as `npm run mock` does,
  // so every browser test also proves browser ↔ node-fast-path interop.
  const server = await createMockServer({
    nodeFastPath: true,
    ...options,
    port: 0,
    webDir,
    dataDir,
  });
  return {
    server,
    dataDir,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
