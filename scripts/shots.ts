/**
 * `npm run shots`: one route on every chosen scenario × device × profile, headlessly, as PNGs —
 * the matrix page of the browser harness, opened in Chromium (found as the tests find it), one
 * picture per phone plus the whole grid. Each phone runs in its own world of a private mock server.
 *
 *   npm run shots -- --route /bill --scenarios repaying,overdue --devices android,iphone
 *                    [--profiles lender,web] [--clock 2026-12-10T04:00:00Z] [--out shots]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { createMockServer } from '../mock-server/app';
import {
  cellFileName,
  matrixCells,
  readMatrixSpec,
  writeMatrixSpec,
} from '@renderer/harness/matrix';
import { findChromium, NO_CHROMIUM_MESSAGE } from './find-chromium.mjs';
import { ensureRendererBuild } from './renderer-build';
import { errorMessage } from '@shared/errors';

const root = path.resolve(import.meta.dirname, '..');

export interface ShotsOptions {
  route: string;
  scenarios: string[];
  devices: string[];
  profiles: string[];
  outDir: string;
  /** Every phone's world clock, as the harness's `clock=` parameter (e.g. an ISO instant). */
  clock?: string | null;
  /**
   * Recordings to load by name besides the committed ones (fixtures/recordings): default the
   * folder `npm run mock` saves them in (`.mock-data/recordings`).
   */
  recordingsDir?: string;
}

/** How long a phone may take to show its route (handshake and startup calls included). */
const READY_TIMEOUT_MS = 30_000;
/** Time for animations and late pictures after the app settled. */
const SETTLE_MS = 800;

export async function takeShots(options: ShotsOptions): Promise<string[]> {
  const chromiumFound = await findChromium();
  if (!chromiumFound) throw new Error(NO_CHROMIUM_MESSAGE);
  ensureRendererBuild();
  const spec = readMatrixSpec(
    writeMatrixSpec({
      route: options.route,
      scenarios: options.scenarios,
      devices: options.devices as never,
      profiles: options.profiles as never,
      clock: options.clock ?? null,
    }),
  );
  const cells = matrixCells(spec);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'direct-loan-shots-'));
  // The private server finds recordings by name in its data dir (mock-server/recording).
  if (options.recordingsDir && existsSync(options.recordingsDir)) {
    cpSync(options.recordingsDir, path.join(dataDir, 'recordings'), { recursive: true });
  }
  const server = await createMockServer({
    port: 0,
    webDir: path.join(root, 'out/renderer'),
    dataDir,
  });
  const browser = await chromium.launch({
    executablePath: chromiumFound.path,
    args: chromiumFound.args,
  });
  try {
    const width = Math.min(
      3000,
      cells.reduce((sum, cell) => sum + cell.width + 16, 32),
    );
    const page = await browser.newPage({ viewport: { width, height: 1000 } });
    const token = `#admin-token=${encodeURIComponent(server.adminToken)}`;
    await page.goto(`${server.url}/harness.html${writeMatrixSpec(spec)}${token}`);
    mkdirSync(options.outDir, { recursive: true });
    const written: string[] = [];
    for (const cell of cells) {
      const figure = page.locator(`figure[data-cell="${cellFileName(cell)}"]`);
      const app = figure.frameLocator('iframe').frameLocator('iframe[title="Direct Loan app"]');
      // Ready: the app left its Loading page (or the host closed it: the cell shows that).
      await app
        .locator('body')
        .filter({ hasNot: app.getByRole('heading', { name: 'Loading', exact: true }) })
        .waitFor({ timeout: READY_TIMEOUT_MS })
        .catch(() => undefined);
      await page.waitForTimeout(SETTLE_MS);
      const file = path.join(options.outDir, cellFileName(cell));
      await figure.screenshot({ path: file });
      written.push(file);
    }
    const grid = path.join(options.outDir, 'grid.png');
    await page.screenshot({ path: grid, fullPage: true });
    written.push(grid);
    return written;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const csv = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

export const SHOTS_USAGE = `Usage: npm run shots -- [options]

One route on every chosen scenario x device x profile, as PNGs (one per phone and grid.png).

  --route PATH         the app route to open (default /)
  --scenarios A,B      scenarios (default: the server's starting one)
  --devices A,B        android, iphone, tablet (default android)
  --profiles A,B       lender, fastpay, web (default lender)
  --clock TIME         every phone's world clock: an ISO instant, or +ms/-ms from now
  --recordings DIR     recordings to load by name (default .mock-data/recordings, where
                       npm run mock saves them; fixtures/recordings always)
  --out DIR            where the pictures go (default shots)
  -h, --help           this text`;

/** The command line as options, a request for help, or what is wrong with it. */
export function parseShotsArgs(
  args: readonly string[],
): { help: true } | { error: string } | { options: ShotsOptions } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        route: { type: 'string', default: '/' },
        scenarios: { type: 'string' },
        devices: { type: 'string', default: 'android' },
        profiles: { type: 'string', default: 'lender' },
        clock: { type: 'string' },
        recordings: { type: 'string', default: '.mock-data/recordings' },
        out: { type: 'string', default: 'shots' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { error: errorMessage(error) };
  }
  if (values.help) return { help: true };
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    options: {
      route: text('route') ?? '/',
      scenarios: csv(text('scenarios')),
      devices: csv(text('devices')),
      profiles: csv(text('profiles')),
      clock: text('clock') ?? null,
      recordingsDir: path.resolve(text('recordings') ?? '.mock-data/recordings'),
      outDir: path.resolve(text('out') ?? 'shots'),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parsed = parseShotsArgs(process.argv.slice(2));
  if ('help' in parsed) {
    console.log(SHOTS_USAGE);
  } else if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${SHOTS_USAGE}`);
    process.exitCode = 2;
  } else {
    takeShots(parsed.options).then(
      (files) => {
        for (const file of files) console.log(path.relative(process.cwd(), file));
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      },
    );
  }
}
