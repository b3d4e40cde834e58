// `npm run dev`: the Electron simulator (scripts/dev-electron.ts: the phone's production bundle,
// then electron-vite dev; main starts the embedded mock server). Where no Electron binary can be
// had, says so in one sentence and starts the browser harness (what `npm run dev:web` runs), so
// this command always gives a working simulator.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { findElectronBinary, NO_ELECTRON_MESSAGE } from './electron-binary.mjs';

const root = resolve(import.meta.dirname, '..');
const binary = findElectronBinary();
const script = binary ? 'scripts/dev-electron.ts' : 'scripts/dev-web.ts';
if (!binary) console.warn(NO_ELECTRON_MESSAGE);

const child = spawn(
  process.execPath,
  ['node_modules/tsx/dist/cli.mjs', script, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
