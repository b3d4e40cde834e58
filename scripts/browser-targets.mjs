// The browser floor (package.json `browserslist`, docs/testing.md "Browser support") as build
// targets: esbuild-style engine versions (`chrome87`, `ios14.5`), the form Vite's `build.target`
// takes and scripts/check-floor.mjs hands to esbuild. A small reading of browserslist's own syntax,
// only `<browser> >= <version>`: the floor is a minimum per engine, so nothing else is needed, and
// a query outside it fails the build instead of being guessed at.
import { readFileSync } from 'node:fs';

/** browserslist's browser names → esbuild's engines. Android's WebView counts as Chrome. */
const ENGINE_OF = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  opera: 'opera',
};

const QUERY = /^\s*([a-z_]+)\s*>=\s*(\d+(?:\.\d+)?)\s*$/i;

function compareVersions(a, b) {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

export function browserTargets(queries) {
  const lowest = new Map();
  for (const query of queries) {
    const match = QUERY.exec(query);
    if (!match) {
      throw new Error(`browserslist query "${query}": only "<browser> >= <version>" is supported`);
    }
    const browser = match[1].toLowerCase();
    const engine = ENGINE_OF[browser];
    if (!engine) throw new Error(`browserslist query "${query}": unknown browser "${browser}"`);
    const version = match[2];
    const known = lowest.get(engine);
    if (known === undefined || compareVersions(version, known) < 0) lowest.set(engine, version);
  }
  if (lowest.size === 0) throw new Error('browserslist is empty');
  return [...lowest].map(([engine, version]) => `${engine}${version}`);
}

/** package.json's `browserslist` (throws when missing). */
function readBrowserslist(packageJsonPath = new URL('../package.json', import.meta.url)) {
  const list = JSON.parse(readFileSync(packageJsonPath, 'utf8')).browserslist;
  if (!Array.isArray(list)) throw new Error('package.json has no browserslist array');
  return list;
}

export function floorTargets(packageJsonPath) {
  return browserTargets(readBrowserslist(packageJsonPath));
}
