/**
 * One way to write an import (docs/architecture.md "Layers and imports"): within the importer's
 * folder (the same directory or below) a relative path; across folders the alias that names the
 * target's tree (`@shared/…`, `@host/…`, `@renderer/…`, `@fixtures/…`, `@tests/…`, from
 * `tsconfig.json`'s `paths`), else a relative path. A TypeScript module is named without its
 * extension, a directory's `index` as the specifier named it.
 *
 * Modules loaded before any alias applies name the file itself, relative and with its extension:
 * what a Vite or Vitest config imports (a config is bundled before aliases apply, and Vite's
 * `configLoader: 'native'`, its planned default, loads it with Node's resolution), and plain
 * JavaScript modules that Node runs as they are.
 */
import path from 'node:path';
import type { ImportRef } from './importGraph';

export interface Alias {
  /** `@shared` */
  readonly name: string;
  /** `src/shared`, from the repository root */
  readonly dir: string;
}

/** Extensions a specifier leaves out: the bundler, TypeScript and tsx add them. */
const OMITTED = /\.tsx?$/;

const posix = path.posix;

/** How `ref` is written under the rule; `native`: its module is loaded before aliases apply. */
export function expectedSpecifier(
  ref: ImportRef,
  aliases: readonly Alias[],
  native: boolean,
): string | undefined {
  if (ref.target.kind !== 'file') return undefined;
  const target = ref.target.path;
  const queryAt = ref.specifier.indexOf('?');
  const query = queryAt === -1 ? '' : ref.specifier.slice(queryAt);
  const written = queryAt === -1 ? ref.specifier : ref.specifier.slice(0, queryAt);

  let named = target;
  if (!native) {
    const base = posix.basename(target);
    const namesIndex = /^index\.[cm]?[jt]sx?$/.test(base) && posix.basename(written) !== 'index';
    if (namesIndex && !/\.[cm]?[jt]sx?$/.test(written)) named = posix.dirname(target);
    else if (OMITTED.test(target)) named = target.replace(OMITTED, '');
  }

  const from = posix.dirname(ref.file);
  const inside = from === '.' ? true : named.startsWith(`${from}/`);
  if (inside) return `./${posix.relative(from, named)}${query}`;
  if (!native) {
    const alias = aliases
      .filter((a) => named === a.dir || named.startsWith(`${a.dir}/`))
      .sort((a, b) => b.dir.length - a.dir.length)[0];
    if (alias) {
      const rest = posix.relative(alias.dir, named);
      return `${alias.name}${rest ? `/${rest}` : ''}${query}`;
    }
  }
  return `${posix.relative(from, named)}${query}`;
}
