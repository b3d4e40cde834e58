/**
 * The mock server as a library (DESIGN.md §1, §6): Electron, the CLI and the tests all start it
 * with `createMockServer`. Express 5: the three API hosts with end-to-end encryption, the admin
 * API, the Sentry sink, and optionally the built SPA.
 */
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { ServerCrypto } from './crypto/serverCrypto';
import { createMockDomain } from './domain/index';
import type { MockDomain } from './domain/types';
import { adminRouter } from './http/adminRouter';
import { API_HOSTS, apiRouter } from './http/apiRouter';
import type { MockContext } from './http/context';
import { devCors } from './http/cors';
import { FaultTable } from './http/faults';
import { mediaRouter } from './http/media';
import { sentryRouter } from './http/sentrySink';
import { TrafficLog } from './http/trafficLog';
import { webRouter } from './http/webApp';

export interface MockServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Scenario to start with (default new-user); unknown names reject. */
  scenario?: string;
  /** Where the server identity is kept; none = a fresh identity in memory. */
  dataDir?: string;
  /** A built SPA to serve at `/` (history fallback) next to `/app-config.json`. */
  webDir?: string;
  /** Clock of the domain, ms since epoch. */
  now?: () => number;
  /** A ready domain (tests); default createMockDomain({scenario, now}). */
  domain?: MockDomain;
  /**
   * The server's crypto on node:crypto (ServerCryptoOptions.nodeFastPath): for a process that
   * runs only the server (the CLI, the bench); tests that run clients in-process leave it off.
   */
  nodeFastPath?: boolean;
}

export interface MockServer {
  /** Origin without trailing slash, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  domain: MockDomain;
  close(): Promise<void>;
}

/** Largest JSON body accepted (413 above). */
export const BODY_LIMIT = '1mb';

const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const type = (error as { type?: string }).type;
  if (res.headersSent) return;
  if (type === 'entity.too.large') {
    res.status(413).json({ code: 413, message: `Request body exceeds ${BODY_LIMIT}` });
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

/** Builds the express app around a context (exported for tests that need no socket). */
export function createMockApp(ctx: MockContext, webDir?: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(devCors());
  app.use('/sentry', sentryRouter(ctx));
  app.use(express.json({ limit: BODY_LIMIT, strict: false }));
  for (const host of API_HOSTS) app.use(`/${host}`, apiRouter(host, ctx));
  app.use('/__admin', adminRouter(ctx));
  app.use(mediaRouter());
  app.use(webRouter(webDir));
  app.use((_req, res) => {
    res.status(404).json({ code: 404, message: 'Not found' });
  });
  app.use(errorHandler);
  return app;
}

/** Starts a mock server; resolves once it listens. */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const domain =
    options.domain ??
    createMockDomain({
      ...(options.scenario ? { scenario: options.scenario } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  const crypto = await ServerCrypto.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.nodeFastPath ? { nodeFastPath: true } : {}),
  });
  const ctx: MockContext = {
    domain,
    crypto,
    log: new TrafficLog(),
    faults: new FaultTable(),
    origin: '',
  };
  const app = createMockApp(ctx, options.webDir);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  ctx.origin = `http://${urlHost}:${port}`;
  return {
    url: ctx.origin,
    port,
    domain,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
