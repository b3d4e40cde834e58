/**
 * `npm run bench` (bench/README.md): bundle, startup, crypto (Node and Chromium), server load,
 * soak, attack, worlds (team scale) and upstream mode, in one go on one machine. Prints each figure beside its
 * goal and writes bench/results.json. `npm run bench -- --only crypto-node,server` runs some
 * sections (names below). A section that fails is reported as an error row; the others still run.
 * Everything binds to 127.0.0.1 and stops by itself; the exit status is 1 only when a section could
 * not run at all.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAttack } from './attack';
import { benchHarnessDoors } from './attackHarness';
import { benchBundle } from './bundle';
import { benchColdOpens } from './coldOpens';
import { benchCryptoBrowser } from './cryptoBrowser';
import { benchCryptoNode } from './cryptoNode';
import { type Figure, formatTable, resultsJson, verdictOf } from './lib/report';
import { removeBuiltSpa } from './lib/spa';
import { benchServer } from './server';
import { benchSoak } from './soak';
import { benchStartup } from './startup';
import { benchUpstream } from './upstream';
import { benchWorlds } from './worlds';

const SECTIONS: Record<string, () => Promise<Figure[]>> = {
  bundle: benchBundle,
  startup: benchStartup,
  'crypto-node': benchCryptoNode,
  'crypto-browser': benchCryptoBrowser,
  server: benchServer,
  soak: benchSoak,
  attack: async () => [...(await benchAttack()), ...(await benchHarnessDoors())],
  worlds: benchWorlds,
  upstream: benchUpstream,
  'cold-opens': benchColdOpens,
};

/** Sections only `--only` runs: a hundred throttled opens take longer than the whole budget. */
const ON_REQUEST = new Set(['cold-opens']);

/** Wall-clock budget of the whole run (a whole run stays under 10 minutes). */
const BUDGET_MS = 9.5 * 60 * 1000;

function selectedSections(argv: readonly string[]): string[] {
  const at = argv.indexOf('--only');
  const only = at >= 0 ? (argv[at + 1] ?? '') : argv.find((a) => a.startsWith('--only='))?.slice(7);
  if (only === undefined) return Object.keys(SECTIONS).filter((name) => !ON_REQUEST.has(name));
  const names = only.split(',').filter(Boolean);
  const unknown = names.filter((n) => !(n in SECTIONS));
  if (unknown.length) {
    throw new Error(
      `Unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`,
    );
  }
  return names;
}

async function main(): Promise<number> {
  const names = selectedSections(process.argv.slice(2));
  const started = Date.now();
  const figures: Figure[] = [];
  const timings: Record<string, number> = {};
  let broken = 0;
  for (const name of names) {
    const section = SECTIONS[name] as () => Promise<Figure[]>;
    if (Date.now() - started > BUDGET_MS && !ON_REQUEST.has(name)) {
      figures.push({
        section: name,
        name: 'skipped',
        value: Number.NaN,
        unit: '',
        note: 'time budget spent',
      });
      continue;
    }
    const t = Date.now();
    process.stdout.write(`[bench] ${name} …\n`);
    try {
      figures.push(...(await section()));
    } catch (error) {
      broken++;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      figures.push({
        section: name,
        name: 'section failed',
        value: Number.NaN,
        unit: '',
        note: reason,
      });
      console.error(`[bench] ${name} failed:`, error);
    }
    timings[name] = Math.round((Date.now() - t) / 100) / 10;
    process.stdout.write(`[bench] ${name} done in ${timings[name]} s\n`);
  }
  // The sections share one SPA build in a temporary directory (bench/lib/spa.ts).
  await removeBuiltSpa();
  console.log(`\n${formatTable(figures)}\n`);
  const verdicts = figures.map(verdictOf);
  const count = (v: string) => verdicts.filter((x) => x === v).length;
  console.log(
    `goals: ${count('pass')} pass, ${count('short')} short, ${count('error')} not measured; ` +
      `${Math.round((Date.now() - started) / 1000)} s in all`,
  );
  const out = path.join(import.meta.dirname, 'results.json');
  await writeFile(
    out,
    resultsJson(figures, {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version },
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      sectionSeconds: timings,
    }),
  );
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  return broken > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
