/**
 * The import check against files planted in the repository's tree: each probe is a module that
 * is not on disk, read and resolved beside the real files, then held against the layers' table
 * and the style as `npm run lint` holds every file.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasesOf, type Breach, breachesOf, restyled } from './checkImports';
import { readModules } from './importGraph';
import { LAYERS } from './layers';

const root = path.resolve(import.meta.dirname, '../..');
const aliases = aliasesOf(root);

/** The breaches of one planted module. */
function breachesOfProbe(file: string, code: string): Breach[] {
  return breachesOf(readModules(root, new Map([[file, code]])), aliases);
}

const rulesOf = (file: string, code: string) => breachesOfProbe(file, code).map((b) => b.rule);

describe('the layers', () => {
  it.each([
    // A layer below imports one above it.
    ['src/renderer/src/lib/probe.ts', "import '@renderer/features/home/HomeStore';"],
    ['src/renderer/src/lib/probe.ts', "import '@renderer/router/tabPages';"],
    ['src/renderer/src/services/probe.ts', "import '@renderer/shell/LoadingPage';"],
    ['src/renderer/src/native/probe.ts', "import '@renderer/services/ui';"],
    ['src/renderer/src/features/home/probe.ts', "import '@renderer/router/routes';"],
    ['src/renderer/src/shell/probe.ts', "import '@renderer/router/tabPages';"],
    // The SPA and the simulator's sides.
    ['src/renderer/src/stores/probe.ts', "import type { HostCore } from '@host/HostCore';"],
    ['src/renderer/src/features/home/probe.ts', "import '@renderer/harness/matrix';"],
    ['src/renderer/src/harness/probe.ts', "import '@renderer/stores/UserStore';"],
    ['src/main/probe.ts', "import '@renderer/router/routes';"],
    ['src/shared/probe.ts', "import '@host/HostCore';"],
    ['src/host/probe.ts', "import '@renderer/lib/format';"],
    ['mock-server/probe.ts', "import '@host/HostCore';"],
    // Production code never imports test support.
    ['src/renderer/src/lib/probe.ts', "import '@tests/support/renderer/fakes';"],
  ])('%s may not: %s', (file, code) => {
    expect(rulesOf(file, code)).toEqual(['layers']);
  });

  it('refuses a planted lib/ → features/ import written either way', () => {
    const relative = breachesOfProbe(
      'src/renderer/src/lib/probe.ts',
      "import { HomeStore } from '../features/home/HomeStore';",
    );
    expect(relative.map((b) => b.rule).sort()).toEqual(['layers', 'style']);
    expect(relative.find((b) => b.rule === 'layers')?.message).toMatch(/^lib sees .*; features/);
  });

  it('lets a feature import only its own folder, but for the seam', () => {
    const other = breachesOfProbe(
      'src/renderer/src/features/home/probe.ts',
      "import '@renderer/features/login/LoginStore';",
    );
    expect(other.map((b) => b.rule)).toEqual(['apart']);
    expect(other[0]?.message).toMatch(/features\/home never imports features\/login/);
    expect(
      rulesOf(
        'src/renderer/src/features/voucher/VoucherStore.ts',
        "import '@renderer/features/loan/LoanStore';",
      ),
    ).toEqual([]);
    expect(
      rulesOf(
        'src/renderer/src/features/voucher/probe.ts',
        "import '@renderer/features/loan/LoanStore';",
      ),
    ).toEqual(['apart']);
  });

  it.each([
    ['src/renderer/src/native/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['src/renderer/src/native/probe.ts', "import { ipcRenderer } from 'electron';"],
    ['src/renderer/src/harness/probe.ts', "import { join } from 'path';"],
    ['src/shared/probe.ts', "import { useState } from 'react';"],
    ['src/host/probe.ts', "import { app } from 'electron';"],
    ['mock-server/probe.ts', "import { app } from 'electron';"],
  ])('%s refuses a package: %s', (file, code) => {
    expect(rulesOf(file, code)).toEqual(['refused']);
  });

  it.each([
    [
      'src/renderer/src/features/home/probe.ts',
      "import { formatPeso } from '@renderer/lib/format';",
    ],
    ['src/renderer/src/router/probe.ts', "import '@renderer/features/home/HomeScreen';"],
    ['src/main/probe.ts', "import { app } from 'electron';\nimport '@host/HostCore';"],
    ['src/renderer/src/harness/probe.ts', "import '@host/HostCore';"],
    // Tests of the SPA may build the whole app, and use the test support and the fixtures.
    [
      'src/renderer/src/lib/probe.test.ts',
      "import '@renderer/stores/RootStore';\nimport '@tests/support/renderer/testRoot';\nimport '@fixtures/reference/repay-channels.json';",
    ],
    ['src/shared/probe.test.ts', "import { readFileSync } from 'node:fs';"],
    // A source read as text is data.
    ['src/renderer/src/shell/probe.test.ts', "import html from '../../index.html?raw';"],
  ])('%s may: %s', (file, code) => {
    expect(breachesOfProbe(file, code)).toEqual([]);
  });

  it('places every file: a new folder must take a place in the table', () => {
    expect(rulesOf('src/renderer/src/widgets/probe.ts', "import '@renderer/lib/format';")).toEqual([
      'no layer',
    ]);
  });

  it('names only layers of the table', () => {
    const names = Object.keys(LAYERS);
    for (const layer of Object.values(LAYERS)) {
      if (layer.uses !== '*') for (const used of layer.uses) expect(names).toContain(used);
      if (layer.testsSee) expect(names).toContain(layer.testsSee);
    }
  });

  it('says so when an import resolves to nothing (a file moved by another branch)', () => {
    expect(rulesOf('src/renderer/src/lib/probe.ts', "import './nowhere';")).toEqual(['unresolved']);
  });
});

describe('the import style', () => {
  const fixesOf = (file: string, code: string) =>
    breachesOfProbe(file, code)
      .filter((b) => b.rule === 'style')
      .map((b) => b.fix);

  it.each([
    // Across folders, the alias.
    ['src/renderer/src/features/home/probe.ts', '../../lib/format', '@renderer/lib/format'],
    [
      'src/renderer/src/features/home/components/probe.ts',
      '../HomeStore',
      '@renderer/features/home/HomeStore',
    ],
    ['src/shared/transport/probe.ts', '../codes', '@shared/codes'],
    ['src/main/probe.ts', '../host/HostCore', '@host/HostCore'],
    ['tests/e2e/probe.spec.ts', '../support/renderer/fakes', '@tests/support/renderer/fakes'],
    // Within the folder, relative.
    ['src/renderer/src/features/home/probe.ts', '@renderer/features/home/HomeStore', './HomeStore'],
    ['src/renderer/src/probe.ts', '@renderer/lib/format', './lib/format'],
    // Where no alias names the tree, relative; a directory's index as written.
    ['src/main/probe.ts', './../preload/roles', '../preload/roles'],
    ['src/renderer/src/stores/probe.ts', '../native/index.ts', '@renderer/native/index'],
    ['src/renderer/src/stores/probe.ts', '../native', '@renderer/native'],
  ])('%s: %s → %s', (file, written, expected) => {
    expect(fixesOf(file, `import '${written}';`)).toEqual([expected]);
  });

  it.each([
    ['src/renderer/src/features/home/probe.ts', './HomeStore'],
    ['src/renderer/src/features/home/probe.ts', './HomeHero'],
    ['src/renderer/src/features/home/probe.ts', '@renderer/lib/format'],
    ['src/renderer/src/features/home/probe.ts', './home.css'],
    ['mock-server/probe.ts', '@fixtures/reference/repay-channels.json'],
    ['tests/e2e/probe.spec.ts', '../../mock-server/app'],
    ['src/renderer/src/shell/probe.test.ts', '../../index.html?raw'],
  ])('%s: %s stands', (file, written) => {
    expect(fixesOf(file, `import '${written}';`)).toEqual([]);
  });

  it('has what a Vite config loads name its file, relative, with the extension', () => {
    // A config is bundled before aliases apply, and Vite's native loader needs the file's name.
    expect(
      fixesOf('vite.web.config.ts', "import { pathAliases } from './scripts/pathAliases';"),
    ).toEqual(['./scripts/pathAliases.ts']);
    expect(
      fixesOf('vitest.config.ts', "import { pathAliases } from './scripts/pathAliases.ts';"),
    ).toEqual([]);
  });

  it('rewrites a module with the fixes, every quote and line left as it was', () => {
    const code = [
      '/** A probe. */',
      "import { formatPeso } from '../../lib/format';",
      'import { HomeStore } from "@renderer/features/home/HomeStore";',
      "const later = () => import('../../stores/UserStore');",
      '',
    ].join('\n');
    const [module] = readModules(
      root,
      new Map([['src/renderer/src/features/home/probe.ts', code]]),
    );
    if (!module) throw new Error('no module read');
    expect(restyled(module, breachesOf([module], aliases))).toBe(
      [
        '/** A probe. */',
        "import { formatPeso } from '@renderer/lib/format';",
        'import { HomeStore } from "./HomeStore";',
        "const later = () => import('@renderer/stores/UserStore');",
        '',
      ].join('\n'),
    );
  });
});
