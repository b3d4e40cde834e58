import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * Inside a native host (the bridge is injected before any page script) the first screen's calls
 * need the API client (endpoint table, zod) and the crypto library, so index.html starts fetching
 * their chunks in parallel with the boot chunk instead of after it has run. On the web (no
 * bridge) nothing changes: they load when needed. Issue 8: the crypto library loads in parallel
 * with booting.
 */
function preloadApiClientInsideHosts(): Plugin {
  return {
    name: 'preload-api-client-inside-hosts',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const boot = new Set<string>();
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry) for (const file of [entry.fileName, ...entry.imports]) boot.add(file);
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (boot.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) add(imported);
        };
        for (const chunk of chunks) {
          if (
            Object.keys(chunk.modules).some((id) =>
              /[\\/](libsignal-protocol-typescript|curve25519-typescript)[\\/]|[\\/]src[\\/]shared[\\/](transport[\\/]client|api[\\/]endpoints)\.ts$/.test(
                id,
              ),
            )
          ) {
            add(chunk.fileName);
          }
        }
        if (files.size === 0) return html;
        const script = `<script>
      if (window.nativeBridge) {
        for (const href of ${JSON.stringify([...files].map((file) => `./${file}`))}) {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = href;
          document.head.appendChild(link);
        }
      }
    </script>`;
        return html.replace('</head>', `  ${script}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [
    react(),
    stylesheetsAfterLoadingPage(),
    withoutMsrcrypto(),
    preloadApiClientInsideHosts(),
  ],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
  },
});
