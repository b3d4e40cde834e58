/**
 * The simulator's build (out/: renderer with harness.html, Electron main and preload), redone only
 * when a source is newer than an output. Used by the harness e2e specs and `npm run shots`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'out/renderer/harness.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The build's outputs: the renderer, and Electron's main and preload (one build makes all). */
const outputs = [
  built,
  'out/renderer/phone.html',
  'out/main/index.js',
  'out/preload/index.cjs',
].map((f) => path.resolve(root, f));

/** Builds out/ unless it is newer than every source it is built from (main embeds mock-server). */
export function ensureRendererBuild(): void {
  const sources = [
    'src/renderer',
    'src/host',
    'src/shared',
    'src/main',
    'src/preload',
    'mock-server',
  ].map((d) => path.join(root, d));
  const stale =
    !outputs.every((f) => existsSync(f)) ||
    Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < Math.max(...sources.map(newestMtime));
  if (!stale) return;
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}
