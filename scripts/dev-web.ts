/**
 * `npm run dev:web`: the browser harness. Starts the mock server and a Vite dev server: the
 * harness at `/harness.html` (Vite's dev transform with HMR, for whoever works on the panel), and
 * the phone's app as the production bundle (scripts/phoneBundle.ts: `npm run build:web`'s bytes,
 * served untouched by scripts/devWebPhone.ts), so QA sees the startup borrowers get. The mock
 * server's API and admin paths are proxied, so the app calls its own origin as deployed.
 *
 *   npm run dev:web -- [--port 5173] [--mock-port 4010] [--scenario NAME] [--phone=watch|hmr]
 *
 * The developer modes of the phone are `npm run dev`'s (src/host/phoneBundle.ts), which falls
 * back to this script without an Electron binary: `--phone=watch` rebuilds the bundle on every
 * source change (Reload app loads it); `--phone=hmr` gives the phone Vite's dev transform with
 * hot reload instead — not the bundle that ships, and the panel says so.
 */
import { mkdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { createMockServer, type MockServer } from '../mock-server/app';
import type { PhoneBundleMode } from '@host/phoneBundle';
import { devServerGuards, framingGuard } from './devServerGuards';
import { MOCK_PROXIED, phoneAppPlugin } from './devWebPhone';
import { pathAliases } from './pathAliases';
import { buildPhoneBundle, type PhoneBundle } from './phoneBundle';
import { phoneWorkerPlugin } from './phoneWorkerPlugin';

const root = resolve(import.meta.dirname, '..');

/** Where the phone's app comes from. */
export type PhoneAppSource =
  /** The production bundle built now into `outDir` (default dist/web), rebuilt on change with `watch`. */
  | { kind: 'bundle'; watch?: boolean; outDir?: string }
  /** A production bundle already built into `dir` (tests). */
  | { kind: 'built'; dir: string }
  /** Vite's dev transform of src/renderer/index.html, with HMR: a developer mode. */
  | { kind: 'dev-server' };

export interface DevWebOptions {
  /** 0: any free port (tests). */
  port?: number;
  mockPort?: number;
  scenario?: string;
  /** The mock server's data dir (default: node_modules/.cache/direct-loan-mock). */
  dataDir?: string;
  /** No Vite log (tests and the bench, whose refused requests would fill it). */
  quiet?: boolean;
  /** Default: the production bundle built into dist/web. */
  phoneApp?: PhoneAppSource;
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
  /** The folder the phone's app is served from (null in `dev-server` mode). */
  phoneBundleDir: string | null;
  close(): Promise<void>;
}

/** The bundle the phone loads, built (or being rebuilt) per `source`. */
async function preparePhoneApp(
  source: PhoneAppSource,
): Promise<{ mode: PhoneBundleMode; dir: string | null; bundle: PhoneBundle | null }> {
  switch (source.kind) {
    case 'dev-server':
      return { mode: 'dev-server', dir: null, bundle: null };
    case 'built':
      return { mode: 'shipped', dir: resolve(source.dir), bundle: null };
    case 'bundle': {
      const bundle = await buildPhoneBundle({
        ...(source.watch ? { watch: true } : {}),
        ...(source.outDir ? { outDir: source.outDir } : {}),
      });
      return { mode: source.watch ? 'watch' : 'shipped', dir: bundle.outDir, bundle };
    }
  }
}

/** `--phone=` as `npm run dev` takes it (scripts/dev-electron.ts). */
const PHONE_MODES = {
  watch: { kind: 'bundle', watch: true },
  hmr: { kind: 'dev-server' },
} as const;

export async function startDevWeb(options: DevWebOptions = {}): Promise<DevWeb> {
  const dataDir = options.dataDir ?? resolve(root, 'node_modules/.cache/direct-loan-mock');
  mkdirSync(dataDir, { recursive: true });
  const port = options.port === 0 ? await freePort() : (options.port ?? 5173);
  const ownOrigin = `http://127.0.0.1:${port}`;
  const phoneApp = await preparePhoneApp(options.phoneApp ?? { kind: 'bundle' });
  const mock = await createMockServer({
    port: options.mockPort ?? 0,
    dataDir,
    // The harness's pages call the mock server through this dev server's proxy; what reaches it
    // cross-origin comes from this dev server's origins only.
    allowedOrigins: [ownOrigin, `http://localhost:${port}`],
    ...(options.scenario ? { scenario: options.scenario } : {}),
  });
  const proxyToMock = { target: mock.url, changeOrigin: false };
  const vite = await createServer({
    configFile: false,
    root: resolve(root, 'src/renderer'),
    resolve: { alias: pathAliases(root) },
    publicDir: resolve(root, 'src/renderer/public'),
    plugins: [
      react(),
      framingGuard(),
      phoneAppPlugin({ mode: phoneApp.mode, bundleDir: phoneApp.dir, ownOrigin }),
      phoneWorkerPlugin(root),
    ],
    ...(options.quiet ? { logLevel: 'silent' as const } : {}),
    server: {
      host: '127.0.0.1',
      port,
      // The mock server allows exactly this origin: a silently moved port would be refused.
      strictPort: true,
      proxy: Object.fromEntries(
        MOCK_PROXIED.map((prefix) => [
          prefix === '/channel/app' ? '^/channel/app' : prefix,
          proxyToMock,
        ]),
      ),
      // Not Vite's defaults (any localhost page, the whole repository): scripts/devServerGuards.ts.
      ...devServerGuards({ root, port, dataDir }),
    },
  });
  await vite.listen();
  const base = vite.resolvedUrls?.local[0] ?? `${ownOrigin}/`;
  return {
    // The admin token rides in the fragment: the harness keeps it, no server ever sees it.
    harnessUrl: `${new URL('harness.html', base).href}#admin-token=${encodeURIComponent(mock.adminToken)}`,
    appUrl: base,
    mock,
    phoneBundleDir: phoneApp.dir,
    async close() {
      await vite.close();
      await mock.close();
      await phoneApp.bundle?.close();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'mock-port': { type: 'string' },
      scenario: { type: 'string' },
      phone: { type: 'string' },
    },
  });
  const phone = values.phone;
  if (phone !== undefined && !(phone in PHONE_MODES)) {
    console.error(
      `Unknown --phone=${phone}. Usage: npm run dev:web -- [--port N] [--mock-port N] [--scenario NAME] [--phone=watch|hmr]`,
    );
    process.exit(2);
  }
  const dev = await startDevWeb({
    port: values.port ? Number(values.port) : undefined,
    mockPort: values['mock-port'] ? Number(values['mock-port']) : undefined,
    scenario: values.scenario,
    phoneApp: phone ? PHONE_MODES[phone as keyof typeof PHONE_MODES] : { kind: 'bundle' },
  });
  console.log(`Mock server:     ${dev.mock.url}  (admin token ${dev.mock.adminToken})`);
  console.log(`Browser harness: ${dev.harnessUrl}`);
  console.log(`App alone:       ${dev.appUrl}`);
  console.log(
    dev.phoneBundleDir
      ? `Phone app:       the production bundle in ${dev.phoneBundleDir}${phone === 'watch' ? ', rebuilt on change' : ''}`
      : 'Phone app:       Vite dev server with hot reload (--phone=hmr): not the bundle that ships',
  );
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
