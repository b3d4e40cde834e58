// `npm run check:floor` (and scripts/e2e.mjs after each build): checks the built SPA (dist/web:
// every script of assets/ and index.html's inline scripts) against the browser floor, package.json
// `browserslist` (docs/testing.md "Browser support"), so that no feature quietly raises it.
// - Syntax: each script is transformed by Oxc (Vite's own transformer) once for the floor and
//   once for `esnext`; any difference is syntax the floor cannot parse or run as is (a build
//   that lowered everything prints the same twice).
// - Built-ins: a deny-list of APIs newer than some engine of the floor, found by name in the
//   minified code; a use is fine when guarded nearby (`typeof x`, `'x' in`, `x?.(`, `x || …`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformWithOxc } from 'vite';
import { floorTargets } from './browser-targets.mjs';

/**
 * Built-ins above some engine of the floor, with the first version of each engine that has them
 * (MDN browser-compat-data; null: none has). iOS Safari numbers as Safari unless given.
 */
export const APIS = [
  {
    name: 'crypto.randomUUID',
    pattern: /\.randomUUID\b/g,
    prop: 'randomUUID',
    since: { chrome: 92, firefox: 95, safari: 15.4 },
  },
  {
    name: 'Object.hasOwn',
    pattern: /\bObject\.hasOwn\b/g,
    prop: 'hasOwn',
    since: { chrome: 93, firefox: 92, safari: 15.4 },
  },
  {
    name: 'Array/String.prototype.at',
    pattern: /\.at\(/g,
    prop: 'at',
    since: { chrome: 92, firefox: 90, safari: 15.4 },
  },
  {
    name: 'structuredClone',
    pattern: /\bstructuredClone\(/g,
    prop: 'structuredClone',
    since: { chrome: 98, firefox: 94, safari: 15.4 },
  },
  {
    name: 'Array.prototype.findLast(Index)',
    pattern: /\.findLast(?:Index)?\(/g,
    prop: 'findLast(?:Index)?',
    since: { chrome: 97, firefox: 104, safari: 15.4 },
  },
  {
    name: 'String.prototype.replaceAll',
    pattern: /\.replaceAll\(/g,
    prop: 'replaceAll',
    since: { chrome: 85, firefox: 77, safari: 13.1 },
  },
  {
    name: 'Array.prototype.toSorted/toReversed/toSpliced',
    pattern: /\.to(?:Sorted|Reversed|Spliced)\(/g,
    prop: 'to(?:Sorted|Reversed|Spliced)',
    since: { chrome: 110, firefox: 115, safari: 16 },
  },
  {
    name: 'Object.groupBy / Map.groupBy',
    pattern: /\b(?:Object|Map)\.groupBy\b/g,
    prop: 'groupBy',
    since: { chrome: 117, firefox: 119, safari: 17.4 },
  },
  {
    name: 'Promise.withResolvers',
    pattern: /\bPromise\.withResolvers\b/g,
    prop: 'withResolvers',
    since: { chrome: 119, firefox: 121, safari: 17.4 },
  },
  {
    name: 'AbortSignal.timeout',
    pattern: /\bAbortSignal\.timeout\b/g,
    prop: 'timeout',
    since: { chrome: 103, firefox: 100, safari: 16 },
  },
  {
    name: 'AbortSignal.any',
    pattern: /\bAbortSignal\.any\b/g,
    prop: 'any',
    since: { chrome: 116, firefox: 124, safari: 17.4 },
  },
  {
    name: 'URL.canParse',
    pattern: /\bURL\.canParse\b/g,
    prop: 'canParse',
    since: { chrome: 120, firefox: 115, safari: 17 },
  },
  {
    name: 'Array.fromAsync',
    pattern: /\bArray\.fromAsync\b/g,
    prop: 'fromAsync',
    since: { chrome: 121, firefox: 115, safari: 16.4 },
  },
  {
    name: 'String.prototype.isWellFormed/toWellFormed',
    pattern: /\.(?:is|to)WellFormed\(/g,
    prop: '(?:is|to)WellFormed',
    since: { chrome: 111, firefox: 119, safari: 16.4 },
  },
  {
    name: 'Intl.Segmenter',
    pattern: /\bIntl\.Segmenter\b/g,
    prop: 'Segmenter',
    since: { chrome: 87, firefox: 125, safari: 14.1 },
  },
  {
    name: 'requestIdleCallback',
    pattern: /\brequestIdleCallback\(/g,
    prop: 'requestIdleCallback',
    since: { chrome: 47, firefox: 55, safari: null },
  },
  {
    name: 'Element.prototype.checkVisibility',
    pattern: /\.checkVisibility\(/g,
    prop: 'checkVisibility',
    since: { chrome: 105, firefox: 106, safari: 17.4 },
  },
];

/** The floor's engines and versions: chrome87 → { chrome: 87 }; Edge counts as Chrome, iOS as Safari. */
export function floorEngines(targets) {
  const engines = {};
  for (const target of targets) {
    const match = /^([a-z]+)(\d+(?:\.\d+)?)$/.exec(target);
    if (!match) throw new Error(`target "${target}" is not <engine><version>`);
    const engine = { edge: 'chrome', opera: 'chrome', ios: 'safari' }[match[1]] ?? match[1];
    const version = Number(match[2]);
    engines[engine] = Math.min(engines[engine] ?? Number.POSITIVE_INFINITY, version);
  }
  return engines;
}

/** The engines of the floor that lack `api` (empty: the whole floor has it). */
export function enginesLacking(api, engines) {
  return Object.entries(engines)
    .filter(([engine, version]) => {
      if (!(engine in api.since)) return false;
      const since = api.since[engine];
      return since === null || version < since;
    })
    .map(([engine, version]) => `${engine} ${version}`);
}

const GUARD_WINDOW = 300;

/**
 * Whether the match at `at` is no unguarded use: itself a feature test (`x.prop)`, `x.prop&&`,
 * `x.prop?.(`, `x.prop||fallback`), or preceded closely by one (`typeof x.prop`, `'prop' in x`,
 * `x.prop&&`, `if(x.prop)`).
 */
function guarded(code, at, length, prop) {
  const TEST = String.raw`\s*(?:\)|&&|\|\||\?\?|\?|[!=]==?)`;
  const after = code.slice(at + length, at + length + 4);
  if (new RegExp(`^${TEST}`).test(after) && !after.startsWith('(')) return true;
  const before = code.slice(Math.max(0, at - GUARD_WINDOW), at);
  const test = new RegExp(
    String.raw`typeof\s*\(?\s*[\w$.]*\b${prop}\b|["'\`]${prop}["'\`]\s*in\b|\.${prop}${TEST}`,
  );
  return test.test(before);
}

/** Unguarded uses of built-ins some engine of the floor lacks, with a little context each. */
export function apisAboveFloor(code, targets) {
  const engines = floorEngines(targets);
  const found = [];
  for (const api of APIS) {
    const lacking = enginesLacking(api, engines);
    if (lacking.length === 0) continue;
    for (const match of code.matchAll(api.pattern)) {
      if (guarded(code, match.index, match[0].length, api.prop)) continue;
      const context = code.slice(Math.max(0, match.index - 60), match.index + 40);
      found.push({ api: api.name, lacking, context: context.replace(/\s+/g, ' ') });
    }
  }
  return found;
}

const HELPER_IMPORT = /^import (\w+) from "@oxc-project\/runtime\/helpers\/[\w/]+";$/;

/**
 * Where the floor's transform differs from esnext's: the runtime helpers it had to import (a hint
 * at the feature: defineProperty for class fields, …) and the first differing line; or Oxc's
 * own complaint (top-level await, which nothing lowers). Null when the floor runs it as built.
 */
export async function syntaxAboveFloor(code, targets, filename = 'chunk.js') {
  const options = { lang: 'js', sourcemap: false };
  const floor = await transformWithOxc(code, filename, { ...options, target: targets });
  const latest = await transformWithOxc(code, filename, { ...options, target: 'esnext' });
  const warnings = (floor.warnings ?? []).map((warning) => warning.message);
  if (warnings.length > 0) return { helpers: [], floor: warnings.join('; '), latest: '' };
  if (floor.code === latest.code) return null;
  const helpers = [];
  const floorLines = floor.code.split('\n').filter((line) => {
    const helper = HELPER_IMPORT.exec(line);
    if (helper) helpers.push(helper[1]);
    return !helper;
  });
  const latestLines = latest.code.split('\n');
  const line = latestLines.findIndex((text, i) => text !== floorLines[i]);
  const cut = (text = '') => (text.length > 200 ? `${text.trim().slice(0, 200)}…` : text.trim());
  return { helpers, floor: cut(floorLines[line]), latest: cut(latestLines[line]) };
}

/** index.html's inline classic scripts (module scripts come from assets/). */
function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

/** Every script of a built SPA: [name, code]. */
export function scriptsOf(dir) {
  const scripts = inlineScripts(readFileSync(join(dir, 'index.html'), 'utf8')).map((code, i) => [
    `index.html inline script ${i + 1}`,
    code,
  ]);
  const assets = join(dir, 'assets');
  for (const file of readdirSync(assets).sort()) {
    if (file.endsWith('.js'))
      scripts.push([`assets/${file}`, readFileSync(join(assets, file), 'utf8')]);
  }
  return scripts;
}

export async function checkFloor(dir, targets = floorTargets()) {
  const problems = [];
  for (const [name, code] of scriptsOf(dir)) {
    const syntax = await syntaxAboveFloor(code, targets, name.endsWith('.js') ? name : 'inline.js');
    if (syntax) {
      const helpers =
        syntax.helpers.length > 0 ? ` (lowering needs ${syntax.helpers.join(', ')})` : '';
      problems.push(
        `${name}: syntax above the floor${helpers}\n    as built: ${syntax.latest}\n    for the floor: ${syntax.floor}`,
      );
    }
    for (const use of apisAboveFloor(code, targets)) {
      problems.push(
        `${name}: ${use.api} (missing in ${use.lacking.join(', ')})\n    …${use.context}…`,
      );
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? 'dist/web');
  const targets = floorTargets();
  const problems = await checkFloor(dir, targets);
  if (problems.length > 0) {
    console.error(`check-floor: ${dir} needs more than the browser floor (${targets.join(', ')}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('Lower the syntax (build.target) or use a fallback (src/shared/portable.ts).');
    process.exit(1);
  }
  console.log(`check-floor: ${dir} runs on the browser floor (${targets.join(', ')}).`);
}
