/**
 * `npm run build`: the Electron simulator, whole — electron-vite's main, preload and renderer
 * (the control panel) into out/, and the phone's bundle, the production web build byte for byte
 * `npm run build:web`'s, into out/web, which the phone's app:// handler serves.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildPhoneBundle } from './phoneBundle';

const root = path.resolve(import.meta.dirname, '..');
// A build is for production, whoever runs it: a test runner's NODE_ENV=test would make Vite
// (and electron-vite) build development stand-ins into the bundles (scripts/phoneBundle.ts).
process.env.NODE_ENV = 'production';

execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
  cwd: root,
  stdio: 'inherit',
});
const phone = await buildPhoneBundle({ outDir: 'out/web' });
console.log(`The phone's bundle (the production web build): ${path.relative(root, phone.outDir)}`);
