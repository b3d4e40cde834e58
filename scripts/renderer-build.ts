/**
 * The simulator's build (`npm run build`, scripts/build.ts: out/ with the renderer and its
 * harness.html, Electron main and preload, and the phone's production web bundle out/web),
 * redone only when a source is newer than an output. Used by the harness and Electron specs,
 * the built main's unit test and `npm run shots`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'out/renderer/harness.html');

function newestMtime(dir: string): number {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The build's outputs: the renderer, Electron's main and preload, the phone's bundle. */
const outputs = [
  built,
  'out/renderer/phone.html',
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/web/index.html',
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
    'scripts',
    'electron.vite.config.ts',
    'vite.web.config.ts',
  ].map((d) => path.join(root, d));
  const stale =
    !outputs.every((f) => existsSync(f)) ||
    Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < Math.max(...sources.map(newestMtime));
  if (!stale) return;
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
}
