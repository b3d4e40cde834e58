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
 * need the crypto library, so index.html starts fetching its chunks in parallel with the boot
 * chunk instead of after it has run. On the web (no bridge) nothing changes: the library loads
 * when needed. Issue 8: the crypto library loads in parallel with booting.
 */
function preloadCryptoInsideHosts(): Plugin {
  return {
    name: 'preload-crypto-inside-hosts',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
          .filter(
            (output) =>
              output.type === 'chunk' &&
              Object.keys(output.modules).some((id) =>
                /[\\/](libsignal-protocol-typescript|curve25519-typescript)[\\/]/.test(id),
              ),
          )
          .map((output) => `./${output.fileName}`);
        if (files.length === 0) return html;
        const script = `<script>
      if (window.nativeBridge) {
        for (const href of ${JSON.stringify(files)}) {
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
  plugins: [react(), stylesheetsAfterLoadingPage(), withoutMsrcrypto(), preloadCryptoInsideHosts()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
  },
});
