import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { devServerGuards } from './scripts/devServerGuards.ts';
import { pathAliases } from './scripts/pathAliases.ts';
import { phoneWorkerPlugin } from './scripts/phoneWorkerPlugin.ts';

const resolveAliases = { alias: pathAliases(import.meta.dirname) };

/** The simulator: main, preload and the renderer (the SPA plus the harness control panel). */
export default defineConfig({
  main: {
    resolve: resolveAliases,
    build: {
      outDir: 'out/main',
      // Electron loads main with Node's own ESM loader (`"type": "module"`), which resolves a
      // bare import exactly as written: `semver/functions/gte` (src/host/handlers/sideEffects.ts)
      // names a file without its `.js` in a package without an `exports` map, which Node refuses.
      // Bundled, semver is part of main. src/main/builtMain.test.ts loads the build that way.
      externalizeDeps: { exclude: ['semver'] },
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    resolve: resolveAliases,
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    resolve: resolveAliases,
    // The harness's phone service worker (out/renderer/phone-sw.js): the simulator only.
    plugins: [react(), phoneWorkerPlugin(import.meta.dirname)],
    // `npm run dev` serves the renderer as dev:web does: not to other local pages, and none of
    // the repository beyond what the pages import (scripts/devServerGuards.ts).
    server: devServerGuards({
      root: import.meta.dirname,
      port: 5173,
      dataDir: resolve(import.meta.dirname, '.mock-data'),
    }),
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          harness: resolve(import.meta.dirname, 'src/renderer/harness.html'),
          // The harness phone's relay on the phone's own origin (src/shared/phoneRelay.ts).
          phone: resolve(import.meta.dirname, 'src/renderer/phone.html'),
        },
      },
    },
  },
});
