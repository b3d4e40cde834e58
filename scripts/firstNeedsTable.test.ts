/**
 * The first needs are named through the import graph (src/renderer/src/firstNeeds.ts, read by
 * scripts/preloadFirstNeedsPlugin.ts): a need that is missing from the table, imports nothing,
 * or names a module that does not resolve fails the build instead of leaving a preload out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_NEEDS_MODULE, firstNeedsOf, readFirstNeeds } from './firstNeedsTable';
import { firstOpen, NEEDS } from './preloadFirstNeedsPlugin';

const root = path.resolve(import.meta.dirname, '..');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A repository whose needs' table is `table`. */
function withTable(table: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-needs-'));
  temporary.push(dir);
  mkdirSync(path.dirname(path.join(dir, FIRST_NEEDS_MODULE)), { recursive: true });
  writeFileSync(path.join(dir, FIRST_NEEDS_MODULE), table);
  return dir;
}

/** The plugin's buildStart with a resolver that knows only `known` (what exists on disk). */
async function buildStart(dir: string, known: (specifier: string) => boolean) {
  const { plugin } = firstOpen(dir);
  const hook = plugin.buildStart as (this: unknown) => Promise<void>;
  await hook.call({
    resolve: async (specifier: string) => (known(specifier) ? { id: `/x/${specifier}` } : null),
    error: (message: string) => {
      throw new Error(message);
    },
  });
}

const table = (needs: readonly string[], specifier = (need: string) => `./${need}`) =>
  `export const firstNeeds = {\n${needs.map((need) => `  ${need}: () => import('${specifier(need)}'),`).join('\n')}\n};\n`;

describe('the first needs table', () => {
  it("reads the app's table: each need with the modules it imports", () => {
    const needs = readFirstNeeds(path.join(root, FIRST_NEEDS_MODULE));
    expect([...needs.keys()]).toEqual(NEEDS);
    expect(needs.get('login')).toEqual(['./features/login/LoginScreen']);
    expect(needs.get('api')).toContain('@shared/transport/client');
  });

  it('refuses a need that imports nothing, or a module by a computed name', () => {
    expect(() => firstNeedsOf('export const firstNeeds = { home: () => null };')).toThrow(
      'first need "home" imports no module',
    );
    expect(() =>
      firstNeedsOf('const name = "./a"; export const firstNeeds = { home: () => import(name) };'),
    ).toThrow('computed name');
    expect(() => firstNeedsOf('export const other = {};')).toThrow('no `firstNeeds` table');
  });

  it('fails the build when a named need is missing from the table', async () => {
    const dir = withTable(table(NEEDS.filter((need) => need !== 'login')));
    await expect(buildStart(dir, () => true)).rejects.toThrow('names no first need "login"');
  });

  it('fails the build when a need names a module that does not resolve (a rename)', async () => {
    const dir = withTable(table(NEEDS));
    await expect(buildStart(dir, (specifier) => specifier !== './home')).rejects.toThrow(
      'first need "home": ./home',
    );
    await expect(buildStart(dir, () => true)).resolves.toBeUndefined();
  });
});
