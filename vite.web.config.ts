import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The production SPA bundle (`npm run build:web` → dist/web). Relative asset base so one build
 * deploys under any path; only index.html (never the harness).
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
  },
});
