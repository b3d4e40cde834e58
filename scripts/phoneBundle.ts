/**
 * The phone's bundle: the production web build (vite.web.config.ts), the bytes `npm run build:web`
 * writes to dist/web, built once or rebuilt on every change. What the simulators' phones load
 * (docs/simulator.md "Electron"): `npm run build` writes it to out/web, `npm run dev` too
 * (`--phone=watch` keeps rebuilding it).
 */
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/** A phone bundle on disk; `close` stops a watching build (a one-off build has nothing to stop). */
export interface PhoneBundle {
  outDir: string;
  close(): Promise<void>;
}

/**
 * Builds the production web bundle into `outDir` (default dist/web, relative to the repository).
 * With `watch`, answers once the first build is written and rebuilds on every change until
 * closed; a first build that fails rejects.
 *
 * Vite builds for production only when NODE_ENV is unset or `production`: under a test runner
 * (Vitest sets `test`) it would stub Node built-ins with its development proxies and name the
 * chunks differently, other bytes than `npm run build:web`'s. So the build runs as production,
 * and a one-off build puts NODE_ENV back.
 */
export async function buildPhoneBundle(
  options: { watch?: boolean; outDir?: string } = {},
): Promise<PhoneBundle> {
  const outDir = path.resolve(root, options.outDir ?? 'dist/web');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.join(root, 'vite.web.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(options.watch ? { watch: {} } : {}) },
  }).finally(() => {
    if (options.watch) return;
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  if (!options.watch || !('on' in result)) return { outDir, close: async () => {} };
  const watcher = result;
  await new Promise<void>((resolve, reject) => {
    watcher.on('event', (event) => {
      if (event.code === 'END') resolve();
      if (event.code === 'ERROR') reject(event.error);
    });
  });
  return { outDir, close: () => watcher.close() };
}
