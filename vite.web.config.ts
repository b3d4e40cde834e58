import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { floorTargets } from './scripts/browser-targets.mjs';
import { contentSecurityPolicyMeta } from './scripts/contentSecurityPolicyPlugin.ts';
import { lazyCurve25519 } from './scripts/lazyCurve25519Plugin.ts';
import { libraryBuiltInsOnTheFloor } from './scripts/libraryBuiltInsOnTheFloorPlugin.ts';
import { pathAliases } from './scripts/pathAliases.ts';
import { firstOpen } from './scripts/preloadFirstNeedsPlugin.ts';
import { stylesheetsAfterLoadingPage } from './scripts/stylesheetsAfterLoadingPagePlugin.ts';
import { withoutMsrcrypto } from './scripts/withoutMsrcryptoPlugin.ts';

const root = import.meta.dirname;

/**
 * The entry chunk's name: `[name].[hash]`, a dot no hash-named chunk has (hashes are base64url),
 * so ENTRY_CHUNK tells it apart from every other chunk.
 */
const ENTRY_FILE_NAMES = 'assets/[name].[hash].js';
const ENTRY_CHUNK = /^assets\/[^/.]+\.[^/.]+\.js$/;

/**
 * The first open (scripts/preloadFirstNeedsPlugin.ts): index.html's preloads, early session and
 * first frame, and the three chunks of the first open, made from the import graph:
 * - `boot-shared`: what both entries import (the boot chunk's and the early session's, which
 *   share nothing else), e.g. the constants, and the peso format the early session's Home frame
 *   shares with pages a signed-out visitor opens (documents): one chunk, where rolldown left to
 *   itself made several small ones on the boot path (each a request);
 * - `session`: the rest of the early session's own graph (the API client, its crypto on the
 *   engine's WebCrypto) with its entry: the entry's one chunk in the page's wave, not a dozen
 *   requests (nor an entry and a chunk);
 * - `home-shared`: what Home, the entry URL's page, shares with the other tab pages (named in
 *   src/renderer/src/firstNeeds.ts): one chunk, where rolldown made one each, requests beside the
 *   boot chunk on a first open which, over HTTP/1.1's six connections per host, held back the
 *   early session's calls (the tab pages load it anyway; figures in bench/README.md).
 */
const firstOpenBuild = firstOpen(root);

/**
 * The production SPA bundle (`npm run build:web` → dist/web). Relative asset base so one build
 * deploys under any path; only index.html (never the harness). Each plugin's module says why.
 */
export default defineConfig({
  root: resolve(root, 'src/renderer'),
  base: './',
  publicDir: resolve(root, 'src/renderer/public'),
  plugins: [
    react(),
    stylesheetsAfterLoadingPage(),
    withoutMsrcrypto(),
    lazyCurve25519(root),
    libraryBuiltInsOnTheFloor(),
    firstOpenBuild.plugin,
    contentSecurityPolicyMeta(),
  ],
  resolve: {
    alias: {
      ...pathAliases(root),
      // react-router publishes its production build beside the development one but exports
      // only the latter, whose dev warnings stay in the bundle: the web build takes the former.
      'react-router/dom': resolve(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
      'react-router': resolve(root, 'node_modules/react-router/dist/production/index.mjs'),
      'use-sync-external-store/shim': resolve(root, 'src/renderer/src/lib/useSyncExternalStore.ts'),
    },
  },
  build: {
    outDir: resolve(root, 'dist/web'),
    modulePreload: {
      // No polyfill: where a browser of README "Browser support" has no modulepreload (Safari
      // before 17), the hint is ignored and the chunks load on import, only later.
      polyfill: false,
      // A lazy chunk importing from the entry lists it among its dependencies, and Vite's helper
      // preloads what no <link> names yet: the entry runs from a <script>, so it got a
      // modulepreload link of its own, which Firefox answers with an `error` event.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    emptyOutDir: true,
    // The browser floor (package.json browserslist, README "Browser support"): syntax above it
    // is lowered; scripts/check-floor.mjs checks the result, built-ins included.
    target: floorTargets(),
    rollupOptions: {
      // The session's start before the boot chunk (src/renderer/src/earlySession.ts): an entry
      // of its own, so its graph runs without the boot chunk (they share only `boot-shared`).
      input: {
        index: resolve(root, 'src/renderer/index.html'),
        earlySession: resolve(root, 'src/renderer/src/earlySession.ts'),
      },
      // The early session's entry keeps its export's name: index.html's inline script calls it
      // (Vite drops an app's entry signatures by default). `allow-extension`: the app's chunks
      // import the API client from that entry's chunk too.
      preserveEntrySignatures: 'allow-extension',
      // Lazy chunks and their stylesheets are named by hash alone: the entry chunk lists every
      // one of them for preloading (Vite's dependency map), and descriptive names would put text
      // no borrower reads on the boot path.
      output: {
        entryFileNames: ENTRY_FILE_NAMES,
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        // `boot-shared`, `session` and `home-shared` (firstOpenBuild above). What the boot chunk
        // loads later (the Signal library where the engine lacks an algorithm, the pages) stays
        // as rolldown splits it: one chunk of the API client with the crypto made the second open
        // and the app's own Home slower (bench/README.md).
        codeSplitting: { groups: firstOpenBuild.chunkGroups },
      },
    },
  },
});
