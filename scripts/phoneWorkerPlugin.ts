/**
 * Serves the browser harness's phone service worker (src/renderer/src/harness/phoneWorker) as
 * `/phone-sw.js` at the app's base, bundled on its own into one classic script: emitted by the
 * simulator's renderer build (electron.vite.config.ts) and answered by the dev server
 * (scripts/dev-web.ts). The SPA's web build (vite.web.config.ts) never includes it.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { pathAliases } from './pathAliases.ts';
import { PHONE_WORKER_SCRIPT } from '../src/renderer/src/harness/phoneWorker/protocol.ts';

/** The worker bundled into one script (no imports: a classic service worker). */
async function bundlePhoneWorker(root: string, minify: boolean): Promise<string> {
  const entry = path.join(root, 'src/renderer/src/harness/phoneWorker/worker.ts');
  const result = await build({
    configFile: false,
    root: path.dirname(entry),
    publicDir: false,
    resolve: { alias: pathAliases(root) },
    logLevel: 'silent',
    build: {
      write: false,
      minify,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'simPhoneWorker', fileName: () => 'phone-sw.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('The phone service worker did not bundle');
  return chunk.code;
}

/** The worker's folder: every module it bundles is in it. */
function phoneWorkerDir(root: string): string {
  return path.join(root, 'src/renderer/src/harness/phoneWorker');
}

/**
 * `build` run once and its result kept until `invalidate` (a failed build is not kept). The dev
 * server answered every `/phone-sw.js` with a fresh bundle: 20 requests at once, no token
 * needed, took 5 s of the machine.
 */
export function keptUntilChanged<T>(build: () => Promise<T>): {
  get(): Promise<T>;
  invalidate(): void;
} {
  let kept: Promise<T> | undefined;
  return {
    get() {
      if (!kept) {
        const building = build();
        kept = building;
        building.catch(() => {
          if (kept === building) kept = undefined;
        });
      }
      return kept;
    },
    invalidate() {
      kept = undefined;
    },
  };
}

/**
 * `root`: the repository (configs are bundled elsewhere before they run, so this file cannot
 * find its own place).
 */
export function phoneWorkerPlugin(root: string): Plugin {
  return {
    name: 'harness-phone-worker',
    configureServer(server) {
      const bundle = keptUntilChanged(() => bundlePhoneWorker(root, false));
      const dir = `${phoneWorkerDir(root)}${path.sep}`;
      const onFileEvent = (file: string) => {
        if (path.resolve(file).startsWith(dir)) bundle.invalidate();
      };
      for (const event of ['add', 'change', 'unlink'] as const)
        server.watcher.on(event, onFileEvent);
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${PHONE_WORKER_SCRIPT}`) return next();
        bundle.get().then((code) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: PHONE_WORKER_SCRIPT,
        source: await bundlePhoneWorker(root, true),
      });
    },
  };
}
