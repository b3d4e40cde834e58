/**
 * The mock server as a library (DESIGN.md §1, §6): Electron, the CLI and the tests all start it
 * with `createMockServer`. Express 5: the three API hosts with end-to-end encryption, the admin
 * API, the Sentry sink, and optionally the built SPA.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { ApiHost } from '@shared/api/endpoints';
import { DEFAULT_WORLD } from '@shared/simWorld';
import type { Breach, UpstreamStatus } from '@shared/upstream';
import { ServerCrypto } from './crypto/serverCrypto';
import { ScenarioCatalog } from './domain/catalog';
import { createMockDomain } from './domain/index';
import type { EndedToken, MockDomain } from './domain/types';
import {
  adminGuard,
  cors,
  hostCheck,
  isLoopbackHost,
  SIMULATOR_ORIGIN,
  worldOf,
  worldSelector,
} from './http/access';
import { adminRouter } from './http/adminRouter';
import { adminJson, apiJson, snapshotJson } from './http/bodyLimits';
import {
  type ConnectionGuard,
  type ConnectionLimits,
  guardConnections,
} from './http/connectionGuard';
import { API_HOSTS, apiRouter } from './http/apiRouter';
import type { MockContext } from './http/context';
import { mediaRouter } from './http/media';
import { recordRouter } from './http/recordRouter';
import { sentryRouter } from './http/sentrySink';
import { webRouter } from './http/webApp';
import { workbenchRouter } from './http/workbenchRouter';
import { type DataDirLock, lockDataDir } from './persistence/dataDirLock';
import { type RestoreReport, WorldStore } from './persistence/worldStore';
import { Recordings, recordingsDirOf } from './recording/recordings';
import { resolveUpstream, UpstreamTable } from './upstream/upstreamTable';
import { logTokenEnded } from './workbench/events';
import { DEFAULT_IDLE_MS, DEFAULT_WORLD_CAP, type World, WorldTable } from './worlds';

export interface MockServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Scenario to start with (default new-user); unknown names reject. */
  scenario?: string;
  /**
   * Where the server identity and the worlds are kept (mock-server/persistence); none = both in
   * memory only, lost with the process.
   */
  dataDir?: string;
  /** A built SPA to serve at `/` (history fallback) next to `/app-config.json`. */
  webDir?: string;
  /** Real clock under every world's clock (DESIGN.md §6), ms since epoch; default Date.now. */
  now?: () => number;
  /** Clock of the transport's freshness window (DESIGN.md §5, 4081); default the real clock. */
  transportNow?: () => number;
  /** A ready domain for the default world (tests); default createMockDomain({scenario, now}). */
  domain?: MockDomain;
  /** Token every `/__admin/*` call must carry (`x-admin-token`); default a random one. */
  adminToken?: string;
  /** Origins besides the server's own and `app://simulator` that get CORS (the Vite dev server). */
  allowedOrigins?: readonly string[];
  /**
   * The origin answers make fixture pictures absolute against (mock-server/http/media.ts):
   * default the server's own. The Electron simulator's phone reaches the server through its
   * `app://` origin, which serves `/media/` too, so its pictures are the page's own.
   */
  mediaOrigin?: string;
  /** Worlds unused this long are dropped (default 30 minutes). */
  worldIdleMs?: number;
  /** Most worlds at once (default 200). */
  worldCap?: number;
  /** What all worlds' traffic logs may hold together, bytes (default 32 MB). */
  logBudgetBytes?: number;
  /** Longest a request may take to arrive whole (default 15 s; Node's own is 300 s). */
  requestTimeoutMs?: number;
  /** Longest a request's headers may take (default 5 s). */
  headersTimeoutMs?: number;
  /** Connection caps and the slow-body check (http/connectionGuard.ts). */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The server's crypto on node:crypto (ServerCryptoOptions.nodeFastPath): for a process that
   * runs only the server (the CLI, the bench); tests that run clients in-process leave it off.
   */
  nodeFastPath?: boolean;
  /**
   * `--upstream`: every world relays its product calls to this backend (an origin laid out as this
   * server is, or an app-config.json URL; mock-server/upstream) unless the admin API says otherwise.
   */
  upstream?: string;
  /** `--record NAME`: the default world records from the start (mock-server/recording). */
  record?: string;
  /** Committed recordings, loadable by name; where an export writes (default fixtures/recordings). */
  fixtureRecordingsDir?: string;
  /** Told of each contract breach of an upstream the first time it is seen on its path. */
  onContractBreach?(world: string, host: ApiHost, path: string, breach: Breach): void;
  /** Told when a world's upstream changes state (failing, identity changed, ready again). */
  onUpstreamStatus?(world: string, status: UpstreamStatus): void;
}

interface KeptWorlds {
  /** What was restored, set aside and removed at start. */
  report: RestoreReport;
  /** Resolves once every write to the data dir begun so far is done. */
  settled(): Promise<void>;
}

export interface MockServer {
  /** Origin without trailing slash, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** The default world's domain (requests without `x-sim-world`). */
  domain: MockDomain;
  /** The admin token (`x-admin-token`). */
  adminToken: string;
  worlds: WorldTable;
  /** Connections open and evicted (http/connectionGuard.ts). */
  connections: ConnectionGuard;
  /** The worlds kept in the data dir: what the start restored; none without a data dir. */
  keptWorlds: KeptWorlds | undefined;
  /** Which worlds relay to an upstream, with their contract reports. */
  upstreams: UpstreamTable;
  /** Recordings in progress and saved. */
  recordings: Recordings;
  /**
   * Stops listening, saves the recordings in progress, then writes the worlds' pending changes to
   * the data dir.
   */
  close(): Promise<void>;
}

/** Connections the kernel may hold for the server to accept (Linux caps it at somaxconn). */
const LISTEN_BACKLOG = 4096;

const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const type = (error as { type?: string }).type;
  if (res.headersSent) return;
  if (type === 'entity.too.large') {
    const limit = (error as { limit?: unknown }).limit;
    res
      .status(413)
      .json({ code: 413, message: `Request body exceeds ${limit} bytes, this route's limit` });
  } else if (type === 'entity.too.deep' || type === 'entity.too.wide') {
    res.status(400).json({ code: 4001, message: String((error as Error).message) });
  } else if (type === 'entity.parse.failed') {
    res.status(400).json({ code: 400, message: 'Malformed JSON body' });
  } else if (typeof (error as { status?: unknown }).status === 'number') {
    const status = (error as { status: number }).status;
    res.status(status).json({ code: status, message: String((error as Error).message) });
  } else {
    console.error('[mock] unexpected error:', error);
    res.status(500).json({ code: 500, message: 'Internal mock server error' });
  }
};

/**
 * An admin write that succeeded (scenario, reset, clock, faults, session token, host action) has
 * changed its world: the data dir follows (mock-server/persistence).
 */
function keepAdminWrites(worlds: WorldTable): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET') {
      res.on('finish', () => {
        if (res.statusCode < 400) worlds.changed(worldOf(res));
      });
    }
    next();
  };
}

/** Builds the express app around a context. */
function createMockApp(ctx: MockContext, webDir?: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(hostCheck(ctx.extraHosts));
  app.use(cors(ctx.allowedOrigins));
  app.use('/sentry', worldSelector(ctx.worlds, 'existing'), sentryRouter());
  // Each route parses its own bodies, within its own limits (http/bodyLimits.ts); admin bodies
  // only once the token is checked. A world snapshot carries a whole log: the largest limit.
  app.put('/__admin/worlds/:id/snapshot', adminGuard(ctx.adminToken), snapshotJson());
  for (const host of API_HOSTS) {
    app.use(`/${host}`, worldSelector(ctx.worlds, 'existing'), apiJson(), apiRouter(host, ctx));
  }
  app.use(
    '/__admin',
    adminGuard(ctx.adminToken),
    adminJson(),
    worldSelector(ctx.worlds, 'admin'),
    keepAdminWrites(ctx.worlds),
    adminRouter(ctx),
    workbenchRouter(ctx),
    recordRouter(ctx),
  );
  app.use(mediaRouter());
  app.use(webRouter(webDir, () => ctx.origin));
  app.use((_req, res) => {
    res.status(404).json({ code: 404, message: 'Not found' });
  });
  app.use(errorHandler);
  return app;
}

/**
 * Host names besides loopback a server bound to `host` may be reached by: the host itself, or,
 * bound to every interface, this machine's own addresses (what a phone on the LAN uses).
 */
function hostNamesOf(host: string): string[] {
  if (isLoopbackHost(host)) return [];
  if (host !== '0.0.0.0' && host !== '::') return [host];
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
}

/**
 * Starts a mock server; resolves once it listens. With a data dir, the server holds it alone
 * (persistence/dataDirLock.ts): DataDirLockedError says which running server has it.
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  try {
    return await startMockServer(options, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function startMockServer(
  options: MockServerOptions,
  lock: DataDirLock | undefined,
): Promise<MockServer> {
  // Recordings are scenarios too: loaded before any world starts on one (--scenario, the data dir).
  const catalog = new ScenarioCatalog();
  const recordings = new Recordings({
    catalog,
    ...(options.dataDir ? { dir: recordingsDirOf(options.dataDir) } : {}),
    ...(options.fixtureRecordingsDir ? { fixturesDir: options.fixtureRecordingsDir } : {}),
  });
  for (const refused of (await recordings.load()).refused) {
    console.error(`[mock] not a recording, skipped: ${refused}`);
  }
  const upstreams = new UpstreamTable({
    ...(options.upstream ? { defaultUpstream: await resolveUpstream(options.upstream) } : {}),
    ...(options.onContractBreach ? { onBreach: options.onContractBreach } : {}),
    ...(options.onUpstreamStatus ? { onStatus: options.onUpstreamStatus } : {}),
  });
  const createDomain = (now: () => number, onTokenEnded: (ended: EndedToken) => void) =>
    createMockDomain({
      ...(options.scenario ? { scenario: options.scenario } : {}),
      now,
      catalog,
      onTokenEnded,
    });
  // A restart loses only Signal sessions (DESIGN.md §5): worlds live in the data dir too.
  const store = options.dataDir ? new WorldStore({ dataDir: options.dataDir }) : undefined;
  // The default world exists from the start, so an unknown --scenario fails here, not later.
  const worlds = new WorldTable(
    {
      createDomain,
      ...(options.domain ? { defaultDomain: options.domain } : {}),
      ...(options.now ? { realNow: options.now } : {}),
      ...(options.worldIdleMs !== undefined ? { idleMs: options.worldIdleMs } : {}),
      ...(options.worldCap !== undefined ? { cap: options.worldCap } : {}),
      ...(options.logBudgetBytes !== undefined ? { logBudgetBytes: options.logBudgetBytes } : {}),
      // A dropped world's sessions go with it: its phones shake hands again, making it anew.
      onDrop: (id) => {
        crypto.forgetWorld(id);
        store?.dropped(id);
        upstreams.drop(id);
        // A dropped world's recording is saved as it stands, not lost.
        if (recordings.activeOf(id)) void recordings.stop(id).catch(() => undefined);
      },
      ...(store ? { onChange: (world: World) => store.changed(world) } : {}),
      onTokenEnded: logTokenEnded,
    },
    DEFAULT_WORLD,
  );
  const report = await store?.restore(worlds, {
    idleMs: options.worldIdleMs ?? DEFAULT_IDLE_MS,
    cap: options.worldCap ?? DEFAULT_WORLD_CAP,
    ...(options.scenario ? { startingScenario: options.scenario } : {}),
  });
  // Read by onDrop above, which runs only once requests come, after this is set.
  const crypto = await ServerCrypto.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.nodeFastPath ? { nodeFastPath: true } : {}),
    ...(options.transportNow ? { now: options.transportNow } : {}),
  });
  const host = options.host ?? '127.0.0.1';
  const ctx: MockContext = {
    crypto,
    worlds,
    adminToken: options.adminToken ?? randomBytes(18).toString('base64url'),
    allowedOrigins: new Set([SIMULATOR_ORIGIN, ...(options.allowedOrigins ?? [])]),
    extraHosts: hostNamesOf(host),
    origin: '',
    upstreams,
    recordings,
    mediaOrigin: '',
  };
  const app = createMockApp(ctx, options.webDir);
  // A dev server: slow or stuck clients are dropped in seconds, not Node's 300 s, and Node looks
  // for them every second (its default is every 30 s, which let 512 slow sockets hold every slot
  // for 45 s). Who gives way when the connections run out, and how much a connection may hold
  // unsent, is the guard's call.
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const server = createServer({
    requestTimeout,
    headersTimeout: Math.min(options.headersTimeoutMs ?? 5_000, requestTimeout),
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1_000,
  });
  // The guard hands the app one request per connection at a time (http/connectionGuard.ts).
  const guard = guardConnections(server, app, options.connectionLimits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A burst of connections (a flood, a page opening six at once) must not fill the accept
    // queue: a connection the kernel drops waits for its SYN to be sent again (1 s, then 3 s).
    server.listen({ port: options.port ?? 0, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  ctx.origin = `http://${urlHost}:${port}`;
  ctx.mediaOrigin = options.mediaOrigin ?? ctx.origin;
  for (const name of ['127.0.0.1', 'localhost', '[::1]', urlHost]) {
    ctx.allowedOrigins.add(`http://${name}:${port}`);
  }
  await lock?.describe(ctx.origin);
  const defaultWorld = worlds.get(DEFAULT_WORLD, 'admin');
  const close = async () => {
    try {
      await new Promise<void>((resolve, reject) => {
        guard.stop();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    } finally {
      await recordings.stopAll();
      await store?.close();
      await lock?.release();
    }
  };
  if (options.record) {
    const link = upstreams.linkOf(DEFAULT_WORLD);
    const source = link
      ? `upstream ${link.label}`
      : `mock scenario ${defaultWorld.domain.currentScenario()}`;
    try {
      recordings.start(
        { id: DEFAULT_WORLD, clockNow: defaultWorld.clock.now() },
        { name: options.record },
        source,
      );
    } catch (error) {
      // A name it cannot record under (a fixture scenario's): no server left listening.
      await close();
      throw error;
    }
  }
  return {
    url: ctx.origin,
    port,
    domain: defaultWorld.domain,
    adminToken: ctx.adminToken,
    worlds,
    connections: guard,
    keptWorlds: store && report ? { report, settled: () => store.settled() } : undefined,
    upstreams,
    recordings,
    close,
  };
}
