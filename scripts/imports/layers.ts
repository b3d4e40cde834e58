/**
 * The layers of the repository, written once (docs/architecture.md "Layers and imports"): who may
 * import whom, held against every import by `checkImports.ts` in `npm run lint`. As VS Code's
 * `code-layering` rule, the direction of imports is data: each layer names the layers it builds
 * on, and sees what those see.
 */
import path from 'node:path';

/** Packages a layer never imports, each with why. `node:*` stands for every Node built-in. */
type Refusals = Readonly<Record<string, string>>;

export interface Layer {
  /** Folders (ending in `/`) and files it holds, from the repository root. */
  readonly holds: readonly string[];
  /** The layers it imports besides itself; it sees what they see. `'*'`: every layer (tooling). */
  readonly uses: readonly string[] | '*';
  /** Packages its production files never import (tests run in Node, under Vitest). */
  readonly refuses?: Refusals;
  /** Each folder directly under it stands apart: none imports another's files (the features). */
  readonly apart?: true;
  /** Its test files see what this layer sees (default: what their own layer sees). */
  readonly testsSee?: string;
}

const BROWSER: Refusals = {
  electron: 'it runs in a browser: the native side is reached through src/renderer/src/native',
  'node:*': 'it runs in a browser',
};

const EVERYWHERE: Refusals = {
  electron: 'it runs in Electron, Node and the browser harness alike: Electron stays in src/main',
  react: 'it holds no UI: React lives in src/renderer',
  'react-dom': 'it holds no UI: React lives in src/renderer',
  'node:*': 'it runs in the browser harness too',
};

const SPA = 'src/renderer/src/';

/**
 * A layer of the SPA (paths under src/renderer/src): it runs in a browser, and its tests may
 * build the whole app (a RootStore with its features, the router), so they see what `app` sees.
 */
const spa = (holds: readonly string[], uses: readonly string[]): Layer => ({
  holds: holds.map((held) => path.posix.join(SPA, held)),
  uses,
  refuses: BROWSER,
  testsSee: 'app',
});

export const LAYERS: Readonly<Record<string, Layer>> = {
  // The project: contracts at the bottom; the host core, the Electron side and the mock server
  // on them (DESIGN.md §1).
  shared: { holds: ['src/shared/'], uses: [], refuses: EVERYWHERE },
  host: { holds: ['src/host/'], uses: ['shared'], refuses: EVERYWHERE },
  preload: { holds: ['src/preload/'], uses: ['host'] },
  mockServer: {
    holds: ['mock-server/'],
    uses: ['shared', 'fixtures'],
    refuses: { electron: 'the mock server also runs alone, under Node (npm run mock)' },
  },
  main: { holds: ['src/main/'], uses: ['preload', 'mockServer'] },
  fixtures: { holds: ['fixtures/'], uses: [] },

  // The borrower SPA, bottom first (src/renderer/README.md).
  lib: spa(['lib/'], ['shared']),
  errors: spa(['errors/'], ['lib']),
  config: spa(['config/'], ['lib']),
  native: spa(['native/'], ['lib']),
  rules: spa(['rules/'], ['native']),
  services: spa(['services/'], ['errors', 'config', 'rules']),
  stores: spa(['stores/'], ['services']),
  components: spa(['components/'], ['stores']),
  shell: spa(['shell/'], ['stores']),
  features: { ...spa(['features/'], ['components', 'shell']), apart: true },
  router: spa(['router/'], ['features']),
  /** The entries: the boot chunk, the early session, the first needs, index.html and its scripts. */
  app: spa(
    ['main.tsx', 'earlySession.ts', 'firstNeeds.ts', 'styles/', '../inline/', '../index.html'],
    ['router'],
  ),

  // The simulator's control panel: apart from the SPA, on the host core.
  harness: { holds: [`${SPA}harness/`], uses: ['host'], refuses: BROWSER },

  // Tooling sees every layer; no layer but tooling sees it. Test files anywhere also see
  // the test support (tests/support/<area>/).
  testSupport: { holds: ['tests/support/'], uses: '*' },
  tests: { holds: ['tests/'], uses: '*' },
  scripts: {
    holds: [
      'scripts/',
      'vite.web.config.ts',
      'vitest.config.ts',
      'electron.vite.config.ts',
      'playwright.config.ts',
    ],
    uses: '*',
  },
  bench: { holds: ['bench/'], uses: '*' },
};

/**
 * Imports across the features' walls that the product needs, each with its reason: `from` may
 * import `to` (files from the repository root).
 */
export const SEAMS: readonly { from: string; to: string; why: string }[] = [
  {
    from: `${SPA}features/voucher/VoucherStore.ts`,
    to: `${SPA}features/loan/LoanStore.ts`,
    why:
      'the Voucher page (PRODUCT.md §2 Profile) starts a loan application with the chosen voucher ' +
      "through loanFeature, the loan feature's descriptor; the loan store may not exist yet when " +
      'the voucher is chosen, so an app event would find no listener',
  },
];

/** What test files see besides their layer's view: the test support and the fixtures. */
export const TEST_SEES: readonly string[] = ['testSupport', 'fixtures'];

/** A test file: beside its code (`*.test.ts[x]`) or a Playwright spec. */
export const isTestFile = (file: string): boolean => /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(file);
