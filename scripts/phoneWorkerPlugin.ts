/**
 * Serves the browser harness's phone service worker (src/renderer/src/harness/phoneWorker) as
 * `/phone-sw.js` at the app's base, bundled on its own into one classic script: emitted by the
 * simulator's renderer build (electron.vite.config.ts) and answered by the dev server
 * (scripts/dev-web.ts). The SPA's web build (vite.web.config.ts) never includes it.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { PHONE_WORKER_SCRIPT } from '../src/renderer/src/harness/phoneWorker/protocol';

/** The worker bundled into one script (no imports: a classic service worker). */
export async function bundlePhoneWorker(root: string, minify: boolean): Promise<string> {
  const entry = path.join(root, 'src/renderer/src/harness/phoneWorker/worker.ts');
  const result = await build({
    configFile: false,
    root: path.dirname(entry),
    publicDir: false,
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

/**
 * `root`: the repository (configs are bundled elsewhere before they run, so this file cannot
 * find its own place).
 */
export function phoneWorkerPlugin(root: string): Plugin {
  return {
    name: 'harness-phone-worker',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${PHONE_WORKER_SCRIPT}`) return next();
        bundlePhoneWorker(root, false).then((code) => {
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
