/**
 * `npm run dev:web`: the browser harness. Starts the mock server and a Vite dev server for
 * src/renderer (the SPA at `/`, the harness at `/harness.html`). Vite answers `/app-config.json`
 * (API straight at the mock server, which allows localhost origins) and proxies `/__admin` so
 * the harness reaches the admin API on its own origin.
 *
 *   npm run dev:web -- [--port 5173] [--mock-port 4010] [--scenario NAME]
 */
import { mkdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { createMockServer, type MockServer } from '../mock-server/app';
import type { AppConfig } from '../src/shared/appConfig';
import { devServerGuards } from './devServerGuards';
import { pathAliases } from './pathAliases';
import { phoneWorkerPlugin } from './phoneWorkerPlugin';

const root = resolve(import.meta.dirname, '..');

export interface DevWebOptions {
  /** 0: any free port (tests). */
  port?: number;
  mockPort?: number;
  scenario?: string;
  /** The mock server's data dir (default: node_modules/.cache/direct-loan-mock). */
  dataDir?: string;
  /** No Vite log (tests and the bench, whose refused requests would fill it). */
  quiet?: boolean;
}

/** A free loopback port: the mock server and the guards name the dev server's origin up front. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (!address || typeof address === 'string') throw new Error('No free port on 127.0.0.1');
  return address.port;
}

export interface DevWeb {
  harnessUrl: string;
  appUrl: string;
  mock: MockServer;
  close(): Promise<void>;
}

/** Serves the SPA's runtime config for the dev server. */
function appConfigPlugin(mockUrl: string): Plugin {
  const config: AppConfig = {
    env: 'development',
    apiBase: { main: `${mockUrl}/main/`, channel: `${mockUrl}/channel/`, hk: `${mockUrl}/hk/` },
    sentryDsn: null,
  };
  return {
    name: 'direct-loan-app-config',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/app-config.json') return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(config));
      });
    },
  };
}

export async function startDevWeb(options: DevWebOptions = {}): Promise<DevWeb> {
  const dataDir = options.dataDir ?? resolve(root, 'node_modules/.cache/direct-loan-mock');
  mkdirSync(dataDir, { recursive: true });
  const port = options.port === 0 ? await freePort() : (options.port ?? 5173);
  const mock = await createMockServer({
    port: options.mockPort ?? 0,
    dataDir,
    // The SPA served by Vite calls the mock server cross-origin: only this dev server may.
    allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    ...(options.scenario ? { scenario: options.scenario } : {}),
  });
  const vite = await createServer({
    configFile: false,
    root: resolve(root, 'src/renderer'),
    resolve: { alias: pathAliases(root) },
    publicDir: resolve(root, 'src/renderer/public'),
    plugins: [react(), appConfigPlugin(mock.url), phoneWorkerPlugin(root)],
    ...(options.quiet ? { logLevel: 'silent' as const } : {}),
    server: {
      host: '127.0.0.1',
      port,
      // The mock server allows exactly this origin: a silently moved port would be refused.
      strictPort: true,
      proxy: { '/__admin': { target: mock.url, changeOrigin: false } },
      // Not Vite's defaults (any localhost page, the whole repository): scripts/devServerGuards.ts.
      ...devServerGuards({ root, port, dataDir }),
    },
  });
  await vite.listen();
  const base = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
  return {
    // The admin token rides in the fragment: the harness keeps it, no server ever sees it.
    harnessUrl: `${new URL('harness.html', base).href}#admin-token=${encodeURIComponent(mock.adminToken)}`,
    appUrl: base,
    mock,
    async close() {
      await vite.close();
      await mock.close();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'mock-port': { type: 'string' },
      scenario: { type: 'string' },
    },
  });
  const dev = await startDevWeb({
    port: values.port ? Number(values.port) : undefined,
    mockPort: values['mock-port'] ? Number(values['mock-port']) : undefined,
    scenario: values.scenario,
  });
  console.log(`Mock server:     ${dev.mock.url}  (admin token ${dev.mock.adminToken})`);
  console.log(`Browser harness: ${dev.harnessUrl}`);
  console.log(`App alone:       ${dev.appUrl}`);
  const stop = () => {
    void dev.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error('dev:web failed to start:', error);
    process.exit(1);
  });
}
