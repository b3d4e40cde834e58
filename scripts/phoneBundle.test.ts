import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPhoneBundle } from './phoneBundle';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'phone-bundle-'));

/** Every file under `dir` by its relative path, with its bytes. */
function tree(dir: string, prefix = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      for (const [file, bytes] of tree(full, `${prefix}${name}/`)) files.set(file, bytes);
    } else files.set(`${prefix}${name}`, readFileSync(full));
  }
  return files;
}

function expectSameTree(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [file, bytes] of expected) {
    expect(actual.get(file)?.equals(bytes), file).toBe(true);
  }
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the phone bundle of npm run dev:web', () => {
  // What `npm run build:web` runs, into a scratch folder instead of dist/web.
  const shipped = path.join(scratch, 'build-web');
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'vite.web.config.ts',
        '--outDir',
        shipped,
        '--emptyOutDir',
        '--logLevel',
        'silent',
      ],
      { cwd: root, stdio: 'ignore' },
    );
  }, 120_000);

  it('is byte for byte what npm run build:web writes', async () => {
    const bundle = await buildPhoneBundle({ outDir: path.join(scratch, 'once'), quiet: true });
    await bundle.close();
    expectSameTree(tree(bundle.outDir), tree(shipped));
  }, 120_000);

  it('in watch mode too, and a stale file of an earlier build does not stay', async () => {
    const outDir = path.join(scratch, 'watch');
    const first = await buildPhoneBundle({ outDir, quiet: true });
    await first.close();
    writeFileSync(path.join(outDir, 'assets', 'stale.js'), 'old build');
    const bundle = await buildPhoneBundle({ outDir, watch: true, quiet: true });
    try {
      expectSameTree(tree(outDir), tree(shipped));
    } finally {
      await bundle.close();
    }
  }, 120_000);
});
