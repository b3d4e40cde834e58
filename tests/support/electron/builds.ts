/**
 * Vitest global setup of the `electron` project: the builds the built-main test loads — out/
 * (`npm run build`: main, preload, the panel and the phone's bundle) when older than its sources,
 * and dist/web made by `npm run build:web` itself, in the environment a developer runs it in
 * (without Vitest's NODE_ENV=test), the bytes the phone's must equal — made before any test file
 * runs. Built inside a test they took the CPU from every other file of the run.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureRendererBuild } from '../../../scripts/renderer-build';

const root = path.resolve(import.meta.dirname, '../../..');

export default function electronBuilds(): void {
  ensureRendererBuild();
  const { NODE_ENV: _test, ...env } = process.env;
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build:web'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
