/**
 * The first needs' table (src/renderer/src/firstNeeds.ts) as the web build reads it: each need's
 * name and the module specifiers it imports, read from the module's syntax tree (never a search
 * over file paths), then resolved as the bundler resolves them.
 */
import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';

/** The table's file, from the repository root. */
export const FIRST_NEEDS_MODULE = 'src/renderer/src/firstNeeds.ts';

interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The string specifiers of every `import('…')` under `node`. */
function importsUnder(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const child of node) importsUnder(child, found);
  } else if (isNode(node)) {
    const source = node.source as Node | undefined;
    if (node.type === 'ImportExpression') {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') {
        throw new Error('a first need imports a module by a computed name');
      }
      found.push(source.value);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'type') importsUnder(child, found);
    }
  }
  return found;
}

/**
 * The needs of `code` (the table's source): `export const firstNeeds = { name: () => import(…), … }`,
 * each name with the specifiers it imports. Throws when the table is not of that form or a need
 * imports nothing.
 */
export function firstNeedsOf(code: string): Map<string, string[]> {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
  for (const statement of program.body) {
    const declaration = statement.declaration as Node | undefined;
    const declarator = (declaration?.declarations as Node[] | undefined)?.[0];
    if ((declarator?.id as Node | undefined)?.name !== 'firstNeeds') continue;
    let table = declarator?.init as Node | undefined;
    while (table && table.type !== 'ObjectExpression') table = table.expression as Node | undefined;
    if (!table) break;
    const needs = new Map<string, string[]>();
    for (const property of table.properties as Node[]) {
      const key = property.key as Node;
      const name = String(key.name ?? key.value);
      const imports = importsUnder(property.value);
      if (imports.length === 0) throw new Error(`first need "${name}" imports no module`);
      needs.set(name, imports);
    }
    return needs;
  }
  throw new Error(`${FIRST_NEEDS_MODULE} exports no \`firstNeeds\` table`);
}

/** The table read from its file. */
export function readFirstNeeds(file: string): Map<string, string[]> {
  return firstNeedsOf(readFileSync(file, 'utf8'));
}
