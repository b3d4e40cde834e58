/**
 * Console errors of a step: what the in-page recorder (./pageProbe.js) kept, plus what the driver
 * itself reported (BiDi log events). The recorder is served as the first script of index.html,
 * so it sees the app from its first line, in every engine.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EnginePage } from './enginePage';

const PROBE_FILE = '__engine-probe.js';

export interface ProbeState {
  errors: string[];
  secureDialogs: number;
  loads: number;
}

/** Adds the recorder to a snapshot of dist/web: a same-origin script, so the CSP allows it. */
export async function addProbe(webDir: string): Promise<void> {
  const source = await readFile(new URL('./pageProbe.js', import.meta.url), 'utf8');
  await writeFile(path.join(webDir, PROBE_FILE), source);
  const indexFile = path.join(webDir, 'index.html');
  const html = await readFile(indexFile, 'utf8');
  const charset = '<meta charset="UTF-8" />';
  if (!html.includes(charset))
    throw new Error(`index.html has no ${charset} to put the recorder after`);
  await writeFile(
    indexFile,
    html.replace(charset, `${charset}\n    <script src="/${PROBE_FILE}"></script>`),
  );
}

export async function readProbe(page: EnginePage): Promise<ProbeState> {
  const state = await page.evaluate<ProbeState | null>(
    `() => JSON.parse(sessionStorage.getItem('__engineProbe') || 'null')`,
  );
  return state ?? { errors: [], secureDialogs: 0, loads: 0 };
}

/** Reads the errors not yet seen; the counts move on so each error is reported once. */
export class ConsoleErrors {
  private probeSeen = 0;
  private driverSeen = 0;
  constructor(private readonly page: EnginePage) {}

  /**
   * Console errors (uncaught errors, unhandled rejections, console.error, CSP violations, the
   * driver's error entries), and apart the failed-resource events, which are no console error.
   */
  async fresh(): Promise<{ logged: string[]; resources: string[] }> {
    const probe = await readProbe(this.page).catch(() => null);
    const fromProbe = probe ? probe.errors.slice(this.probeSeen) : [];
    if (probe) this.probeSeen = probe.errors.length;
    const driver = this.page.driverErrors();
    const fromDriver = driver.slice(this.driverSeen);
    this.driverSeen = driver.length;
    const isResource = (line: string) => line.startsWith('resource: ');
    return {
      logged: [...fromProbe.filter((line) => !isResource(line)), ...fromDriver],
      resources: fromProbe.filter(isResource),
    };
  }
}
