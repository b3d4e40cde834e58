import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPhoneBundle } from './phoneBundle';

const scratch = mkdtempSync(path.join(tmpdir(), 'phone-bundle-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// That a single build is byte for byte `npm run build:web`'s is checked end to end, where
// test:e2e has built dist/web anyway: tests/e2e/harness-bundle.spec.ts. One build here, so the
// unit run does not add three production builds to a machine shared with others.
describe('the phone bundle of npm run dev:web -- --phone=watch', () => {
  it('is the web build (CSP meta, inline scripts), written over an earlier one', async () => {
    const outDir = path.join(scratch, 'watch');
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    writeFileSync(path.join(outDir, 'assets', 'stale.js'), 'an earlier build');
    const bundle = await buildPhoneBundle({ outDir, watch: true });
    try {
      const page = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      expect(page).toContain('<meta http-equiv="Content-Security-Policy"');
      expect(page).toMatch(/<script>[\s\S]+?<\/script>/);
      expect(page).not.toContain('src/main.tsx');
      expect(existsSync(path.join(outDir, 'assets', 'stale.js'))).toBe(false);
    } finally {
      await bundle.close();
    }
  }, 120_000);
});
