/**
 * Crypto in Chromium (bench/README.md "Crypto"): bench/browser/cryptoPage.ts built with Vite and
 * served by an in-process mock server on 127.0.0.1; handshake time (including one loopback round
 * trip) and the client's per-request overhead, with the WebCrypto X25519 curve and with the JS
 * curve.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { createMockServer } from '../mock-server/app';
import { lazyCurve25519 } from '../scripts/lazyCurve25519Plugin';
import { pathAliases } from '../scripts/pathAliases';
import { curveFigures, OVERHEAD_BATCHES } from './cryptoNode';
import { launchChromium } from './lib/browser';
import type { Figure } from './lib/report';
import { median, quantile, quietestBatchMedian } from './lib/stats';

interface PageResult {
  curve: string;
  handshakes: number[];
  overhead: number[];
}

/** Figures of the browser crypto section. */
export async function benchCryptoBrowser(): Promise<Figure[]> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-crypto-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-data-'));
  const server = await (async () => {
    await build({
      configFile: false,
      logLevel: 'error',
      root: path.join(import.meta.dirname, 'browser'),
      base: './',
      resolve: { alias: pathAliases(path.join(import.meta.dirname, '..')) },
      // As the SPA: the asm.js curve only loads when the JS curve is selected.
      plugins: [lazyCurve25519(path.join(import.meta.dirname, '..'))],
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        rollupOptions: { input: path.join(import.meta.dirname, 'browser/crypto.html') },
      },
    });
    return createMockServer({ port: 0, webDir: outDir, dataDir, scenario: 'can-borrow' });
  })();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/crypto.html`);
    await page.waitForFunction(() => 'runCryptoBench' in globalThis);
    const section = 'crypto (chromium)';
    const figures: Figure[] = [];
    for (const kind of ['webcrypto', 'js'] as const) {
      const [handshakes, requests] = kind === 'js' ? [5, 40] : [15, 150];
      const result = await page.evaluate(
        ([k, h, r]) =>
          (
            globalThis as unknown as {
              runCryptoBench(k: string, h: number, r: number): Promise<PageResult>;
            }
          ).runCryptoBench(k, h, r),
        [kind, handshakes, requests] as const,
      );
      const note =
        result.curve === kind ? undefined : `runtime fell back to the ${result.curve} curve`;
      const stats = {
        handshakeMs: median(result.handshakes),
        overheadMedianMs: median(result.overhead),
        overheadQuietMedianMs: quietestBatchMedian(result.overhead, OVERHEAD_BATCHES),
        overheadP95Ms: quantile(result.overhead, 0.95),
      };
      figures.push(...curveFigures(section, kind, stats, 'median, incl. round trip', note));
    }
    return figures;
  } finally {
    await browser.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
