/**
 * Vitest global setup of the `electron` project: the builds the built-main test loads — out/
 * (`npm run build`: main, preload, the panel and the phone's bundle) when older than its sources,
 * and dist/web as `npm run build:web` makes it, the bytes the phone's must equal — made before
 * any test file runs. Built inside a test they took the CPU from every other file of the run.
 */
import { buildPhoneBundle } from '../../scripts/phoneBundle';
import { ensureRendererBuild } from '../../scripts/renderer-build';

export default async function electronBuilds(): Promise<void> {
  ensureRendererBuild();
  await buildPhoneBundle();
}
