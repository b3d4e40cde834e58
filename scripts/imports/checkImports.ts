/**
 * The import check of `npm run lint`: every import of the repository against the layers' table
 * (layers.ts) and the one import style (importStyle.ts). `tsx scripts/imports/checkImports.ts`
 * reports; with `--write` it also rewrites every import that breaks the style (run it again after
 * a merge: it is how the style was applied).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathAliases } from '../pathAliases';
import { type ImportRef, type ModuleImports, readImportGraph } from './importGraph';
import { type Alias, expectedSpecifier } from './importStyle';
import { isTestFile, LAYERS, type Layer, SEAMS, TEST_SEES } from './layers';

/** The configs whose imports load before aliases apply (importStyle.ts). */
const CONFIGS = ['vite.web.config.ts', 'vitest.config.ts', 'electron.vite.config.ts'];

/** Plain JavaScript that Node runs as it is. */
const PLAIN_JS = /\.[cm]?js$/;

export interface Breach {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly rule: 'layers' | 'apart' | 'refused' | 'style' | 'unresolved' | 'no layer';
  readonly message: string;
  /** The specifier the style asks for (rule `style`). */
  readonly fix?: string;
}

type Layers = Readonly<Record<string, Layer>>;

/** The layer holding `file`: the one whose folder or file names it most closely. */
function layerOf(file: string, layers: Layers = LAYERS): string | undefined {
  let best: { name: string; length: number } | undefined;
  for (const [name, layer] of Object.entries(layers)) {
    for (const held of layer.holds) {
      const holds = held.endsWith('/') ? file.startsWith(held) : file === held;
      if (holds && (!best || held.length > best.length)) best = { name, length: held.length };
    }
  }
  return best?.name;
}

/** What `name` sees: itself and, through its uses, every layer under it. */
function seenBy(name: string, layers: Layers, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const uses = layers[name]?.uses ?? [];
  for (const used of uses === '*' ? Object.keys(layers) : uses) seenBy(used, layers, seen);
  return seen;
}

/** The folder directly under an `apart` layer's folder that holds `file`. */
function unitOf(file: string, layer: Layer): string | undefined {
  const held = layer.holds.find((h) => h.endsWith('/') && file.startsWith(h));
  return held && file.slice(held.length).split('/')[0];
}

function refusal(ref: ImportRef, layer: Layer): string | undefined {
  const { target } = ref;
  if (target.kind === 'builtin') return layer.refuses?.['node:*'] ?? layer.refuses?.[target.name];
  if (target.kind === 'package') return layer.refuses?.[target.name];
  return undefined;
}

/** The files loaded before aliases apply: what the configs import, and what that imports. */
function loadedBeforeAliases(graph: readonly ModuleImports[]): Set<string> {
  const byFile = new Map(graph.map((m) => [m.file, m]));
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const ref of byFile.get(file)?.imports ?? []) {
      if (ref.target.kind === 'file' && byFile.has(ref.target.path)) visit(ref.target.path);
    }
  };
  for (const config of CONFIGS) if (byFile.has(config)) visit(config);
  for (const m of graph) if (PLAIN_JS.test(m.file)) loaded.add(m.file);
  return loaded;
}

/** The aliases of `tsconfig.json`, their folders from the root. */
export function aliasesOf(root: string): Alias[] {
  return Object.entries(pathAliases(root)).map(([name, dir]) => ({
    name,
    dir: path.relative(root, dir).split(path.sep).join('/'),
  }));
}

const below = (layer: string, seen: Set<string>) =>
  [...seen].filter((name) => name !== layer).join(', ') || 'nothing else';

/** The breaches of the layers' table in the imports of `file`, which stands in layer `from`. */
function layerBreaches(
  file: string,
  imports: readonly ImportRef[],
  from: string,
  test: boolean,
  layers: Layers,
): Breach[] {
  const breaches: Breach[] = [];
  const layer = layers[from] as Layer;
  const sees = seenBy((test && layer.testsSee) || from, layers);
  if (test) for (const extra of TEST_SEES) sees.add(extra);
  for (const ref of imports) {
    const at = { file, line: ref.line, specifier: ref.specifier };
    const { target } = ref;
    if (target.kind === 'unresolved') continue;
    if (target.kind !== 'file') {
      const refused = test ? undefined : refusal(ref, layer);
      if (refused) {
        breaches.push({ ...at, rule: 'refused', message: `${from} never imports it: ${refused}` });
      }
      continue;
    }
    // A source read as text (`?raw`) is data, not a dependency.
    if (ref.specifier.includes('?raw')) continue;
    const to = layerOf(target.path, layers);
    if (!to) {
      breaches.push({ ...at, rule: 'no layer', message: `${target.path} stands in no layer` });
    } else if (to === from) {
      const unit = layer.apart && unitOf(file, layer);
      const other = layer.apart && unitOf(target.path, layer);
      const seam = SEAMS.some((s) => s.from === file && s.to === target.path);
      if (unit !== other && !seam) {
        breaches.push({
          ...at,
          rule: 'apart',
          message: `${from}/${unit} never imports ${from}/${other}: what both need goes below them (components, stores, rules, lib)`,
        });
      }
    } else if (!sees.has(to)) {
      breaches.push({
        ...at,
        rule: 'layers',
        message: `${from} sees ${below(from, sees)}; ${to} is not under it`,
      });
    }
  }
  return breaches;
}

/** Every breach of the layers and the style in `graph`. */
export function breachesOf(
  graph: readonly ModuleImports[],
  aliases: readonly Alias[],
  layers: Layers = LAYERS,
): Breach[] {
  const breaches: Breach[] = [];
  const native = loadedBeforeAliases(graph);
  for (const { file, imports } of graph) {
    const from = layerOf(file, layers);
    const test = isTestFile(file);
    if (!from) {
      breaches.push({
        file,
        line: 1,
        specifier: '',
        rule: 'no layer',
        message: 'stands in no layer: place its folder in scripts/imports/layers.ts',
      });
    }
    for (const ref of imports) {
      const at = { file, line: ref.line, specifier: ref.specifier };
      const expected = expectedSpecifier(ref, aliases, native.has(file));
      if (expected !== undefined && expected !== ref.specifier) {
        const why = native.has(file)
          ? 'loaded before aliases apply: the file itself, relative, with its extension'
          : 'within its folder relative, across folders the alias';
        breaches.push({
          ...at,
          rule: 'style',
          message: `write '${expected}' (${why})`,
          fix: expected,
        });
      }
      if (ref.target.kind === 'unresolved') {
        breaches.push({ ...at, rule: 'unresolved', message: 'resolves to no file or package' });
      }
    }
    if (from) breaches.push(...layerBreaches(file, imports, from, test, layers));
  }
  return breaches;
}

/** `module`'s code with the style's specifier in every import `breaches` names a fix for. */
export function restyled(module: ModuleImports, breaches: readonly Breach[]): string {
  const { file, code, imports } = module;
  let next = code;
  // From the end, so earlier offsets hold.
  for (const ref of [...imports].reverse()) {
    const fix = breaches.find(
      (b) => b.file === file && b.line === ref.line && b.specifier === ref.specifier,
    )?.fix;
    if (fix === undefined) continue;
    const quote = code[ref.start];
    next = `${next.slice(0, ref.start)}${quote}${fix}${quote}${next.slice(ref.end)}`;
  }
  return next;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const write = process.argv.includes('--write');
  const graph = readImportGraph(root);
  const aliases = aliasesOf(root);
  let breaches = breachesOf(graph, aliases);
  if (write) {
    const fixed = breaches.filter((b) => b.fix !== undefined);
    const rewritten = graph.filter((m) => fixed.some((b) => b.file === m.file));
    for (const module of rewritten) {
      writeFileSync(path.join(root, module.file), restyled(module, fixed));
    }
    if (rewritten.length > 0) {
      // A longer specifier may pass the line width: Biome wraps it as it wraps any line.
      execFileSync(
        path.join(root, 'node_modules/.bin/biome'),
        ['format', '--write', ...rewritten.map((m) => m.file)],
        { cwd: root, stdio: 'ignore' },
      );
      console.log(`Rewrote ${fixed.length} import(s) in ${rewritten.length} file(s).`);
    }
    breaches = breaches.filter((b) => b.fix === undefined);
  }
  for (const b of breaches) {
    console.log(
      `${b.file}:${b.line} ${b.specifier ? `'${b.specifier}' ` : ''}[${b.rule}] ${b.message}`,
    );
  }
  if (breaches.length > 0) {
    const fixable = breaches.some((b) => b.fix !== undefined);
    console.log(
      `\n${breaches.length} import breach(es) (layers and style: docs/architecture.md "Layers and imports").` +
        (fixable ? ' `npm run fix:imports` rewrites the style ones.' : ''),
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
