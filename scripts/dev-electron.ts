/**
 * `npm run dev` with an Electron binary: builds the phone's bundle — the production web build,
 * the bytes that ship (scripts/phoneBundle.ts) — into out/web, then runs electron-vite dev (main
 * and preload rebuilt on change, the control panel with hot reload). Developer modes for the
 * phone, each labelled in the panel (src/host/phoneBundle.ts):
 *   --phone=watch  rebuild out/web on every change (reload the app to see one);
 *   --phone=hmr    the phone from Vite's dev server with hot reload, not the bundle that ships.
 * Other arguments go to electron-vite.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildPhoneBundle, type PhoneBundle } from './phoneBundle';

const root = path.resolve(import.meta.dirname, '..');
const PHONE_MODES = { watch: 'watch', hmr: 'dev-server' } as const;
const USAGE = 'Usage: npm run dev -- [--phone=watch|hmr] [electron-vite dev options]';

const args = process.argv.slice(2);
const phoneArg = args.find((arg) => arg.startsWith('--phone='));
const choice = phoneArg?.slice('--phone='.length);
if (choice !== undefined && !(choice in PHONE_MODES)) {
  console.error(`Unknown --phone=${choice}. ${USAGE}`);
  process.exit(2);
}
const mode = choice ? PHONE_MODES[choice as keyof typeof PHONE_MODES] : 'shipped';

let phone: PhoneBundle | null = null;
if (mode !== 'dev-server') {
  console.log(`Building the phone's bundle (the production web build) into out/web…`);
  phone = await buildPhoneBundle({ outDir: 'out/web', watch: mode === 'watch' });
}

const child = spawn(
  process.execPath,
  [
    'node_modules/electron-vite/bin/electron-vite.js',
    'dev',
    ...args.filter((arg) => arg !== phoneArg),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DL_PHONE: mode } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  void (phone?.close() ?? Promise.resolve()).finally(() => {
    process.exit(code ?? (signal ? 1 : 0));
  });
});
