/**
 * The path aliases of every build, test and dev server, read from `tsconfig.json`'s `paths` so they
 * are written once: TypeScript, Biome, tsx and Playwright read that file themselves; Vite and
 * Vitest take this map (`resolve.alias`). `@shared/…` is `src/shared`, `@host/…` `src/host`,
 * `@renderer/…` `src/renderer/src`, `@fixtures/…` `fixtures` (docs/architecture.md "Layers and
 * imports").
 *
 * A Vite config file is bundled with plain Node resolution before any alias applies, so the
 * modules a config imports (scripts/*, and what they import) use relative paths.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');

interface TsconfigPaths {
  compilerOptions: { paths: Record<string, string[]> };
}

/** `{ '@shared': '/abs/src/shared', … }` from `"@shared/*": ["./src/shared/*"]`. */
export function pathAliases(root: string = ROOT): Record<string, string> {
  // tsconfig.json stays plain JSON (no comments) so this needs no parser of its own.
  const { compilerOptions } = JSON.parse(
    readFileSync(path.join(root, 'tsconfig.json'), 'utf8'),
  ) as TsconfigPaths;
  return Object.fromEntries(
    Object.entries(compilerOptions.paths).map(([pattern, [target]]) => {
      if (!pattern.endsWith('/*') || !target?.endsWith('/*')) {
        throw new Error(`tsconfig.json paths: ${pattern} must map "<alias>/*" to "<dir>/*"`);
      }
      return [pattern.slice(0, -2), path.join(root, target.slice(0, -2))];
    }),
  );
}
