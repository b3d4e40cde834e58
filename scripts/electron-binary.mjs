// Finds the Electron binary WITHOUT triggering its lazy download (requiring the `electron`
// package would try to fetch it, which fails or hangs offline). Used by `npm run dev` and the
// `_electron` e2e specs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

/** One sentence: why there is no binary and how to get one. */
export const NO_ELECTRON_MESSAGE =
  'No Electron binary is installed (Electron downloads it on first use, which needs internet ' +
  'access), so this starts the browser harness instead; to get the desktop simulator run ' +
  '`npx electron --version` (or reinstall the electron package) where downloads are allowed.';

/** Absolute path of the Electron executable, or null when it is not downloaded. */
export function findElectronBinary() {
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(packageDir, 'dist');
  if (!relative && !process.env.ELECTRON_OVERRIDE_DIST_PATH) return null;
  const binary = join(distDir, relative || 'electron');
  return existsSync(binary) ? binary : null;
}
