import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { floorTargets } from './scripts/browser-targets.mjs';
import { AREA_CODES, DEFAULT_AREA_CODE, SMS_CODE_LENGTH } from './src/shared/constants';
import { inlineScriptHashes, webCsp } from './src/shared/csp';

/**
 * Moves the app's stylesheets from <head> to the end of <body>: the Loading page (inline styles)
 * then paints before they arrive, while module scripts still wait for them (a script never runs
 * before the stylesheets parsed ahead of it), so React never renders unstyled. Issue 8: first
 * contentful paint on a slow network.
 */
function stylesheetsAfterLoadingPage(): Plugin {
  return {
    name: 'stylesheets-after-loading-page',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        return links.length
          ? head.replace('</body>', `  ${links.join('\n    ')}\n  </body>`)
          : html;
      },
    },
  };
}

/**
 * The production SPA bundle (`npm run build:web` → dist/web). Relative asset base so one build
 * deploys under any path; only index.html (never the harness).
 */
/**
 * Drops msrcrypto (~230 kB, a pure-JS WebCrypto the Signal library falls back to when
 * `globalThis.crypto` is missing) from the crypto chunk: the app refuses to start the library
 * without WebCrypto anyway (InsecureContextError in src/shared/transport/webCrypto.ts), so the
 * fallback is never used. Issue 8: slim crypto build.
 */
function withoutMsrcrypto(): Plugin {
  const stub = '\0msrcrypto-unused';
  return {
    name: 'without-msrcrypto',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        /\/msrcrypto(\.js)?$/.test(source) &&
        importer?.includes('libsignal-protocol-typescript')
      ) {
        return stub;
      }
      return null;
    },
    load(id) {
      return id === stub ? 'module.exports = {};' : null;
    },
  };
}

/**
 * Keeps curve25519-typescript (72 kB gzip of asm.js) out of the Signal library's chunk: the library
 * imports it at load for its default curve, which the app always replaces (signatures on
 * src/shared/transport/xeddsa.ts, agreement on WebCrypto X25519). The stand-in forwards to the
 * real module, imported on first use, so the fallback where WebCrypto has no X25519 still works
 * (src/shared/transport/signal.ts imports it too, lazily). Issue 8: until Home interactive.
 */
export function lazyCurve25519(): Plugin {
  const stub = '\0curve25519-lazy';
  return {
    name: 'lazy-curve25519',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@privacyresearch/curve25519-typescript' &&
        importer?.includes('libsignal-protocol-typescript')
      ) {
        return stub;
      }
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return `let real;
const load = () => (real ??= import('@privacyresearch/curve25519-typescript').catch((error) => {
  real = undefined;
  throw error;
}));
let curve;
const asyncCurve = () => (curve ??= load().then((m) => new m.AsyncCurve25519Wrapper()));
export class AsyncCurve25519Wrapper {
  keyPair(privKey) { return asyncCurve().then((c) => c.keyPair(privKey)); }
  sharedSecret(pubKey, privKey) { return asyncCurve().then((c) => c.sharedSecret(pubKey, privKey)); }
  sign(privKey, message) { return asyncCurve().then((c) => c.sign(privKey, message)); }
  verify(pubKey, message, sig) { return asyncCurve().then((c) => c.verify(pubKey, message, sig)); }
}
export class Curve25519Wrapper {
  static create() { return load().then((m) => m.Curve25519Wrapper.create()); }
}
`;
    },
  };
}

/**
 * Libraries' calls of `Object.hasOwn` (Safari 15.4, Chrome 93), rewritten to the call every
 * engine of the floor has (README "Browser support"): @noble/curves and @noble/hashes check
 * their options with it as their modules load, so below those versions the crypto chunk threw
 * before the first secure call. The app's own code uses src/shared/portable.ts instead;
 * scripts/check-floor.mjs finds any other built-in above the floor.
 */
function libraryBuiltInsOnTheFloor(): Plugin {
  const call = 'Object.hasOwn(';
  return {
    name: 'library-built-ins-on-the-floor',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes('/node_modules/') || !code.includes(call)) return null;
      return { code: code.replaceAll(call, 'Object.prototype.hasOwnProperty.call('), map: null };
    },
  };
}

/** Module ids (normalised to `/`) whose chunks index.html preloads, by what they are for. */
const FIRST_NEEDS = {
  /** Booting inside a native host: the bridge's host implementation. */
  host: /\/src\/renderer\/src\/native\/nativeBridgeHost\.ts$/,
  /** Booting on the web: the web host implementation. */
  web: /\/src\/renderer\/src\/native\/webHost\.ts$/,
  /** A signed-in first screen's calls: the API client, its endpoint table, the crypto library. */
  api: /\/(libsignal-protocol-typescript|@noble\/curves)\/|\/src\/shared\/(transport\/(client|xeddsa)|api\/endpoints)\.ts$|\/src\/renderer\/src\/services\/signalSessions\.ts$/,
  /** The first page signed out: Login. */
  login: /\/src\/renderer\/src\/features\/login\/LoginScreen\.tsx$/,
};

/** Home's screen: its stylesheets style the first frame index.html paints on a second open. */
const HOME_SCREEN = /\/src\/renderer\/src\/features\/home\/HomeScreen\.tsx$/;
const FIRST_FRAME_SCRIPT = resolve(import.meta.dirname, 'src/renderer/inline/firstFrame.js');

/**
 * index.html starts fetching, in parallel with the boot chunk, what the page needs first and the
 * boot chunk could only ask for once it has run (each a round trip later on a slow network):
 * the host implementation of this page (the bridge's inside a native host, else the web's), and
 * what the first page needs — Login for a borrower signed out; inside a host or with a saved
 * login, the API client with the crypto library (the first calls wait for them). Stylesheets of
 * those chunks are preloaded too. Home's own chunks are not: sharing the slow link with the boot
 * chunk and the crypto library they delayed the handshake by more than they saved (measured:
 * cold Home 2.40 s with them, 2.26 s without); main.tsx asks for them once the boot chunk runs,
 * and they arrive before Home's data. bench/README.md counts the host implementation in the
 * boot path and the rest in the Login and Home figures.
 */
function preloadFirstNeeds(): Plugin {
  return {
    name: 'preload-first-needs',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const boot = new Set<string>();
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry) for (const file of [entry.fileName, ...entry.imports]) boot.add(file);
        /** The chunks holding matching modules, their imports off the boot path, their CSS. */
        const filesOf = (pattern: RegExp): string[] => {
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (boot.has(fileName) || files.has(fileName)) return;
            files.add(fileName);
            const chunk = chunks.find((c) => c.fileName === fileName);
            for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
            for (const imported of chunk?.imports ?? []) add(imported);
          };
          for (const chunk of chunks) {
            const ids = Object.keys(chunk.modules).map((id) => id.replaceAll('\\', '/'));
            if (ids.some((id) => pattern.test(id))) add(chunk.fileName);
          }
          return [...files].map((file) => `./${file}`);
        };
        const preloads = Object.fromEntries(
          Object.entries(FIRST_NEEDS).map(([need, pattern]) => [need, filesOf(pattern)]),
        );
        const css = (files: string[]) => files.filter((file) => file.endsWith('.css'));
        // What the first frame needs (src/renderer/inline/firstFrame.js): Home's and Login's
        // stylesheets, and Login's area codes on the web (rules/loginValidation.ts).
        const needs = {
          homeCss: css(filesOf(HOME_SCREEN)),
          loginCss: css(filesOf(FIRST_NEEDS.login)),
          areaCodes: AREA_CODES,
          defaultAreaCode: DEFAULT_AREA_CODE,
          codeLength: SMS_CODE_LENGTH,
        };
        const firstFrame = readFileSync(FIRST_FRAME_SCRIPT, 'utf8');
        const script = `<script>
      (() => {
        const preloads = ${JSON.stringify(preloads)};
        const inHost = Boolean(window.nativeBridge);
        let signedIn = inHost;
        // No optional chaining: this script is not lowered to the browser floor like the bundle.
        try {
          signedIn ||= Boolean((JSON.parse(localStorage.getItem('dl.user') ?? 'null') || {}).tokenValue);
        } catch {}
        const files = new Set([
          ...(inHost ? preloads.host : preloads.web),
          ...(signedIn ? preloads.api : preloads.login),
        ]);
        for (const href of files) {
          const link = document.createElement('link');
          if (href.endsWith('.css')) {
            link.rel = 'preload';
            link.as = 'style';
          } else {
            link.rel = 'modulepreload';
          }
          // As Vite's own preloads and stylesheet links ask: a preload made otherwise is not used.
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        }
      })();
    </script>`;
        // The first frame: Home's kept one, or Login (src/renderer/inline/firstFrame.js),
        // minified: every page load carries it in the HTML.
        const frameCode = minifySync(
          'firstFrame.js',
          `(() => {\n${firstFrame}\npaintFirstFrame(window, ${JSON.stringify(needs)});\n})();`,
          { compress: true, mangle: true },
        ).code.trim();
        const frameScript = `<script>${frameCode}</script>`;
        return html.replace('</head>', `  ${script}\n    ${frameScript}\n  </head>`);
      },
    },
  };
}

/**
 * The web build's Content-Security-Policy as a meta tag (src/shared/csp.ts), with the hashes of
 * index.html's own inline scripts computed from the final page. First in <head>, so it governs
 * every script that follows.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const policy = webCsp({ scriptHashes: inlineScriptHashes(html) });
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
        return html.replace(/<head(\s[^>]*)?>/i, (tag) => `${tag}\n    ${meta}`);
      },
    },
  };
}

/**
 * The entry chunk's name: `[name].[hash]`, a dot no hash-named chunk has (hashes are base64url),
 * so ENTRY_CHUNK tells it apart from every other chunk.
 */
const ENTRY_FILE_NAMES = 'assets/[name].[hash].js';
const ENTRY_CHUNK = /^assets\/[^/.]+\.[^/.]+\.js$/;

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [
    react(),
    stylesheetsAfterLoadingPage(),
    withoutMsrcrypto(),
    lazyCurve25519(),
    libraryBuiltInsOnTheFloor(),
    preloadFirstNeeds(),
    contentSecurityPolicyMeta(),
  ],
  resolve: {
    alias: {
      // react-router publishes its production build beside the development one but exports
      // only the latter, whose dev warnings stay in the bundle: the web build takes the former.
      'react-router/dom': resolve(
        import.meta.dirname,
        'node_modules/react-router/dist/production/dom-export.mjs',
      ),
      'react-router': resolve(
        import.meta.dirname,
        'node_modules/react-router/dist/production/index.mjs',
      ),
      'use-sync-external-store/shim': resolve(
        import.meta.dirname,
        'src/renderer/src/lib/useSyncExternalStore.ts',
      ),
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
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
      input: resolve(import.meta.dirname, 'src/renderer/index.html'),
      // Lazy chunks and their stylesheets are named by hash alone: the entry chunk lists every
      // one of them for preloading (Vite's dependency map), and descriptive names cost the boot
      // path ≈ 1 kB gzip of text no borrower reads.
      output: {
        entryFileNames: ENTRY_FILE_NAMES,
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
});
