/**
 * Every import of the repository, read from each module's syntax tree (oxc-parser) and resolved as
 * TypeScript and the bundler resolve it (oxc-resolver, with `tsconfig.json`'s `paths`): the one
 * graph the import check (`checkImports.ts`) holds against the layers' table.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseSync, Visitor } from 'oxc-parser';
import { ResolverFactory } from 'oxc-resolver';

/** Source files the graph reads. */
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** Vitest's module-path calls (`vi.mock('./x')`): their argument is an import like any other. */
const VI_MODULE_CALLS = new Set([
  'mock',
  'doMock',
  'unmock',
  'doUnmock',
  'importActual',
  'importMock',
]);

/** One import as written in a module. */
export interface ImportRef {
  /** The importing file, from the repository root (`/`-separated). */
  readonly file: string;
  /** The specifier as written, e.g. `../stores/UserStore` or `@shared/codes`. */
  readonly specifier: string;
  /** Where the specifier's string literal (quotes included) stands in the file. */
  readonly start: number;
  readonly end: number;
  /** Its line, from 1. */
  readonly line: number;
  /** Only types cross (`import type`, `typeof import(…)`): they count for the layers all the same. */
  readonly typeOnly: boolean;
  /**
   * What it names: a file of the repository (from the root), a package, a Node built-in, or
   * nothing that resolves.
   */
  readonly target:
    | { readonly kind: 'file'; readonly path: string }
    | { readonly kind: 'package'; readonly name: string }
    | { readonly kind: 'builtin'; readonly name: string }
    | { readonly kind: 'unresolved' };
}

/** The files of the working tree that git would keep (tracked, or new and not ignored). */
function sourceFiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return listed
    .split('\0')
    .filter((file) => SOURCE.test(file))
    .sort();
}

/** A resolver for the repository at `root`, reading the aliases from its `tsconfig.json`. */
function createResolver(root: string): ResolverFactory {
  return new ResolverFactory({
    tsconfig: { configFile: path.join(root, 'tsconfig.json'), references: 'auto' },
    extensions: ['.ts', '.tsx', '.mts', '.d.mts', '.js', '.mjs', '.jsx', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
    conditionNames: ['import', 'module', 'browser', 'node', 'default'],
    mainFields: ['module', 'main'],
  });
}

const BUILTINS = new Set(builtinModules);

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

interface Found {
  specifier: string;
  start: number;
  end: number;
  typeOnly: boolean;
}

interface StringNode {
  type: string;
  value?: unknown;
  start: number;
  end: number;
}

const literal = (node: StringNode | null | undefined): node is StringNode & { value: string } =>
  node?.type === 'Literal' && typeof node.value === 'string';

/** Calls the module records below do not list: `vi.mock(…)` and the like. */
const VI_MODULE_CALL = /\bvi\.(?:do)?(?:un)?(?:mock|import(?:Actual|Mock))\s*\(/;
/** `import(` anywhere: more of them than the records' dynamic imports are types (`import('x').T`). */
const IMPORT_CALL = /\bimport\s*\(/g;

/** The specifiers `code` imports: statements, re-exports, `import()`, `typeof import()`, `vi.mock()`. */
function specifiersOf(file: string, code: string): Found[] {
  const parsed = parseSync(file, code);
  if (parsed.errors.length > 0) {
    throw new Error(`${file}: ${parsed.errors[0]?.message ?? 'does not parse'}`);
  }
  const found = new Map<number, Found>();
  const add = (start: number, end: number, typeOnly: boolean) => {
    const text = code.slice(start, end);
    const quote = text[0];
    if ((quote !== "'" && quote !== '"') || text.at(-1) !== quote) return;
    const known = found.get(start);
    found.set(start, {
      specifier: text.slice(1, -1),
      start,
      end,
      typeOnly: typeOnly && (known?.typeOnly ?? true),
    });
  };
  // The parser's module records are cheap; its syntax tree is not (most of the check's time).
  const { module } = parsed;
  for (const statement of module.staticImports) {
    const { start, end } = statement.moduleRequest;
    const onlyTypes = statement.entries.length > 0 && statement.entries.every((e) => e.isType);
    add(start, end, onlyTypes);
  }
  for (const statement of module.staticExports) {
    for (const entry of statement.entries) {
      if (entry.moduleRequest)
        add(entry.moduleRequest.start, entry.moduleRequest.end, entry.isType);
    }
  }
  for (const dynamic of module.dynamicImports)
    add(dynamic.moduleRequest.start, dynamic.moduleRequest.end, false);
  const importCalls = code.match(IMPORT_CALL)?.length ?? 0;
  if (VI_MODULE_CALL.test(code) || importCalls > module.dynamicImports.length) {
    const source = (node: StringNode | null | undefined, typeOnly: boolean) => {
      if (literal(node)) add(node.start, node.end, typeOnly);
    };
    new Visitor({
      TSImportType(node) {
        source(node.source, true);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          VI_MODULE_CALLS.has(callee.property.name)
        ) {
          source(node.arguments[0] as StringNode, false);
        }
      },
    }).visit(parsed.program);
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}

function lineAt(code: string, offset: number): number {
  let line = 1;
  for (let i = code.indexOf('\n'); i !== -1 && i < offset; i = code.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** A module's source and its imports, resolved. */
export interface ModuleImports {
  readonly file: string;
  readonly code: string;
  readonly imports: readonly ImportRef[];
}

/** The modules `sources` holds (file from the root → its code), their imports resolved at `root`. */
export function readModules(root: string, sources: ReadonlyMap<string, string>): ModuleImports[] {
  const resolver = createResolver(root);
  return [...sources].map(([file, code]) => {
    const directory = path.join(root, path.dirname(file));
    const imports = specifiersOf(file, code).map((found): ImportRef => {
      const bare = found.specifier.replace(/\?.*$/, '');
      let target: ImportRef['target'];
      if (bare.startsWith('node:') || BUILTINS.has(bare)) {
        target = { kind: 'builtin', name: bare.replace(/^node:/, '') };
      } else {
        const resolved = resolver.sync(directory, bare).path;
        const relative = resolved && path.relative(root, resolved).split(path.sep).join('/');
        if (!resolved || !relative) target = { kind: 'unresolved' };
        else if (relative.startsWith('node_modules/') || relative.startsWith('..')) {
          target = { kind: 'package', name: packageName(bare) };
        } else target = { kind: 'file', path: relative };
      }
      return { file, ...found, line: lineAt(code, found.start), target };
    });
    return { file, code, imports };
  });
}

/** The import graph of the repository at `root`: every source file git keeps. */
export function readImportGraph(root: string): ModuleImports[] {
  const files = sourceFiles(root);
  return readModules(
    root,
    new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')])),
  );
}
